import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SPORTS } from '#contract/sports';
import { Avatar } from '../../../components/avatar';
import { buttonClass } from '../../../components/ui/button';
import { ownProfileQuery, profileSummaryQuery } from '../api';
import { formatCount, formatMonthYear } from '../format';
import { CoverImage } from './cover-image';
import { PhoneCard } from './phone-card';
import { ProfileTabs } from './profile-tabs';
import { formatDistance, formatElevation, useUnits } from '../../../lib/units';

/** `/profile`: the member's own page, as others will see it, plus what only they see (the phone number). */
export function ProfilePage() {
  const { data: profile } = useSuspenseQuery(ownProfileQuery);
  const { data: summary } = useQuery(profileSummaryQuery);
  const units = useUnits();
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const sports = SPORTS.filter((s) => profile.sports.includes(s.id));

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <section aria-labelledby="profile-name" className="overflow-hidden rounded-2xl border border-line bg-surface">
        <CoverImage src={profile.profileCoverImage} />
        <div className="px-4 pb-5 sm:px-6">
          <div className="flex items-start justify-between gap-3">
            <div className="relative -mt-10 shrink-0 rounded-full bg-surface p-1">
              <Avatar src={profile.profileImage} name={name} size="lg" />
            </div>
            <Link to="/profile/edit" className={buttonClass('secondary', 'mt-3')}>
              Edit profile
            </Link>
          </div>
          <h1 id="profile-name" className="mt-2 break-words text-2xl font-bold">
            {name}
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-muted">
            <span className="break-all">@{profile.handleName}</span>
            {profile.isPrivate && (
              <span className="inline-flex items-center gap-1 rounded-full border border-line bg-surface-2 px-2 py-0.5 text-xs font-semibold text-fg">
                <svg viewBox="0 0 24 24" aria-hidden="true" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                  <rect x="5" y="11" width="14" height="10" rx="2" />
                  <path d="M8 11V8a4 4 0 0 1 8 0v3" />
                </svg>
                Private profile
              </span>
            )}
          </p>
          {profile.bio && <p className="mt-3 whitespace-pre-line break-words">{profile.bio}</p>}

          {sports.length > 0 && (
            <ul aria-label="Sports" className="mt-3 flex flex-wrap gap-2">
              {sports.map((s) => (
                <li key={s.id} className="rounded-full bg-surface-2 px-3 py-1 text-sm font-medium">
                  {s.name}
                </li>
              ))}
            </ul>
          )}

          <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
            {profile.location && (
              <div className="flex gap-1">
                <dt className="sr-only">Location</dt>
                <dd className="flex items-center gap-1 break-words">
                  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8">
                    <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
                    <circle cx="12" cy="10" r="2.5" />
                  </svg>
                  {profile.location}
                </dd>
              </div>
            )}
            <div className="flex gap-1">
              <dt>Member since</dt>
              <dd>{formatMonthYear(profile.createdAt)}</dd>
            </div>
          </dl>

          <p className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
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
          </p>
        </div>
      </section>

      <PhoneCard profile={profile} />
      <ProfileTabs summary={summary} />
    </div>
  );
}
