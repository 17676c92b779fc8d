import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { TARGET_NOUNS, withArticle, type MyReport, type ReportStatus } from '#contract/reports';
import { Avatar } from '../../../components/avatar';
import { buttonClass } from '../../../components/ui/button';
import { displayName } from '../../../lib/display-name';
import { dateTimeFormat } from '../../../lib/intl-format';
import { fullDateTime } from '../../../lib/relative-time';
import { ReportTargetLink } from './report-target-link';

const STATUS: Record<ReportStatus, { label: string; className: string }> = {
  open: { label: 'Open', className: 'border-line bg-surface-2 text-fg' },
  action_taken: { label: 'Action taken', className: 'border-success text-success' },
  dismissed: { label: 'Dismissed', className: 'border-line text-muted' },
};

/** How a report's subject is named in a sentence: the member, "@maya's post", or "an activity" when its member is gone. */
export function reportAbout({ targetKind, target }: MyReport) {
  if (targetKind === 'member') return target.member ? `@${target.member.handleName}` : 'a member';
  return target.member ? `@${target.member.handleName}'s ${TARGET_NOUNS[targetKind]}` : withArticle(targetKind);
}

const shortDate = (iso: string) => dateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

/** One of the viewer's reports: what it is about, why, what they added, when, where it stands, and Withdraw while open. */
export function ReportRow({ report, onWithdraw }: { report: MyReport; onWithdraw(): void }) {
  const { target } = report;
  const status = STATUS[report.status];
  const gone = !target.removed && target.link === null;
  const about = reportAbout(report);
  return (
    <li aria-label={`Report about ${about}`} className="flex flex-col gap-3 p-4">
      <div className="flex items-start gap-3">
        {target.member ? (
          <Avatar src={target.member.profileImage} name={displayName(target.member)} />
        ) : (
          <span aria-hidden="true" className="size-10 shrink-0 rounded-full bg-surface-3" />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          {target.member ? (
            <p className="flex min-w-0 flex-wrap items-baseline gap-x-2">
              <Link to="/profile/$username" params={{ username: target.member.handleName }} className="truncate font-semibold hover:underline">
                {displayName(target.member)}
              </Link>
              <span className="truncate text-sm text-muted">@{target.member.handleName}</span>
            </p>
          ) : (
            <p className="font-semibold text-muted">A member no longer here</p>
          )}
          {target.excerpt && <p className="line-clamp-3 text-sm break-words whitespace-pre-line">{target.excerpt}</p>}
          {target.removed && <p className="text-sm font-medium text-danger">Removed by a moderator</p>}
          {gone && <p className="text-sm text-muted">No longer available</p>}
          {!target.removed && <ReportTargetLink targetKind={report.targetKind} target={target} className="w-fit text-sm font-semibold text-brand hover:underline" />}
        </div>
        <span className={clsx('shrink-0 rounded-full border px-2.5 py-0.5 text-xs font-semibold', status.className)}>{status.label}</span>
      </div>

      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Reason</dt>
        <dd>{report.reason}</dd>
        {report.comment && (
          <>
            <dt className="text-muted">Your comment</dt>
            <dd className="break-words whitespace-pre-line">{report.comment}</dd>
          </>
        )}
        <dt className="text-muted">Reported</dt>
        <dd>
          <time dateTime={report.createdAt} title={fullDateTime(report.createdAt)}>
            {shortDate(report.createdAt)}
          </time>
        </dd>
        {report.resolvedAt && (
          <>
            <dt className="text-muted">Reviewed</dt>
            <dd>
              <time dateTime={report.resolvedAt} title={fullDateTime(report.resolvedAt)}>
                {shortDate(report.resolvedAt)}
              </time>
            </dd>
          </>
        )}
      </dl>

      {report.images.length > 0 && (
        <ul aria-label="Your screenshots" className="flex flex-wrap gap-2">
          {report.images.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noreferrer" className="block size-16 overflow-hidden rounded-lg border border-line bg-surface-2">
                <img src={src} alt={`Screenshot ${i + 1}`} className="size-full object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}

      {report.status === 'open' && (
        <button type="button" aria-label={`Withdraw the report about ${about}`} onClick={onWithdraw} className={buttonClass('secondary', 'self-start', 'sm')}>
          Withdraw
        </button>
      )}
    </li>
  );
}
