import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { useId } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import * as z from 'zod/mini';
import { ACTIVITY_DESCRIPTION_MAX, ACTIVITY_TITLE_MAX, ACTIVITY_VISIBILITIES, activityUpdate, type ActivityDetail } from '#contract/activities';
import { SPORTS } from '#contract/sports';
import { DiscardChangesPanel } from '../../../components/discard-changes-dialog';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { controlClass, describedBy, FieldFrame } from '../../../components/ui/field-frame';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { useUpdateActivity } from '../detail-mutations';
import { VISIBILITY_WORDS } from '../visibility-words';

/** What the owner may change, by the rules of `PUT /api/activity` (the id is the activity's own). */
const editForm = z.pick(activityUpdate, { title: true, description: true, sportId: true, visibility: true });
type EditValues = z.infer<typeof editForm>;
const FIELDS = ['title', 'description', 'sportId', 'visibility'] as const;

/**
 * "Edit activity": title, description, sport and who sees it. What was typed stays through a refusal (the server's
 * words go under their field); closing with changes asks first.
 */
export function ActivityEditDialog({ activity, onClose }: { activity: ActivityDetail; onClose(): void }) {
  const update = useUpdateActivity();
  const sportId = useId();
  const form = useForm<EditValues>({
    resolver: zodResolver(editForm),
    defaultValues: { title: activity.title, description: activity.description, sportId: activity.sportId, visibility: activity.visibility },
  });
  const { errors } = form.formState;
  const description = useWatch({ control: form.control, name: 'description' });
  const { question, requestDiscard } = useUnsavedChangesGuard({ dirty: form.formState.isDirty && !update.isSuccess, onDiscard: onClose });

  const submit = form.handleSubmit((values) =>
    update.mutate({ id: activity.id, ...values }, { onSuccess: onClose, onError: (error) => applyServerErrors(error, form.setError, FIELDS) }),
  );

  return (
    <Dialog title={question ? question.title : 'Edit activity'} onClose={question ? question.keep : requestDiscard}>
      {question && <DiscardChangesPanel question={question} />}
      <form onSubmit={submit} noValidate hidden={question !== null} className="flex flex-col gap-4">
        <TextField label="Title" autoComplete="off" maxLength={ACTIVITY_TITLE_MAX} error={errors.title?.message} {...form.register('title')} />
        <TextArea
          label="Description"
          rows={4}
          count={{ used: description.length, max: ACTIVITY_DESCRIPTION_MAX }}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <FieldFrame inputId={sportId} label="Sport" error={errors.sportId?.message}>
          <select
            id={sportId}
            aria-invalid={errors.sportId ? true : undefined}
            aria-describedby={describedBy(sportId, { error: errors.sportId?.message })}
            className={clsx('min-h-11', controlClass(errors.sportId?.message))}
            {...form.register('sportId', { valueAsNumber: true })}
          >
            {SPORTS.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </FieldFrame>
        <VisibilityField register={form.register('visibility')} error={errors.visibility?.message} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={requestDiscard}>
            Cancel
          </Button>
          <Button type="submit" busy={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function VisibilityField({ register, error }: { register: UseFormRegisterReturn<'visibility'>; error: string | undefined }) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">Who sees it</legend>
      {ACTIVITY_VISIBILITIES.map((value) => (
        <label key={value} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line p-3 hover:bg-surface-2 has-[:checked]:border-brand">
          <input type="radio" value={value} className="mt-1 size-4 shrink-0 accent-brand" {...register} />
          <span className="flex flex-col">
            <span className="text-sm font-semibold">{VISIBILITY_WORDS[value].label}</span>
            <span className="text-xs text-muted">{VISIBILITY_WORDS[value].hint}</span>
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
