import { linkOptions } from '@tanstack/react-router';
import type { Notification } from '#contract/notifications';

/**
 * Where a notification leads: the actor's profile, the post, the event or the activity, or the post, event or activity a
 * comment is on. Null when the subject cannot be reached (a profile notification whose actor is gone, a comment without
 * its post). A report's outcome
 * leads to the list of the member's reports of that kind; a decision about them to /moderation, where they may appeal.
 * A gear notice (a component due for its service; no actor, it comes from Switchback) leads to the piece's page; an
 * associate notice (a report by or about them, their 16th birthday) to the owner's page of that associate.
 */
export function subjectLink(n: Notification) {
  switch (n.subjectType) {
    case 'profile':
      return n.actor ? linkOptions({ to: '/profile/$username', params: { username: n.actor.handleName } }) : null;
    case 'feed':
      return linkOptions({ to: '/feeds/$feedId', params: { feedId: String(n.subjectId) } });
    case 'comment':
      return n.parentId === null ? null : linkOptions({ to: '/feeds/$feedId', params: { feedId: String(n.parentId) } });
    case 'event':
      return linkOptions({ to: '/events/$eventId', params: { eventId: String(n.subjectId) } });
    case 'event_comment':
      return n.parentId === null ? null : linkOptions({ to: '/events/$eventId', params: { eventId: String(n.parentId) } });
    case 'activity':
      return linkOptions({ to: '/activities/$activityId', params: { activityId: String(n.subjectId) } });
    case 'activity_comment':
      return n.parentId === null ? null : linkOptions({ to: '/activities/$activityId', params: { activityId: String(n.parentId) } });
    case 'member_report':
      return linkOptions({ to: '/manage-users/reported' });
    case 'post_report':
    case 'event_report':
    case 'activity_report':
      return linkOptions({ to: '/manage-feeds/reported' });
    case 'comment_report':
      return linkOptions({ to: '/manage-feeds/reported-comments' });
    case 'short_report':
      return linkOptions({ to: '/manage-shorts/reported' });
    case 'short_comment_report':
      return linkOptions({ to: '/manage-shorts/reported-comments' });
    case 'decision':
      return linkOptions({ to: '/moderation', search: { tab: 'decisions' } });
    case 'gear':
      return linkOptions({ to: '/gears/$gearId', params: { gearId: String(n.subjectId) } });
    case 'associate':
      return linkOptions({ to: '/profile/associate/permissions/$associateId', params: { associateId: String(n.subjectId) } });
    case 'live':
      return linkOptions({ to: '/activities/live/$liveId', params: { liveId: String(n.subjectId) } });
  }
}
