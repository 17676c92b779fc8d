import type { FileRoutesById } from '../../routeTree.gen';

/**
 * The browser tab's title of each signed-in page whose name is fixed ("Events" → "Events · Switchback"), by route id.
 * Here, with the signed-in frame, rather than as the routes' staticData: the route tree loads with the sign-in page,
 * whose script budget has no room for them. A page named by its content (a post, an event, a member) is not listed
 * and names itself with useDocumentTitle.
 */
export const ROUTE_TITLES: Partial<Record<keyof FileRoutesById, string>> = {
  '/_main/activities/$activityId': 'Activity',
  '/_main/activities/': 'Activities',
  '/_main/activities/live': 'Live activities',
  '/_main/events/create': 'Create an event',
  '/_main/events/edit': 'Edit event',
  '/_main/events/': 'Events',
  '/_main/feeds/edit': 'Post editor',
  '/_main/feeds/': 'Feeds',
  '/_main/feeds/myFeeds': 'My posts',
  '/_main/followers/': 'Your followers',
  '/_main/followers/requests': 'Follow requests',
  '/_main/following': 'Following',
  '/_main/gears/$gearId': 'Gear',
  '/_main/manage-feeds/reported-comments': 'Reported comments',
  '/_main/manage-feeds/reported': 'Reported posts, events and activities',
  '/_main/manage-shorts/reported-comments': 'Reported comments on shorts',
  '/_main/manage-shorts/reported': 'Reported shorts',
  '/_main/manage-users/blocked': 'Blocked members',
  '/_main/manage-users/muted': 'Muted members',
  '/_main/manage-users/reported': 'Reported members',
  '/_main/members': 'Members',
  '/_main/moderation/': 'Moderation',
  '/_main/notifications/': 'Notifications',
  '/_main/notifications/settings': 'Notification settings',
  '/_main/profile/activities': 'Your activities',
  '/_main/profile/associate/add': 'Add an associate',
  '/_main/profile/associate/edit/$associateId': 'Edit associate',
  '/_main/profile/associate/': 'Associates',
  '/_main/profile/associate/permissions/$associateId': 'Associate permissions',
  '/_main/profile/edit': 'Edit profile',
  '/_main/profile/gears/add': 'Add gear',
  '/_main/profile/gears/edit': 'Edit gear',
  '/_main/profile/gears/': 'Your gear',
  '/_main/profile/privacy-zones': 'Privacy zones',
  '/_main/profile/shorts': 'Your shorts',
  '/_main/shorts/$feedId': 'Short',
  '/_main/shorts/': 'Shorts',
};
