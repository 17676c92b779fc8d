import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type * as z from 'zod/mini';
import type { profileSummaryData } from '#contract/profile';
import { buttonClass } from '../../../components/ui/button';
import { formatCount } from '../../../lib/format-count';
import { formatDistance, formatElevation, useUnits } from '../../../lib/units';
import { useCan } from '../../auth/use-can';
import { ownProfileQuery, profileSummaryQuery } from '../api';
import { formatMonthYear } from '../format';
import { ProfilePage } from './profile-page';
import { ProfileTabs } from './profile-tabs';

type Summary = z.infer<typeof profileSummaryData>;

const TABS = [
  { id: 'feeds', label: 'Posts', count: 'feeds' },
  { id: 'shorts', label: 'Shorts', count: 'shorts' },
  { id: 'gear', label: 'Gear', count: 'gears' },
  { id: 'activities', label: 'Activities', count: 'activities' },
] as const satisfies readonly { id: string; label: string; count: keyof Summary }[];

/**
 * `/profile`: the member's own page, as others will see it, plus what only they have: Edit profile, their followers
 * and following to open, their all-time distance and climb, and a count on each content tab. Their content comes
 * first: the phone number and the other settings are on Edit profile (issue 19 item 11).
 * The tabs switch in place; Posts shows `feeds` (your posts), Shorts `shorts`, Gear `gear` (your pieces) and Activities
 * `activities` (your latest activities), which the route brings from their areas.
 */
export function OwnProfilePage({ feeds, shorts, gear, activities }: { feeds: ReactNode; shorts: ReactNode; gear: ReactNode; activities: ReactNode }) {
  const { data: profile } = useSuspenseQuery(ownProfileQuery);
  const { data: summary } = useQuery(profileSummaryQuery);
  const units = useUnits();
  const mayEdit = useCan('edit_profile');
  const [selected, setSelected] = useState(0);
  const tab = TABS[selected] ?? TABS[0];
  // Until the counts are in (or when they cannot load), a dash.
  const figure = (format: (s: Summary) => string) => (summary ? format(summary) : '–');

  return (
    <ProfilePage
      name={`${profile.firstName} ${profile.lastName}`.trim()}
      handleName={profile.handleName}
      profileImage={profile.profileImage}
      profileCoverImage={profile.profileCoverImage}
      isPrivate={profile.isPrivate}
      bio={profile.bio}
      sports={profile.sports}
      location={profile.location}
      action={
        <Link to="/profile/edit" className={buttonClass('secondary', 'mt-3')}>
          {/* An associate not allowed to edit their profile (issue 25) still has their settings and account there. */}
          {mayEdit ? 'Edit profile' : 'Settings'}
        </Link>
      }
      facts={
        <div className="flex gap-1">
          <dt>Member since</dt>
          <dd>{formatMonthYear(profile.createdAt)}</dd>
        </div>
      }
      stats={[
        { value: figure((s) => formatCount(s.followers)), label: summary?.followers === 1 ? 'follower' : 'followers', link: { to: '/followers' } },
        { value: figure((s) => formatCount(s.following)), label: 'following', link: { to: '/following' } },
        { value: figure((s) => formatDistance(s.distanceMetres, units)), label: 'all-time distance' },
        { value: figure((s) => formatElevation(s.elevationMetres, units)), label: 'climbed' },
      ]}
    >
      <ProfileTabs
        label="Your content"
        tabs={TABS.map((t) => ({ id: t.id, label: t.label, count: summary && formatCount(summary[t.count]) }))}
        selected={selected}
        onSelect={setSelected}
      >
        {/* Mounted only while shown: the list follows the window's scroll. */}
        {{ feeds, shorts, gear, activities }[tab.id]}
      </ProfileTabs>
    </ProfilePage>
  );
}
