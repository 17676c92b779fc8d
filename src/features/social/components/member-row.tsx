import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { MemberCard } from '#contract/social';
import { SPORTS } from '#contract/sports';
import { Avatar } from '../../../components/avatar';
import { Icon } from '../../../components/icons';

const sportName = new Map<number, string>(SPORTS.map((s) => [s.id, s.name]));

export const fullName = (m: Pick<MemberCard, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`.trim();

/**
 * One member in a list: avatar, name, handle and sports link to their profile; the action (follow, remove,
 * accept) sits beside the link, never inside it, so both stay separate keyboard stops.
 */
export function MemberRow({ member, action }: { member: MemberCard; action?: ReactNode }) {
  const name = fullName(member);
  const sports = member.sports.map((id) => sportName.get(id)).filter(Boolean);
  return (
    <li className="flex items-center gap-3 px-3 py-3 sm:px-4">
      <Link
        to="/profile/$username"
        params={{ username: member.handleName }}
        // A short name for the link; the handle, lock and sports below are there to see.
        aria-label={`${name || member.handleName}, @${member.handleName}${member.isPrivate ? ', private profile' : ''}`}
        className="group flex min-w-0 flex-1 items-center gap-3 rounded-lg"
      >
        <Avatar src={member.profileImage} name={name} />
        <span className="flex min-w-0 flex-col">
          <span className="flex items-center gap-1.5 font-semibold group-hover:underline">
            <span className="truncate">{name || `@${member.handleName}`}</span>
            {member.isPrivate && (
              <Icon name="lock" className="size-3.5 shrink-0 text-muted" strokeWidth={2} />
            )}
          </span>
          <span className="truncate text-sm text-muted">
            @{member.handleName}
            {member.isFollowedBy && <span className="ml-2 rounded bg-surface-2 px-1.5 py-0.5 text-xs font-medium">Follows you</span>}
          </span>
          {sports.length > 0 && (
            <span className="mt-0.5 truncate text-xs text-muted">
              {sports.join(' · ')}
            </span>
          )}
        </span>
      </Link>
      {action && <div className="flex shrink-0 items-center gap-2">{action}</div>}
    </li>
  );
}
