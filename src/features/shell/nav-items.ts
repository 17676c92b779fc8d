import type { IconName } from '../../components/icons';

/** The main navigation of spec §2, in the order people reach for it. */
export const NAV_ITEMS: { to: string; label: string; icon: IconName }[] = [
  { to: '/feeds', label: 'Feeds', icon: 'feeds' },
  { to: '/shorts', label: 'Shorts', icon: 'shorts' },
  { to: '/events', label: 'Events', icon: 'events' },
  { to: '/activities', label: 'Activities', icon: 'activities' },
  { to: '/members', label: 'Members', icon: 'members' },
  { to: '/notifications', label: 'Notifications', icon: 'notifications' },
  { to: '/profile', label: 'Profile', icon: 'profile' },
];
