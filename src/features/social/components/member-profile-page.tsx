import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SPORTS } from '#contract/sports';
import { Avatar } from '../../../components/avatar';
import { CoverImage } from '../../profile/components/cover-image';
import { formatCount } from '../../profile/format';
import { memberProfileQuery } from '../api';
import { FollowButton } from './follow-button';
import { fullName } from './member-row';
import { MemberProfileTabs } from './member-profile-tabs';

/**
 * `/profile/$username`: another member's header (cover, avatar, names, bio, sports, location, counts, follow
 * button) over their content tabs, whose panel is the child route. A private profile the viewer does not follow
 * keeps only its header and says how to see the rest.
 */
export function MemberProfilePage({ handleName, children }: { handleName: string; children: ReactNode }) {
  const { data: member } = useSuspenseQuery(memberProfileQuery(handleName));
  const name = fullName(member) || `@${member.handleName}`;
  const sports = SPORTS.filter((s) => member.sports.includes(s.id));

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <section aria-labelledby="member-name" className="overflow-hidden rounded-2xl border border-line bg-surface">
        <CoverImage src={member.profileCoverImage} />
        <div className="px-4 pb-5 sm:px-6">
          <div className="flex items-start justify-between gap-3">
            <div className="relative -mt-10 shrink-0 rounded-full bg-surface p-1">
              <Avatar src={member.profileImage} name={name} size="lg" />
            </div>
            {!member.isBlocked && <FollowButton member={member} className="mt-3" />}
          </div>
          <h1 id="member-name" className="mt-2 break-words text-2xl font-bold">
            {name}
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-muted">
            <span className="break-all">@{member.handleName}</span>
            {member.isFollowedBy && <span className="rounded bg-surface-2 px-1.5 py-0.5 text-xs font-medium text-fg">Follows you</span>}
            {member.isPrivate && (
              <span className="inline-flex items-center gap-1 rounded-full border border-line bg-surface-2 px-2 py-0.5 text-xs font-semibold text-fg">
                <LockIcon className="size-3.5" />
                Private profile
              </span>
            )}
          </p>
          {member.bio && <p className="mt-3 whitespace-pre-line break-words">{member.bio}</p>}

          {sports.length > 0 && (
            <ul aria-label="Sports" className="mt-3 flex flex-wrap gap-2">
              {sports.map((s) => (
                <li key={s.id} className="rounded-full bg-surface-2 px-3 py-1 text-sm font-medium">
                  {s.name}
                </li>
              ))}
            </ul>
          )}

          {member.location && (
            <p className="mt-3 flex items-center gap-1 break-words text-sm text-muted">
              <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8">
                <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
                <circle cx="12" cy="10" r="2.5" />
              </svg>
              <span className="sr-only">Location: </span>
              {member.location}
            </p>
          )}

          {member.followers !== null && member.following !== null && (
            <p className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
              <span>
                <strong className="tabular-nums text-fg">{formatCount(member.followers)}</strong>{' '}
                <span className="text-muted">{member.followers === 1 ? 'follower' : 'followers'}</span>
              </span>
              <span>
                <strong className="tabular-nums text-fg">{formatCount(member.following)}</strong> <span className="text-muted">following</span>
              </span>
            </p>
          )}
        </div>
      </section>

      {member.canViewContent ? <MemberProfileTabs handleName={handleName}>{children}</MemberProfileTabs> : <PrivateProfilePanel />}
    </div>
  );
}

function LockIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </svg>
  );
}

function PrivateProfilePanel() {
  return (
    <section aria-labelledby="private-title" className="flex flex-col items-center gap-2 rounded-2xl border border-line bg-surface p-8 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-surface-2 text-muted">
        <LockIcon className="size-7" />
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
    <section aria-labelledby="member-missing" className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center">
      <h1 id="member-missing" className="text-2xl font-bold">
        Member not found
      </h1>
      <p className="text-muted">
        No one goes by <span className="break-all font-semibold text-fg">@{handleName}</span>. They may have changed their handle or left Switchback.
      </p>
      <Link to="/members" className="inline-flex min-h-11 items-center rounded-lg bg-brand px-4 text-sm font-semibold text-on-brand hover:bg-brand-strong">
        Find members
      </Link>
    </section>
  );
}
