import type { IconName } from '../../components/icons';
import type { NotificationBadge } from '#contract/notifications';

export type NavItem = {
  to: string;
  label: string;
  icon: IconName;
  /** A count from the notification badge shown on the entry, and how a screen reader hears it. */
  count?: { of: keyof NotificationBadge; describe: (count: number, shown: string) => string };
  /** Whether a path belongs to this entry's area; by default the entry's path and everything under it. */
  owns?: (pathname: string) => boolean;
};

/** Your own profile's screens; any other segment after `/profile/` is another member's handle. */
const OWN_PROFILE = /^\/profile(\/(edit|gears|activities|shorts|associate)(\/.*)?)?\/?$/;
/** Another member's profile belongs with Members (People), not with your own Profile. */
const PEOPLE = /^\/(members|followers|following)(\/.*)?$|^\/profile\/[^/]+(\/.*)?$/;

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
    count: { of: 'newFollowerRequestCount', describe: (n, shown) => (n === 1 ? '1 follow request' : `${shown} follow requests`) },
  },
  { to: '/notifications', label: 'Notifications', icon: 'notifications', count: { of: 'unreadCount', describe: (_n, shown) => `${shown} unread` } },
  { to: '/profile', label: 'Profile', icon: 'profile', owns: (path) => OWN_PROFILE.test(path) },
];
