import type { Notification } from '#contract/notifications';
import type { ReportTarget } from '#contract/reports';
import type { LiveHandler } from '../notifications/live-updates';
import { reportKeys } from './api';

const REPORT_KIND: Partial<Record<Notification['subjectType'], ReportTarget>> = {
  member_report: 'member',
  post_report: 'post',
  event_report: 'event',
  comment_report: 'comment',
  activity_report: 'activity',
};

/**
 * A live moderation notice about one of the member's reports (`<kind>_report`) means its status changed: that kind's
 * list is asked for again, so an open "Your reports" page reads "Action taken" or "Dismissed" as the notice arrives.
 */
export const reportsLiveUpdates: LiveHandler = (queryClient, message) => {
  if (message.type !== 'notification' || message.notification.kind !== 'moderation') return;
  const kind = REPORT_KIND[message.notification.subjectType];
  if (kind) void queryClient.invalidateQueries({ queryKey: reportKeys.mine(kind) });
};
