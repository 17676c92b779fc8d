import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/ui/button';
import { ownProfileQuery, profileSummaryQuery } from '../api';
import { formatCount, formatMonthYear } from '../format';
import { ProfileHeader } from './profile-header';
import { PhoneCard } from './phone-card';
import { ProfileTabs } from './profile-tabs';
import { formatDistance, formatElevation, useUnits } from '../../../lib/units';

/** `/profile`: the member's own page, as others will see it, plus what only they see (the phone number). */
export function ProfilePage() {
  const { data: profile } = useSuspenseQuery(ownProfileQuery);
  const { data: summary } = useQuery(profileSummaryQuery);
  const units = useUnits();
  const name = `${profile.firstName} ${profile.lastName}`.trim();

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <ProfileHeader
        titleId="profile-name"
        name={name}
        handleName={profile.handleName}
        profileImage={profile.profileImage}
        profileCoverImage={profile.profileCoverImage}
        isPrivate={profile.isPrivate}
        bio={profile.bio}
        sports={profile.sports}
        location={profile.location}
        action={
          <Link to="/profile/edit" className={buttonClass('secondary', 'mt-3')}>
            Edit profile
          </Link>
        }
        facts={
          <div className="flex gap-1">
            <dt>Member since</dt>
            <dd>{formatMonthYear(profile.createdAt)}</dd>
          </div>
        }
        stats={
          <>
            <Link to="/followers" className="rounded hover:underline">
              <strong className="tabular-nums text-fg">{summary ? formatCount(summary.followers) : '–'}</strong>{' '}
              <span className="text-muted">{summary?.followers === 1 ? 'follower' : 'followers'}</span>
            </Link>
            <Link to="/following" className="rounded hover:underline">
              <strong className="tabular-nums text-fg">{summary ? formatCount(summary.following) : '–'}</strong> <span className="text-muted">following</span>
            </Link>
            <span>
              <strong className="tabular-nums text-fg">{summary ? formatDistance(summary.distanceMetres, units) : '–'}</strong>{' '}
              <span className="text-muted">all-time distance</span>
            </span>
            <span>
              <strong className="tabular-nums text-fg">{summary ? formatElevation(summary.elevationMetres, units) : '–'}</strong>{' '}
              <span className="text-muted">climbed</span>
            </span>
          </>
        }
      />

      <PhoneCard profile={profile} />
      <ProfileTabs summary={summary} />
    </div>
  );
}
