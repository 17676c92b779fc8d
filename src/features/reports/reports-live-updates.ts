import type { Notification } from '#contract/notifications';
import { REPORT_TARGETS, type ReportTarget } from '#contract/reports';
import type { LiveHandler } from '../notifications/live-updates';
import { reportKeys } from './api';

/** `<kind>_report` → the kind. */
function reportKind(subjectType: Notification['subjectType']): ReportTarget | undefined {
  const kind = subjectType.replace(/_report$/, '');
  return kind !== subjectType ? REPORT_TARGETS.find((k) => k === kind) : undefined;
}

/**
 * A live moderation notice about one of the member's reports (`<kind>_report`) means its status changed: that kind's
 * list is asked for again, so an open "Your reports" page reads "Action taken" or "Dismissed" as the notice arrives.
 */
export const reportsLiveUpdates: LiveHandler = (queryClient, message) => {
  if (message.type !== 'notification' || message.notification.kind !== 'moderation') return;
  const kind = reportKind(message.notification.subjectType);
  if (kind) void queryClient.invalidateQueries({ queryKey: reportKeys.mine(kind) });
};
