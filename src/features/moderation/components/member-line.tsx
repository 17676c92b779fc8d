import type { MemberSummary } from '#contract/social';
import { Avatar } from '../../../components/avatar';
import { displayName } from '../../../lib/display-name';
import { fullDateTime, relativeTime } from '../../../lib/relative-time';

/** A member as moderation rows name them: picture, name and handle; "A member who left" when gone. */
export function MemberLine({ member, size = 'sm' }: { member: MemberSummary | null; size?: 'sm' | 'md' }) {
  if (!member) return <span className="text-sm text-muted">A member who left</span>;
  const name = displayName(member);
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Avatar src={member.profileImage} name={name} size={size} />
      <span className="min-w-0 truncate text-sm">
        <span className="font-semibold">{name}</span> <span className="text-muted">@{member.handleName}</span>
      </span>
    </span>
  );
}

/** A moment as "3 hr. ago", the full date in its tooltip and machine-readable. */
export function When({ iso, now, prefix = '' }: { iso: string; now: Date; prefix?: string }) {
  return (
    <time dateTime={iso} title={fullDateTime(iso)}>
      {prefix}
      {relativeTime(iso, now)}
    </time>
  );
}
