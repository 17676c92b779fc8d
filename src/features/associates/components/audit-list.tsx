import type { AssociateAuditEntry } from '#contract/associates';
import { fullDateTime, relativeTime } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import { auditSentence } from '../audit-sentence';

/** Newest first, whatever order they came in (a tie in time goes to the later id). */
const newestFirst = (a: AssociateAuditEntry, b: AssociateAuditEntry) => b.at.localeCompare(a.at) || b.id - a.id;

/** The history of an associate's permissions and status: who changed what, and when, newest first. */
export function AuditList({ audit, headingId }: { audit: AssociateAuditEntry[]; headingId: string }) {
  const now = useNow();
  if (audit.length === 0) return <p className="text-sm text-muted">No changes yet.</p>;
  return (
    <ol aria-labelledby={headingId} className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
      {[...audit].sort(newestFirst).map((entry) => (
        <li key={entry.id} className="px-4 py-3 text-sm">
          {auditSentence(entry)}
          <span className="text-muted">
            {' · '}
            <time dateTime={entry.at} title={fullDateTime(entry.at)}>
              {relativeTime(entry.at, now)}
            </time>
          </span>
        </li>
      ))}
    </ol>
  );
}
