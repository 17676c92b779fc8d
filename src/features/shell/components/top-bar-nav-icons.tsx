import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import clsx from 'clsx';
import { notificationBadgeQuery } from '../../notifications/api';
import { NAV_ITEMS, navItemCount, navItemOwns } from '../nav-items';
import { NavIcon } from './main-nav';

/**
 * Phones: the entries that live in the top bar rather than the bottom tabs (the notifications bell), icon-sized with
 * their count, named like the full navigation's links.
 */
export function TopBarNavIcons({ className }: { className?: string }) {
  const { data: badge } = useQuery(notificationBadgeQuery);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <div className={className}>
      <ul className="flex items-center">
        {NAV_ITEMS.filter((item) => item.topBarOnPhones).map((item) => {
          const count = navItemCount(item, badge);
          const current = navItemOwns(item, pathname);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                className={clsx(
                  'flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg',
                  current && '!text-brand',
                )}
                aria-current={current ? 'page' : undefined}
                activeOptions={{ exact: true }}
                activeProps={{}}
              >
                <NavIcon icon={item.icon} count={count} className="size-6" />
                <span className="sr-only">
                  {item.label}
                  {item.count && badge && count > 0 && `, ${item.count.describe(badge)}`}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
