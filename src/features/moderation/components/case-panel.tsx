import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ModerationCase, ReportTarget } from '#contract/reports';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { displayName } from '../../../lib/display-name';
import { useNow } from '../../../lib/use-now';
import { ReportTargetLink } from '../../reports/components/report-target-link';
import { caseQuery } from '../api';
import { aboutWhom, ACTION_LABELS, KIND_LABELS, shortDate, suspensionEnd } from '../labels';
import { ActionForm } from './action-form';
import { CaseVideo } from './case-video';
import { MemberLine, When } from './member-line';

/** One reported target in context: the content, the member's standing, every report, earlier decisions, and the decision form. */
export function CasePanel({ targetKind, targetId, onClose }: { targetKind: ReportTarget; targetId: number; onClose(): void }) {
  const query = useQuery(caseQuery(targetKind, targetId));
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Opened from a card: move focus here, so a keyboard or screen reader lands on the case, not back on the list.
  useEffect(() => headingRef.current?.focus(), []);
  const member = query.data?.target.member ?? null;

  return (
    <section aria-labelledby={`case-${targetKind}-${targetId}`} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 lg:sticky lg:top-20">
      <div className="flex items-start justify-between gap-3">
        <h2 id={`case-${targetKind}-${targetId}`} ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
          {member ? aboutWhom(targetKind, displayName(member)) : KIND_LABELS[targetKind]}
        </h2>
        <button type="button" aria-label="Close the case" onClick={onClose} className="min-h-11 rounded-lg px-3 text-sm font-semibold text-brand hover:bg-surface-2">
          Close
        </button>
      </div>
      {query.isPending && <Spinner label="Loading the case" />}
      {query.isError && <LoadError what="This case" error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && <CaseBody data={query.data} onDone={onClose} />}
    </section>
  );
}

function CaseBody({ data, onDone }: { data: ModerationCase; onDone(): void }) {
  const now = useNow();
  return (
    <>
      <Block title={data.targetKind === 'member' ? 'Their profile' : 'The content'}>
        <MemberLine member={data.target.member} />
        {data.context?.subjectExcerpt && (
          <p className="text-sm text-muted">
            On: <span className="text-fg">{data.context.subjectExcerpt}</span>
          </p>
        )}
        {data.context?.parent && (
          <blockquote className="border-l-2 border-line pl-3 text-sm text-muted">
            <p className="text-xs">In reply to {data.context.parent.member ? displayName(data.context.parent.member) : 'a member who left'}:</p>
            <p className="whitespace-pre-line break-words">{data.context.parent.body}</p>
          </blockquote>
        )}
        {data.text ? (
          <p className="whitespace-pre-line break-words text-sm">{data.text}</p>
        ) : (
          !data.video && <p className="text-sm text-muted">{data.targetKind === 'member' ? 'No bio.' : 'The content is gone.'}</p>
        )}
        <Photos urls={data.images} what="Photo" />
        {data.video && <CaseVideo video={data.video} />}
        {data.createdAt && <p className="text-xs text-muted">Posted {shortDate(data.createdAt)}</p>}
        {data.target.removed ? (
          <p className="text-sm font-semibold text-danger">Removed by a moderator.</p>
        ) : (
          // An activity's map, charts and track, a post's thread: what the excerpt leaves out is on its own page.
          <ReportTargetLink targetKind={data.targetKind} target={data.target} className="w-fit text-sm font-semibold text-brand hover:underline" />
        )}
      </Block>

      {data.recentPosts.length > 0 && (
        <Block title="Their recent posts">
          <ul className="flex flex-col gap-2">
            {data.recentPosts.map((p) => (
              <li key={p.feedId} className="rounded-lg bg-surface-2 p-3 text-sm">
                <p className="line-clamp-4 whitespace-pre-line break-words">{p.text}</p>
                <Photos urls={p.images} what="Photo" />
                <p className="mt-1 text-xs text-muted">
                  {shortDate(p.createdAt)}
                  {p.removed && ' · removed'}
                </p>
              </li>
            ))}
          </ul>
        </Block>
      )}

      {data.memberStatus && (
        <Block title="Standing">
          <p className="text-sm">
            {data.memberStatus.suspendedUntil ? `Suspended ${suspensionEnd(data.memberStatus.suspendedUntil)}.` : 'Not suspended.'}{' '}
            {data.memberStatus.warnings === 1 ? '1 warning on record.' : `${data.memberStatus.warnings} warnings on record.`}
          </p>
        </Block>
      )}

      <Block title={data.reports.length === 1 ? '1 report' : `${data.reports.length} reports`}>
        <ul className="flex flex-col gap-3">
          {data.reports.map((r) => (
            <li key={r.reportId} className="flex flex-col gap-1 rounded-lg border border-line p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <MemberLine member={r.reporter} />
                <span className="text-xs text-muted">
                  <When iso={r.createdAt} now={now} />
                </span>
              </div>
              <p className="text-sm font-semibold">{r.reason}</p>
              {r.comment && <p className="whitespace-pre-line break-words text-sm">{r.comment}</p>}
              <Photos urls={r.images} what="Screenshot" />
            </li>
          ))}
        </ul>
      </Block>

      <Block title="Earlier decisions about this member">
        {data.history.length === 0 ? (
          <p className="text-sm text-muted">None.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {data.history.map((h) => (
              <li key={h.actionId} className="text-sm">
                <span className="font-semibold">{ACTION_LABELS[h.action]}</span>
                {h.rule && ` · ${h.rule}`}
                {h.until && ` · ${suspensionEnd(h.until)}`} <span className="text-muted">· {shortDate(h.createdAt)}</span>
                <p className="break-words text-muted">{h.note}</p>
              </li>
            ))}
          </ul>
        )}
      </Block>

      <ActionForm targetKind={data.targetKind} targetId={data.targetId} onDone={onDone} />
    </>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-3">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">{title}</h3>
      {children}
    </div>
  );
}

function Photos({ urls, what }: { urls: string[]; what: string }) {
  if (urls.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {urls.map((url, i) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noreferrer" className="block">
            <img src={url} alt={`${what} ${i + 1}`} className="size-24 rounded-lg object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}
