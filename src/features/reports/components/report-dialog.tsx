import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { kindsOfRow, REPORT_COMMENT_MAX, reportMessages, TARGET_NOUNS, TARGET_ROW } from '#contract/reports';
import { DiscardChangesPanel } from '../../../components/discard-changes-dialog';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextArea } from '../../../components/ui/text-area';
import { LoadError } from '../../../components/load-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { useSession } from '../../auth/session-context';
import { reasonsQuery, reportKeys, sendReport } from '../api';
import { emptyReportForm, REPORT_FORM_FIELDS, reportForm, toReportFields, type ReportFormValues } from '../report-form-schema';
import { useReportFollowUps, type ReportSubject } from '../report-follow-ups';
import { useScreenshotUploads } from '../use-screenshot-uploads';
import { ScreenshotField } from './screenshot-field';


/**
 * Reporting a member, a post, a short, an event, an activity or a comment: a rule from the community rules, an optional comment and
 * screenshots, then a thank-you step that offers to block the member too. What was typed stays through a failed send;
 * closing with something typed asks first. The reported thing leaves the viewer's lists once the dialog closes (not at
 * once: the dialog usually lives inside the card that would go with it).
 */
export function ReportDialog({ subject, onClose, onSent }: { subject: ReportSubject; onClose(): void; /** After a sent report, as the dialog goes (a player drops the short). */ onSent?: (() => void) | undefined }) {
  const queryClient = useQueryClient();
  const { onReported } = useReportFollowUps();
  const [sent, setSent] = useState(false);

  const reported = useRef(false);
  const latest = useRef({ onReported, onSent, subject, queryClient });
  useEffect(() => {
    latest.current = { onReported, onSent, subject, queryClient };
  });
  useEffect(
    () => () => {
      const { onReported: done, onSent: sent, subject: what, queryClient: client } = latest.current;
      if (!reported.current) return;
      done?.(client, what);
      sent?.();
    },
    [],
  );

  const form = useForm<ReportFormValues>({ resolver: zodResolver(reportForm), defaultValues: emptyReportForm() });
  const shots = useScreenshotUploads();
  const comment = useWatch({ control: form.control, name: 'comment' });
  const dirty = !sent && (form.formState.isDirty || shots.items.length > 0);
  const { question, requestDiscard } = useUnsavedChangesGuard({
    dirty,
    words: { title: 'Discard this report?', description: 'What you wrote and the screenshots you added will be lost.' },
    onDiscard: onClose,
  });

  const send = useMutation({
    mutationFn: (values: ReportFormValues) => sendReport(subject.kind, subject.id, toReportFields(values)),
    onSuccess: ({ message }) => {
      reported.current = true;
      toast.success(message || (subject.kind === 'member' ? reportMessages.memberReported : reportMessages.sent));
      // The server files it under what the row is (a comment on a short is a short's comment): both lists of its rows.
      for (const kind of kindsOfRow(TARGET_ROW[subject.kind])) void queryClient.invalidateQueries({ queryKey: reportKeys.mine(kind) });
      setSent(true);
    },
    // The failure itself is toasted once by the QueryClient (a duplicate, the daily limit); field errors go under their fields.
    onError: (error) => applyServerErrors(error, form.setError, REPORT_FORM_FIELDS),
  });

  const keysText = shots.keys.join('\n');
  const { setValue } = form;
  useEffect(() => {
    setValue('images', keysText === '' ? [] : keysText.split('\n'));
  }, [keysText, setValue]);

  const submit = form.handleSubmit((values) => send.mutate(values));
  const title = question ? question.title : sent ? 'Thanks for reporting' : `Report ${subject.name}`;

  return (
    <Dialog title={title} onClose={question ? question.keep : sent ? onClose : requestDiscard}>
      {question && <DiscardChangesPanel question={question} />}
      <div hidden={question !== null}>
        {sent ? (
          <ThankYou subject={subject} onClose={onClose} />
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-5">
            <ReasonField form={form} />
            <TextArea
              label="Anything else the moderators should know? (optional)"
              rows={3}
              count={{ used: comment.length, max: REPORT_COMMENT_MAX }}
              error={form.formState.errors.comment?.message}
              {...form.register('comment')}
            />
            <ScreenshotField shots={shots} error={form.formState.errors.images?.message} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={requestDiscard}>
                Cancel
              </Button>
              <Button type="submit" busy={send.isPending} disabled={shots.isUploading}>
                Send report
              </Button>
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}

/** The community rules as a radio group: each a title with its rule read out beside it. */
function ReasonField({ form }: { form: UseFormReturn<ReportFormValues> }) {
  const reasons = useQuery(reasonsQuery);
  const id = useId();
  const error = form.formState.errors.reasonId?.message;

  // Until the server answers, the contract's copy shows (reasonsQuery); only a failure leaves nothing to choose from.
  if (!reasons.data) return <LoadError what="The community rules" error={reasons.error} onRetry={() => void reasons.refetch()} />;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm font-medium">Which rule does it break?</legend>
      {reasons.data.map((reason) => (
        <label
          key={reason.id}
          className="flex cursor-pointer items-start gap-3 rounded-xl border border-line p-3 hover:bg-surface-2 has-[:checked]:border-brand has-[:checked]:bg-surface-2"
        >
          <input
            type="radio"
            value={String(reason.id)}
            // Named by the title alone, the rule read after it as its description.
            aria-labelledby={`${id}-title-${reason.id}`}
            aria-describedby={`${id}-rule-${reason.id}`}
            className="mt-1 size-4 shrink-0 accent-brand"
            {...form.register('reasonId')}
          />
          <span className="flex min-w-0 flex-col">
            <span id={`${id}-title-${reason.id}`} className="text-sm font-semibold">
              {reason.title}
            </span>
            <span id={`${id}-rule-${reason.id}`} className="text-xs text-muted">
              {reason.rule}
            </span>
          </span>
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** After a report went through: what happens next, and the block the social area offers (not for oneself). */
function ThankYou({ subject, onClose }: { subject: ReportSubject; onClose(): void }) {
  const { BlockButton } = useReportFollowUps();
  const { user } = useSession();
  const hidden = subject.kind === 'member' ? undefined : TARGET_NOUNS[subject.kind];
  const { userId, handleName } = subject;
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-sm">
        Thanks — we'll review it.{hidden && ` You won't see this ${hidden} any more.`}
      </p>
      {BlockButton && userId !== undefined && handleName !== undefined && userId !== user?.userId && (
        <BlockButton userId={userId} handleName={handleName} onDone={onClose} />
      )}
      <div className="flex justify-end">
        {/* The form that had focus is gone: Done takes it, so the keyboard stays in the dialog. */}
        <Button variant="secondary" autoFocus onClick={onClose}>
          Done
        </Button>
      </div>
    </div>
  );
}
