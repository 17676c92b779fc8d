import type { IconName } from '../../components/icons';
import type { NotificationBadge } from '#contract/notifications';
import { badgeText } from '../notifications/badge-text';

export type NavItem = {
  to: string;
  label: string;
  icon: IconName;
  /**
   * The badge's counts summed on the entry, and what a screen reader hears after the label ("Notifications, 3 unread").
   */
  count?: { of: readonly (keyof NotificationBadge)[]; describe: (badge: NotificationBadge) => string };
  /** On phones the entry sits in the top bar as an icon (the bell, as Strava and Instagram put it), not in the tabs. */
  topBarOnPhones?: boolean;
  /** Whether a path belongs to this entry's area; by default the entry's path and everything under it. */
  owns?: (pathname: string) => boolean;
};

/** Your own profile's screens; any other segment after `/profile/` is another member's handle. */
const OWN_PROFILE = /^\/profile(\/(edit|gears|activities|shorts|associate)(\/.*)?)?\/?$/;
/** Another member's profile belongs with Members (People), not with your own Profile. */
const PEOPLE = /^\/(members|followers|following)(\/.*)?$|^\/profile\/[^/]+(\/.*)?$/;

/** What waits, in words: "3 unread, 1 follow request". */
function describeNotifications({ unreadCount, newFollowerRequestCount: requests }: NotificationBadge) {
  return [
    unreadCount > 0 && `${badgeText(unreadCount)} unread`,
    requests > 0 && (requests === 1 ? '1 follow request' : `${badgeText(requests)} follow requests`),
  ]
    .filter(Boolean)
    .join(', ');
}

/** The entry's count from the badge: its counts summed, 0 while the badge loads. */
export function navItemCount(item: NavItem, badge: NotificationBadge | undefined) {
  if (!item.count || !badge) return 0;
  return item.count.of.reduce((sum, key) => sum + badge[key], 0);
}

/** Whether `pathname` is in `item`'s area, so that entry shows as the current one. */
export function navItemOwns(item: NavItem, pathname: string) {
  if (item.owns) return item.owns(pathname);
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}

/** The main navigation of spec §2, in the order people reach for it. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/feeds', label: 'Feeds', icon: 'feeds' },
  { to: '/shorts', label: 'Shorts', icon: 'shorts' },
  { to: '/events', label: 'Events', icon: 'events' },
  { to: '/activities', label: 'Activities', icon: 'activities' },
  {
    to: '/members',
    label: 'Members',
    icon: 'members',
    owns: (path) => PEOPLE.test(path) && !OWN_PROFILE.test(path),
  },
  {
    to: '/notifications',
    label: 'Notifications',
    icon: 'notifications',
    // Follow requests wait at the top of the notifications, so their count is on the bell, not on Members.
    count: { of: ['unreadCount', 'newFollowerRequestCount'], describe: describeNotifications },
    topBarOnPhones: true,
  },
  { to: '/profile', label: 'Profile', icon: 'profile', owns: (path) => OWN_PROFILE.test(path) },
];
