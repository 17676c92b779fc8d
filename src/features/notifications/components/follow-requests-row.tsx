import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Avatar } from '../../../components/avatar';
import { requestsSummaryQuery } from '../api';
import { badgeText } from '../badge-text';
import { Icon } from '../../../components/icons';

/** The row at the top of the notifications while follow requests wait: how many, who asked last, and the way in. */
export function FollowRequestsRow() {
  const { data } = useQuery(requestsSummaryQuery);
  const count = data?.newFollowerRequestCount ?? 0;
  if (!data || count === 0) return null;
  return (
    <Link
      to="/followers/requests"
      className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3 hover:bg-surface-2 sm:p-4"
    >
      <span className="flex shrink-0 -space-x-3" aria-hidden="true">
        {data.latest.map((m) => (
          <span key={m.userId} className="rounded-full ring-2 ring-surface">
            <Avatar src={m.profileImage} name={`${m.firstName} ${m.lastName}`} />
          </span>
        ))}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">Follow requests</span>{' '}
        <span className="block text-sm text-muted">
          {count === 1 ? '1 person wants to follow you' : `${count} people want to follow you`}
        </span>
      </span>
      <span aria-hidden="true" className="rounded-full bg-danger px-2 py-0.5 text-xs font-bold text-on-danger">
        {badgeText(count)}
      </span>
      <Icon name="chevronRight" className="size-5 shrink-0 text-muted" strokeWidth="2" strokeLinejoin="miter" />
    </Link>
  );
}
