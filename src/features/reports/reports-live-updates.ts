import type { LiveHandler } from '../notifications/live-updates';
import { reportKeys } from './api';

/**
 * A live moderation notice about one of the member's reports (`<kind>_report`) means its status changed: that kind's
 * list is asked for again, so an open "Your reports" page reads "Action taken" or "Dismissed" as the notice arrives.
 */
export const reportsLiveUpdates: LiveHandler = (queryClient, message) => {
  if (message.type !== 'notification' || message.notification.kind !== 'moderation') return;
  const subject = message.notification.subjectType;
  const kind = subject === 'member_report' ? 'member' : subject === 'post_report' ? 'post' : subject === 'event_report' ? 'event' : subject === 'comment_report' ? 'comment' : null;
  if (kind) void queryClient.invalidateQueries({ queryKey: reportKeys.mine(kind) });
};
