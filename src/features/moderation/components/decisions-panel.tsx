import { zodResolver } from '@hookform/resolvers/zod';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { APPEAL_MAX, appealBody, type AuditEntry } from '#contract/reports';
import { LoadError } from '../../../components/load-error';
import { LoadMore } from '../../../components/load-more';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextArea } from '../../../components/ui/text-area';
import { errorMessage } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { decisionsQuery, useAppeal } from '../api';
import { APPEAL_STATUS_LABELS, canAppeal, decisionTitle, ruleOf, shortDate, suspensionEnd } from '../labels';

/** The decisions about the signed-in member, each with the rule it cites, and the one appeal of a removal or warning. */
export function DecisionsPanel() {
  const query = useInfiniteQuery(decisionsQuery);
  if (query.isPending) return <Spinner label="Loading the decisions" />;
  if (query.isError) return <LoadError what="The decisions about you" error={query.error} onRetry={() => void query.refetch()} />;
  const decisions = query.data.pages.flatMap((p) => p.list);
  if (decisions.length === 0)
    return <p className="rounded-2xl border border-line bg-surface p-8 text-center text-sm text-muted">No moderation decisions about you.</p>;
  return (
    <>
      <ul aria-label="Decisions about you" className="flex flex-col gap-3">
        {decisions.map((d) => (
          <li key={d.actionId}>
            <DecisionCard decision={d} />
          </li>
        ))}
      </ul>
      <LoadMore
        label="Load more decisions"
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        failed={query.isFetchNextPageError}
        onMore={() => void query.fetchNextPage()}
      />
    </>
  );
}

function DecisionCard({ decision: d }: { decision: AuditEntry }) {
  const [appealing, setAppealing] = useState(false);
  const rule = ruleOf(d.ruleId);
  const title = decisionTitle(d);
  return (
    <article aria-label={title} className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold">
          {title}
          {d.action === 'suspend' && d.until && <span className="font-normal text-muted"> {suspensionEnd(d.until)}</span>}
        </h3>
        <time dateTime={d.createdAt} className="text-xs text-muted">
          {shortDate(d.createdAt)}
        </time>
      </div>
      {rule && (
        <div className="rounded-lg bg-surface-2 p-3">
          <p className="font-semibold">{rule.title}</p>
          <p className="text-muted">{rule.rule}</p>
        </div>
      )}
      <p className="break-words">
        <span className="font-medium">Moderator’s note: </span>
        {d.note}
      </p>
      {d.excerpt && <p className="line-clamp-3 break-words border-l-2 border-line pl-3 text-muted">{d.excerpt}</p>}
      {d.appeal && (
        <p role="status" className="font-semibold">
          {APPEAL_STATUS_LABELS[d.appeal.status]}
        </p>
      )}
      {canAppeal(d) &&
        (appealing ? (
          <AppealForm actionId={d.actionId} onCancel={() => setAppealing(false)} />
        ) : (
          <div>
            <Button variant="secondary" size="sm" aria-label={`Appeal: ${title}, ${shortDate(d.createdAt)}`} onClick={() => setAppealing(true)}>
              Appeal
            </Button>
          </div>
        ))}
    </article>
  );
}

function AppealForm({ actionId, onCancel }: { actionId: number; onCancel(): void }) {
  const appeal = useAppeal(actionId);
  const form = useForm<z.input<typeof appealBody>, unknown, z.output<typeof appealBody>>({ resolver: zodResolver(appealBody), defaultValues: { text: '' } });
  const text = useWatch({ control: form.control, name: 'text' });
  const submit = form.handleSubmit(async (body) => {
    try {
      const { message } = await appeal.mutateAsync(body);
      toast.success(message);
    } catch (error) {
      applyServerErrors(error, form.setError, ['text']);
      form.setError('root', { message: errorMessage(error) });
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Appeal" className="flex flex-col gap-3 border-t border-line pt-3">
      <TextArea
        label="Why should this be undone?"
        hint="Another moderator reads it and decides. You can appeal once."
        rows={3}
        autoFocus
        error={form.formState.errors.text?.message}
        count={{ used: text.length, max: APPEAL_MAX }}
        {...form.register('text')}
      />
      {form.formState.errors.root && (
        <p role="alert" className="text-danger">
          {form.formState.errors.root.message}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={appeal.isPending}>
          Send appeal
        </Button>
      </div>
    </form>
  );
}
