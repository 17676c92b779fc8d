import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { SERVICE_NOTE_MAX, SERVICE_WHAT_MAX, type GearComponent } from '#contract/gear';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { localDayDoneAt, localDayToInstant, todayLocalDay } from '../../../lib/local-day';
import { useLogService } from '../component-mutations';

/** Named as on the wire, so a 400 lands under its field; `servicedAt` holds the picked day. */
const serviceForm = z.object({
  servicedAt: z.string().check(z.refine((v) => localDayToInstant(v) !== null, 'Give the day it was serviced.')),
  what: z
    .string()
    .check(z.trim(), z.minLength(1, 'Say what was done, like “New chain” or “Lower leg service”.'), z.maxLength(SERVICE_WHAT_MAX, `At most ${SERVICE_WHAT_MAX} characters.`)),
  note: z.string().check(z.trim(), z.maxLength(SERVICE_NOTE_MAX, `Keep the note to ${SERVICE_NOTE_MAX.toLocaleString('en')} characters.`)),
});
type ServiceForm = z.input<typeof serviceForm>;
const SERVICE_FIELDS = ['servicedAt', 'what', 'note'] as const;

/** "Log service": the day (today unless changed), what was done and a note; the interval counts again from that day. */
export function ServiceDialog({ component, onClose }: { component: GearComponent; onClose(): void }) {
  const form = useForm<ServiceForm>({ resolver: zodResolver(serviceForm), defaultValues: { servicedAt: todayLocalDay(), what: '', note: '' } });
  const { errors } = form.formState;
  const note = useWatch({ control: form.control, name: 'note' });
  const log = useLogService();

  const submit = form.handleSubmit(async (values) => {
    try {
      const trimmed = values.note.trim();
      await log.mutateAsync({
        id: component.id,
        servicedAt: localDayDoneAt(values.servicedAt)!,
        what: values.what.trim(),
        ...(trimmed ? { note: trimmed } : {}),
      });
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, SERVICE_FIELDS);
    }
  });

  return (
    <Dialog title={`Log a service of ${component.name}`} onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField label="Serviced on" type="date" max={todayLocalDay()} error={errors.servicedAt?.message} {...form.register('servicedAt')} />
        <TextField
          label="What was done"
          autoComplete="off"
          maxLength={SERVICE_WHAT_MAX}
          hint="E.g. “New chain”, “Lower leg service”, “Pads swapped”."
          error={errors.what?.message}
          {...form.register('what')}
        />
        <TextArea label="Note (optional)" rows={3} count={{ used: note.length, max: SERVICE_NOTE_MAX }} error={errors.note?.message} {...form.register('note')} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={log.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={log.isPending}>
            Log service
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
