import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import clsx from 'clsx';
import { Icon } from '../../../components/icons';
import { notificationBadgeQuery } from '../../notifications/api';
import { badgeText } from '../../notifications/badge-text';
import { NAV_ITEMS, navItemCount, navItemOwns } from '../nav-items';
import { badgeClass } from './main-nav';

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
          const shown = badgeText(count);
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
                <span className="relative">
                  <Icon name={item.icon} className="size-6" />
                  {count > 0 && (
                    <span aria-hidden="true" className={badgeClass}>
                      {shown}
                    </span>
                  )}
                </span>
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
