import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { ACTIVITY_DESCRIPTION_MAX, ACTIVITY_TITLE_MAX, activityUpdate, type ActivityDetail } from '#contract/activities';
import { DiscardChangesPanel } from '../../../components/discard-changes-dialog';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { useUpdateActivity } from '../detail-mutations';
import { SportField, VisibilityField } from './activity-fields';

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
        <SportField register={form.register('sportId', { valueAsNumber: true })} error={errors.sportId?.message} />
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
