import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import clsx from 'clsx';
import { Icon, type IconName } from '../../../components/icons';
import { notificationBadgeQuery } from '../../notifications/api';
import { badgeText } from '../../notifications/badge-text';
import { NAV_ITEMS, navItemCount, navItemOwns } from '../nav-items';

const styles = {
  // Wide screens: a row of labelled links in the top bar.
  bar: {
    list: 'flex items-center gap-0.5 xl:gap-1',
    link: 'flex min-h-10 items-center gap-2 whitespace-nowrap rounded-lg px-2 text-sm font-medium text-muted hover:bg-surface-2 hover:text-fg xl:px-3',
    active: 'bg-surface-2 !text-fg',
    label: '',
  },
  // Phones: a tab bar fixed to the bottom, thumb-reachable; Notifications is the bell in the top bar instead, so six
  // tabs of 60 px at 360 px hold every label whole.
  tabs: {
    list: 'grid grid-cols-6',
    link: 'flex min-h-14 flex-col items-center justify-center gap-0.5 text-[11px] font-medium text-muted',
    active: '!text-brand',
    label: 'max-w-full truncate',
  },
} as const;

// On the icon's corner in every variant, so a count never widens the bar.
const badgeClass =
  'absolute -right-1.5 -top-1.5 min-w-4.5 rounded-full bg-danger px-1 text-center text-[10px] font-bold leading-4.5 text-on-danger ring-2 ring-surface';

/** A navigation entry's icon with its count on the corner (the count's words are the link's, for screen readers). */
export function NavIcon({ icon, count, className }: { icon: IconName; count: number; className: string }) {
  return (
    <span className="relative">
      <Icon name={icon} className={className} />
      {count > 0 && (
        <span aria-hidden="true" className={badgeClass}>
          {badgeText(count)}
        </span>
      )}
    </span>
  );
}

/**
 * The main navigation of spec §2, drawn as a top bar or as bottom tabs. Notifications carries the unread
 * notifications and waiting follow requests, hidden at zero. The link's name is its visible label followed by the
 * count ("Notifications, 3 new"), from text rather than aria-label, so the name always contains what is seen (WCAG
 * 2.5.3: voice users say what they see).
 */
export function MainNav({ variant, className }: { variant: keyof typeof styles; className?: string }) {
  const s = styles[variant];
  const { data: badge } = useQuery(notificationBadgeQuery);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <nav aria-label="Main" className={className}>
      <ul className={s.list}>
        {NAV_ITEMS.filter((item) => variant === 'bar' || !item.topBarOnPhones).map((item) => {
          const count = navItemCount(item, badge);
          const current = navItemOwns(item, pathname);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                // The area decides what is current (another member's profile is under Members, not Profile).
                className={clsx(s.link, current && s.active)}
                aria-current={current ? 'page' : undefined}
                activeOptions={{ exact: true }}
                activeProps={{}}
              >
                <NavIcon icon={item.icon} count={count} className="size-5" />
                <span className={clsx(s.label)}>{item.label}</span>
                {item.count && badge && count > 0 && <span className="sr-only">, {item.count.describe(badge)}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
