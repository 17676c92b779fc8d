import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import clsx from 'clsx';
import { useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ACTIVITY_DESCRIPTION_MAX, type ManualActivityInput } from '#contract/activities';
import { DiscardChangesPanel } from '../../../components/discard-changes-dialog';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { controlClass } from '../../../components/ui/field-frame';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { UNIT_LABELS, useUnits } from '../../../lib/units';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { useSession } from '../../auth/session-context';
import { refetchActivitiesOnAdd } from '../activity-cache';
import { browserTimeZone, createManualActivity } from '../api';
import { manualActivitySchema, SERVER_FIELDS, type ManualActivityForm } from '../manual-activity-schema';
import { SportField, VisibilityField } from './activity-fields';

const pad = (n: number) => String(n).padStart(2, '0');
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

const discardWords = { title: 'Discard this activity?', description: 'What you typed will be lost.' };

/**
 * "Add manually": an activity without a file (the gym session, the hike without a watch). Distance and climb are typed
 * in the member's units and the start on the browser's clock; the wire gets metres and an instant. Saved, it opens the
 * new activity. Closing it, or leaving the page, with something typed asks first.
 */
export function ManualActivityDialog({ onClose }: { onClose(): void }) {
  const units = useUnits();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const schema = useMemo(() => manualActivitySchema(units, browserTimeZone()), [units]);
  const form = useForm<ManualActivityForm, unknown, ManualActivityInput>({
    resolver: zodResolver(schema),
    defaultValues: {
      sportId: user?.sports[0] !== undefined ? String(user.sports[0]) : '',
      title: '',
      date: today(),
      time: '',
      hours: '',
      minutes: '',
      seconds: '',
      distance: '',
      climb: '',
      description: '',
      visibility: 'everyone',
    },
  });
  const { errors, isDirty } = form.formState;
  const create = useMutation({ mutationFn: createManualActivity });
  const { question, requestDiscard } = useUnsavedChangesGuard({ dirty: isDirty && !create.isSuccess, words: discardWords, onDiscard: onClose });
  const durationId = useId();
  const labels = UNIT_LABELS[units];
  const durationError = errors.hours?.message ?? errors.minutes?.message ?? errors.seconds?.message;
  const description = useWatch({ control: form.control, name: 'description' });

  const submit = form.handleSubmit(async (input) => {
    try {
      const { message, data } = await create.mutateAsync(input);
      toast.success(message);
      refetchActivitiesOnAdd(queryClient);
      onClose();
      await navigate({ to: '/activities/$activityId', params: { activityId: String(data.id) }, ignoreBlocker: true });
    } catch (error) {
      if (error instanceof ApiError) {
        // The server names the wire's fields; each goes under the box it was typed in.
        const onForm = Object.entries(error.errors).map(([field, list]) => [SERVER_FIELDS[field as keyof ManualActivityInput] ?? field, list]);
        applyServerErrors(new ApiError(error.status, error.message, Object.fromEntries(onForm)), form.setError, Object.values(SERVER_FIELDS));
      }
    }
  });

  return (
    <Dialog title={question ? question.title : 'Add an activity'} onClose={question ? question.keep : requestDiscard} size="lg">
      {question && <DiscardChangesPanel question={question} />}
      <form hidden={question !== null} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-muted">For an activity without a file: the gym session, the hike without a watch.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <SportField register={form.register('sportId')} error={errors.sportId?.message} placeholder="Choose a sport" />
          <TextField label="Title" hint="Leave it empty for one like “Morning ride”." error={errors.title?.message} {...form.register('title')} />
          <TextField label="Day" type="date" max={today()} error={errors.date?.message} {...form.register('date')} />
          <TextField label="Start time" type="time" error={errors.time?.message} {...form.register('time')} />
        </div>

        <fieldset className="flex flex-col gap-1" aria-describedby={durationError ? `${durationId}-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">Moving time</legend>
          <div className="grid grid-cols-3 gap-3">
            {(['hours', 'minutes', 'seconds'] as const).map((part) => (
              <label key={part} className="flex flex-col gap-1 text-xs text-muted">
                {part[0]!.toUpperCase() + part.slice(1)}
                <input
                  inputMode="numeric"
                  autoComplete="off"
                  aria-invalid={durationError ? true : undefined}
                  className={clsx('min-h-11', controlClass(durationError))}
                  {...form.register(part)}
                />
              </label>
            ))}
          </div>
          {durationError && (
            <p id={`${durationId}-error`} role="alert" className="text-sm text-danger">
              {durationError}
            </p>
          )}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={`Distance (${labels.distance})`} inputMode="decimal" autoComplete="off" error={errors.distance?.message} {...form.register('distance')} />
          <TextField label={`Climb (${labels.elevation})`} inputMode="decimal" autoComplete="off" error={errors.climb?.message} {...form.register('climb')} />
        </div>

        <TextArea
          label="Description"
          rows={3}
          count={{ used: description.length, max: ACTIVITY_DESCRIPTION_MAX }}
          error={errors.description?.message}
          {...form.register('description')}
        />

        <VisibilityField register={form.register('visibility')} error={errors.visibility?.message} />

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={requestDiscard}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending}>
            Save activity
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
