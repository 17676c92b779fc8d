import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  MODERATION_ACTIONS,
  moderationActionBody,
  moderationMessagesFor,
  NOTE_MAX,
  REPORT_REASONS,
  REPORT_TARGETS,
  type ModerationAction,
  type ModerationActionBody,
  type ReportTarget,
} from '#contract/reports';
import { Button } from '../../../components/ui/button';
import { controlClass } from '../../../components/ui/field-frame';
import { TextArea } from '../../../components/ui/text-area';
import { errorMessage } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useModerationAction } from '../api';

const ACTION_CHOICES: Record<ModerationAction, { label: string; hint: string }> = {
  dismiss: { label: 'Dismiss', hint: 'Nothing breaks the rules; the reports are closed.' },
  remove: { label: 'Remove', hint: 'Take the content down; the author may appeal once.' },
  warn: { label: 'Warn', hint: 'A warning on the member’s record; they may appeal once.' },
  suspend: { label: 'Suspend', hint: 'The member is signed out and cannot sign in until it ends.' },
};

const LENGTHS = [
  { value: '1', label: '1 day', days: 1 },
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: 30 },
  { value: 'forever', label: 'For good', days: null },
] as const;

/**
 * The form's fields as the controls hold them (the rule a select's string, the length a radio's), turned into the
 * contract's body, which then checks them: the resolver's output is exactly what is sent.
 */
const actionForm = z
  .object({
    targetKind: z.enum(REPORT_TARGETS),
    targetId: z.int(),
    action: z.enum(MODERATION_ACTIONS),
    ruleId: z.string(),
    note: z.string(),
    length: z.enum(['1', '7', '30', 'forever']),
  })
  // Checked whatever else is wrong, so a missing rule and a missing reason show together.
  .check(z.refine((v) => v.action === 'dismiss' || v.ruleId !== '', { message: moderationMessagesFor.ruleNeeded, path: ['ruleId'], when: () => true }));

const actionSchema = z.pipe(
  z.pipe(
    actionForm,
    z.transform(
      ({ length, ruleId, ...v }): z.input<typeof moderationActionBody> => ({
        ...v,
        ...(v.action !== 'dismiss' && ruleId !== '' ? { ruleId: Number(ruleId) } : {}),
        ...(v.action === 'suspend' ? { days: LENGTHS.find((l) => l.value === length)!.days } : {}),
      }),
    ),
  ),
  moderationActionBody,
);
type ActionFormValues = z.input<typeof actionForm>;

/** The decision on a case: what to do, the rule broken, why in words, and for a suspension how long. */
export function ActionForm({ targetKind, targetId, onDone }: { targetKind: ReportTarget; targetId: number; onDone(): void }) {
  const decide = useModerationAction();
  const form = useForm<ActionFormValues, unknown, ModerationActionBody>({
    resolver: zodResolver(actionSchema),
    defaultValues: { targetKind, targetId, action: 'dismiss', ruleId: '', note: '', length: '7' },
  });
  const { errors } = form.formState;
  const action = useWatch({ control: form.control, name: 'action' });
  const note = useWatch({ control: form.control, name: 'note' });
  // A member is warned or suspended, never removed (the server says so too: cannotRemoveMember).
  const actions = MODERATION_ACTIONS.filter((a) => !(a === 'remove' && targetKind === 'member'));

  const submit = form.handleSubmit(async (body) => {
    try {
      const { message } = await decide.mutateAsync(body);
      toast.success(message);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['ruleId', 'note', 'action']);
      form.setError('root', { message: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Decision" className="flex flex-col gap-4 border-t border-line pt-3">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">Decision</h3>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Action</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {actions.map((a) => (
            <label key={a} className="flex min-h-11 cursor-pointer items-start gap-2 rounded-lg border border-line p-3 has-[:checked]:border-brand">
              <input type="radio" value={a} className="mt-1 accent-brand" {...form.register('action')} />
              <span className="flex flex-col">
                <span className="text-sm font-semibold">{ACTION_CHOICES[a].label}</span>
                <span className="text-xs text-muted">{ACTION_CHOICES[a].hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {action !== 'dismiss' && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`rule-${targetKind}-${targetId}`} className="text-sm font-medium">
            Rule broken
          </label>
          <select
            id={`rule-${targetKind}-${targetId}`}
            aria-invalid={errors.ruleId ? true : undefined}
            aria-describedby={errors.ruleId ? `rule-${targetKind}-${targetId}-error` : undefined}
            className={`min-h-11 ${controlClass(errors.ruleId?.message)}`}
            {...form.register('ruleId')}
          >
            <option value="">Choose a rule</option>
            {REPORT_REASONS.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {r.title}
              </option>
            ))}
          </select>
          {errors.ruleId && (
            <p id={`rule-${targetKind}-${targetId}-error`} role="alert" className="text-sm text-danger">
              {errors.ruleId.message}
            </p>
          )}
        </div>
      )}

      {action === 'suspend' && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Length</legend>
          <div className="flex flex-wrap gap-2">
            {LENGTHS.map((l) => (
              <label key={l.value} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line px-3 has-[:checked]:border-brand">
                <input type="radio" value={l.value} {...form.register('length')} />
                <span className="text-sm">{l.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <TextArea
        label="Reason"
        hint="Members read this: say which words or photos break the rule."
        rows={3}
        error={errors.note?.message}
        count={{ used: note.length, max: NOTE_MAX }}
        {...form.register('note')}
      />

      {errors.root && (
        <p role="alert" className="text-sm text-danger">
          {errors.root.message}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" variant={action === 'dismiss' ? 'secondary' : 'danger'} busy={decide.isPending}>
          {action === 'dismiss' ? 'Dismiss the reports' : `${ACTION_CHOICES[action].label}`}
        </Button>
      </div>
    </form>
  );
}
