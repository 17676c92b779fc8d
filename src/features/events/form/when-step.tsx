import { useMemo } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { REPEATS, type Repeats } from '#contract/events';
import { TextField } from '../../../components/ui/text-field';
import type { EventFormInput, EventFormValues } from './event-form-schema';
import { SelectField } from '../../../components/ui/select-field';
import { instantToZoned, timeZoneOptions, zonedToInstant } from './zoned-time';

type Form = UseFormReturn<EventFormInput, unknown, EventFormValues>;

const REPEAT_LABELS: Record<Repeats, string> = { none: 'Does not repeat', daily: 'Every day', weekly: 'Every week', monthly: 'Every month' };

/** `03:30` as `3:30 AM`, the way the rest of the app writes times. */
const twelveHour = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

/**
 * A time the clocks skip on that day (spring forward) is moved past the gap: say so, with the time it will be, rather
 * than surprise the organiser on the event's page.
 */
function gapNote(date: string, time: string, timeZone: string): string | undefined {
  const instant = zonedToInstant({ date, time }, timeZone);
  if (!instant?.shifted) return undefined;
  const real = instantToZoned(instant.seconds, timeZone);
  return `The clocks skip ${twelveHour(time)} that day in ${timeZone}; it will be ${twelveHour(real.time)}.`;
}

/** Step 2: when it happens, in which time zone, and whether it repeats. */
export function WhenStep({ form }: { form: Form }) {
  const { errors } = form.formState;
  const [startDate, startTime, endDate, endTime, timeZone] = useWatch({
    control: form.control,
    name: ['startDate', 'startTime', 'endDate', 'endTime', 'timeZone'],
  });
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  const startDateField = form.register('startDate', {
    onChange: (event: { target: { value: string } }) => {
      // Most events end the day they start: fill the end day the first time, leave it alone after.
      if (form.getValues('endDate') === '' && event.target.value !== '') form.setValue('endDate', event.target.value);
    },
  });
  return (
    <div className="flex flex-col gap-5">
      <div className="grid grid-cols-2 gap-3 sm:gap-5">
        <TextField label="Start date" type="date" error={errors.startDate?.message} {...startDateField} />
        <TextField
          label="Start time"
          type="time"
          error={errors.startTime?.message}
          hint={startDate && startTime ? gapNote(startDate, startTime, timeZone) : undefined}
          {...form.register('startTime')}
        />
        <TextField label="End date" type="date" error={errors.endDate?.message} {...form.register('endDate')} />
        <TextField
          label="End time"
          type="time"
          error={errors.endTime?.message}
          hint={endDate && endTime ? gapNote(endDate, endTime, timeZone) : undefined}
          {...form.register('endTime')}
        />
      </div>
      <SelectField
        label="Time zone"
        hint="The times above are in this zone; everyone sees the event in it."
        error={errors.timeZone?.message}
        {...form.register('timeZone')}
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </SelectField>
      <SelectField label="Repeats" error={errors.repeats?.message} {...form.register('repeats')}>
        {REPEATS.map((r) => (
          <option key={r} value={r}>
            {REPEAT_LABELS[r]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
