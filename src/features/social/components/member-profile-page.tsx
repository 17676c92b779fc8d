import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Icon } from '../../../components/icons';
import { buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { UnavailableNotice } from '../../../components/unavailable-notice';
import { displayName } from '../../../lib/display-name';
import { formatCount } from '../../../lib/format-count';
import { BlockedPanel } from './blocked-panel';
import { MemberActionsMenu } from './member-actions-menu';
import { ProfilePage } from '../../profile/components/profile-page';
import { ProfileTabs, type ProfileTab } from '../../profile/components/profile-tabs';
import { memberProfileQuery } from '../api';
import { FollowButton } from './follow-button';

const TABS = [
  { id: 'feeds', label: 'Posts', to: '/profile/$username/feeds' },
  { id: 'activities', label: 'Activities', to: '/profile/$username/activities' },
  { id: 'gears', label: 'Gear', to: '/profile/$username/gears' },
  { id: 'shorts', label: 'Shorts', to: '/profile/$username/shorts' },
] as const satisfies readonly ProfileTab[];

/**
 * `/profile/$username`: another member's profile page (the one profile page, profile-page.tsx), offering the follow
 * button, the block and mute menu, "Follows you" and "Muted", over their content tabs, one child route each (the
 * profile's own address shows Posts), whose panel is the child route. A private profile the viewer does not follow
 * keeps only its header and says how to see the rest; a member the viewer blocked keeps only the header and the way
 * to unblock.
 */
export function MemberProfilePage({ handleName, children }: { handleName: string; children: ReactNode }) {
  const { data: member } = useSuspenseQuery(memberProfileQuery(handleName));
  return (
    <ProfilePage
      name={displayName(member)}
      handleName={member.handleName}
      profileImage={member.profileImage}
      profileCoverImage={member.profileCoverImage}
      isPrivate={member.isPrivate}
      bio={member.bio}
      sports={member.sports}
      location={member.location}
      action={
        <div className="mt-3 flex items-center gap-1">
          {!member.isBlocked && <FollowButton member={member} />}
          <MemberActionsMenu member={member} />
        </div>
      }
      marks={
        <>
          {member.isFollowedBy && <span className="rounded bg-surface-2 px-1.5 py-0.5 text-xs font-medium text-fg">Follows you</span>}
          {member.isMuted && <span className="rounded bg-surface-2 px-1.5 py-0.5 text-xs font-medium text-fg">Muted</span>}
        </>
      }
      stats={
        member.followers !== null && member.following !== null
          ? [
              {
                value: formatCount(member.followers),
                label: member.followers === 1 ? 'follower' : 'followers',
                link: { to: '/profile/$username/$list', params: { username: member.handleName, list: 'followers' } },
              },
              { value: formatCount(member.following), label: 'following', link: { to: '/profile/$username/$list', params: { username: member.handleName, list: 'following' } } },
            ]
          : undefined
      }
    >
      {member.isBlocked ? (
        <BlockedPanel member={member} />
      ) : member.canViewContent ? (
        <ProfileTabs label="Their content" tabs={TABS} handleName={handleName}>
          {children}
        </ProfileTabs>
      ) : member.isPrivate ? (
        <PrivateProfilePanel />
      ) : (
        // A public profile closed to the viewer only while it is asked for again, just after an unblock.
        <div className="flex justify-center p-10">
          <Spinner label="Loading their profile" />
        </div>
      )}
    </ProfilePage>
  );
}

function PrivateProfilePanel() {
  return (
    <section aria-labelledby="private-title" className="flex flex-col items-center gap-2 rounded-2xl border border-line bg-surface p-8 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-surface-2 text-muted">
        <Icon name="lock" className="size-7" strokeWidth={2} />
      </span>
      <h2 id="private-title" className="text-lg font-bold">
        This account is private
      </h2>
      <p className="max-w-sm text-sm text-muted">Follow this account to see their posts, activities and gear.</p>
    </section>
  );
}

/** `/profile/$username` for a handle no member has (the API answers 404). */
export function MemberNotFound({ handleName }: { handleName: string }) {
  return (
    <UnavailableNotice
      title="Member not found"
      action={
        <Link to="/members" className={buttonClass('primary')}>
          Find members
        </Link>
      }
    >
      No one goes by <span className="break-all font-semibold text-fg">@{handleName}</span>. They may have changed their handle or left Switchback.
    </UnavailableNotice>
  );
}
