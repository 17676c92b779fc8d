import { zodResolver } from '@hookform/resolvers/zod';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { appealDecisionBody, NOTE_MAX, type OpenAppeal } from '#contract/reports';
import { LoadError } from '../../../components/load-error';
import { LoadMore } from '../../../components/load-more';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextArea } from '../../../components/ui/text-area';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useNow } from '../../../lib/use-now';
import { appealsQuery, useAppealDecision } from '../api';
import { decisionTitle, shortDate } from '../labels';
import { MemberLine, When } from './member-line';

/** Open appeals, each answered by a moderator other than the one who decided. */
export function AppealsPanel() {
  const query = useInfiniteQuery(appealsQuery);
  const now = useNow();
  if (query.isPending) return <Spinner label="Loading the appeals" />;
  if (query.isError) return <LoadError what="The appeals" error={query.error} onRetry={() => void query.refetch()} />;
  const appeals = query.data.pages.flatMap((p) => p.list);
  if (appeals.length === 0) return <p className="rounded-2xl border border-line bg-surface p-8 text-center text-sm text-muted">No appeals are waiting.</p>;
  return (
    <>
      <ul aria-label="Open appeals" className="flex flex-col gap-3">
        {appeals.map((a) => (
          <li key={a.appealId}>
            <AppealCard appeal={a} now={now} />
          </li>
        ))}
      </ul>
      <LoadMore
        label="Load more appeals"
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        failed={query.isFetchNextPageError}
        onMore={() => void query.fetchNextPage()}
      />
    </>
  );
}

const noteOnly = z.pick(appealDecisionBody, { note: true });

function AppealCard({ appeal, now }: { appeal: OpenAppeal; now: Date }) {
  const decide = useAppealDecision(appeal.appealId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.input<typeof noteOnly>, unknown, z.output<typeof noteOnly>>({ resolver: zodResolver(noteOnly), defaultValues: { note: '' } });
  const note = useWatch({ control: form.control, name: 'note' });
  const d = appeal.decision;

  const answer = (decision: 'grant' | 'deny') =>
    form.handleSubmit(async ({ note: text }) => {
      setFailure(null);
      try {
        const { message } = await decide.mutateAsync({ decision, note: text });
        toast.success(message);
      } catch (error) {
        // A 403 here is the server saying another moderator must decide: shown beside the appeal, the note kept.
        setFailure(errorMessage(error));
      }
    })();

  return (
    <article aria-label={`Appeal by ${appeal.member ? `@${appeal.member.handleName}` : 'a member who left'}`} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <MemberLine member={appeal.member} />
        <span className="text-xs text-muted">
          <When iso={appeal.createdAt} now={now} prefix="Appealed " />
        </span>
      </div>
      <p className="whitespace-pre-line break-words text-sm">{appeal.text}</p>
      <div className="rounded-lg bg-surface-2 p-3 text-sm">
        <p className="font-semibold">
          Decision appealed: {decisionTitle(d)}
          {d.rule && ` · ${d.rule}`}
        </p>
        <p className="break-words">{d.note}</p>
        {d.excerpt && <p className="mt-1 line-clamp-3 break-words text-muted">“{d.excerpt}”</p>}
        <p className="mt-1 text-xs text-muted">
          {d.moderator && `By @${d.moderator.handleName} · `}
          {shortDate(d.createdAt)}
        </p>
      </div>
      <form onSubmit={(e) => e.preventDefault()} noValidate className="flex flex-col gap-3">
        <TextArea label="Your note" rows={2} hint="The member reads it." error={form.formState.errors.note?.message} count={{ used: note.length, max: NOTE_MAX }} {...form.register('note')} />
        {failure && (
          <p role="alert" className="text-sm text-danger">
            {failure}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" busy={decide.isPending && decide.variables.decision === 'deny'} disabled={decide.isPending} onClick={() => void answer('deny')}>
            Deny
          </Button>
          <Button busy={decide.isPending && decide.variables.decision === 'grant'} disabled={decide.isPending} onClick={() => void answer('grant')}>
            Grant
          </Button>
        </div>
      </form>
    </article>
  );
}
