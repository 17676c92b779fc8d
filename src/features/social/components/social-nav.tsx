import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { notificationBadgeQuery } from '../../notifications/api';

const LINKS = [
  { to: '/members', label: 'Members' },
  { to: '/followers', label: 'Followers' },
  { to: '/following', label: 'Following' },
  { to: '/followers/requests', label: 'Requests' },
] as const;

/** Moves between the four social screens; Requests shows how many follow requests wait. */
export function SocialNav() {
  // The navigation's badge: the live socket keeps it current.
  const { data: badge } = useQuery(notificationBadgeQuery);
  const waiting = badge?.newFollowerRequestCount ?? 0;
  return (
    <nav aria-label="People" className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-line px-1">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              aria-label={link.to === '/followers/requests' && waiting > 0 ? `Requests, ${waiting} waiting` : undefined}
              activeOptions={{ exact: true }}
              className="-mb-px flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-semibold"
              activeProps={{ className: 'border-brand text-fg', 'aria-current': 'page' }}
              inactiveProps={{ className: clsx('border-transparent text-muted hover:text-fg') }}
            >
              {link.label}
              {link.to === '/followers/requests' && waiting > 0 && (
                <span className="rounded-full bg-brand px-2 py-0.5 text-xs tabular-nums text-on-brand">
                  {waiting}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
