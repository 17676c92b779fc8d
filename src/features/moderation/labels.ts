import { REPORT_REASONS, TARGET_NOUNS, type AuditEntry, type ReportTarget } from '#contract/reports';
import { dateTimeFormat } from '../../lib/intl-format';

export const KIND_LABELS: Record<ReportTarget, string> = {
  member: 'Member',
  post: 'Post',
  short: 'Short',
  event: 'Event',
  comment: 'Comment',
  short_comment: 'Comment on a short',
  activity: 'Activity',
};

/** What a moderator did, as the log says it. */
export const ACTION_LABELS: Record<AuditEntry['action'], string> = {
  dismiss: 'Dismissed the reports',
  remove: 'Removed',
  warn: 'Warned',
  suspend: 'Suspended',
  appeal_granted: 'Granted an appeal',
  appeal_denied: 'Denied an appeal',
};

/** A decision as the member it is about reads it. */
export function decisionTitle(d: Pick<AuditEntry, 'action' | 'targetKind'>) {
  switch (d.action) {
    case 'remove':
      return `Removed your ${TARGET_NOUNS[d.targetKind]}`;
    case 'warn':
      return 'Warning';
    case 'suspend':
      return 'Suspension';
    case 'dismiss':
      return `Reports about your ${d.targetKind === 'member' ? 'account' : TARGET_NOUNS[d.targetKind]} dismissed`;
    case 'appeal_granted':
      return 'Your appeal was granted';
    case 'appeal_denied':
      return 'Your appeal was denied';
  }
}

export const APPEAL_STATUS_LABELS = { open: 'Appeal waiting for another moderator', granted: 'Appeal granted', denied: 'Appeal denied' } as const;

/** A member may appeal a removal or a warning, once. */
export const canAppeal = (d: AuditEntry) => (d.action === 'remove' || d.action === 'warn') && d.appeal === null;

export const ruleOf = (ruleId: number | null) => REPORT_REASONS.find((r) => r.id === ruleId);

export const shortDate = (iso: string) => dateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

/** A suspension's end: the server writes the far year 9999 for good. */
export const suspensionEnd = (until: string) => (until.startsWith('9999') ? 'for good' : `until ${shortDate(until)}`);

/** "Post by Maya Ridge", "Member Maya Ridge": what a case or a log line is about. */
export const aboutWhom = (kind: ReportTarget, who: string) => (kind === 'member' ? `Member ${who}` : `${KIND_LABELS[kind]} by ${who}`);
