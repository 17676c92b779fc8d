import { Controller, type UseFormReturn } from 'react-hook-form';
import { DIFFICULTIES, EVENT_ACTIVITY_TYPE_MAX, EVENT_DESCRIPTION_MAX, EVENT_ICONS, EVENT_NAME_MAX, type EventIcon } from '#contract/events';
import { SPORTS } from '#contract/sports';
import { Icon } from '../../../components/icons';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { difficultyLabel } from '../event-format';
import { BannerField } from './banner-field';
import { ChoiceChips } from './choice-chips';
import type { EventFormInput, EventFormValues } from './event-form-schema';
import { SelectField } from '../../../components/ui/select-field';

type Form = UseFormReturn<EventFormInput, unknown, EventFormValues>;

const ICON_LABELS: Record<EventIcon, string> = {
  bike: 'Bike',
  mountain: 'Mountain',
  run: 'Run',
  walk: 'Walk',
  trophy: 'Trophy',
  flag: 'Flag',
  sun: 'Sun',
  moon: 'Moon',
};

const DIFFICULTY_DETAILS = {
  easy: 'Relaxed pace, short, for anyone',
  moderate: 'Some climbing, a steady pace',
  hard: 'Long or steep, fit riders and hikers',
  expert: 'Technical terrain, experience needed',
} as const;

/** Step 1: what the event is. */
export function BasicsStep({ form, onBannerBusy }: { form: Form; onBannerBusy(busy: boolean): void }) {
  const { errors } = form.formState;
  return (
    <div className="flex flex-col gap-5">
      <TextField label="Event name" autoComplete="off" maxLength={EVENT_NAME_MAX} error={errors.eventName?.message} {...form.register('eventName')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label="Sport" error={errors.sportId?.message} {...form.register('sportId')}>
          <option value="">Choose a sport</option>
          {SPORTS.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Activity type"
          placeholder="Group ride, sunrise hike…"
          hint="Optional. What kind of outing this is."
          autoComplete="off"
          maxLength={EVENT_ACTIVITY_TYPE_MAX}
          error={errors.activityType?.message}
          {...form.register('activityType')}
        />
      </div>
      <Controller
        control={form.control}
        name="difficulty"
        render={({ field }) => (
          <ChoiceChips
            legend="Difficulty"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.difficulty?.message}
            options={DIFFICULTIES.map((d) => ({ value: d, label: difficultyLabel(d), detail: DIFFICULTY_DETAILS[d] }))}
          />
        )}
      />
      <Controller
        control={form.control}
        name="icon"
        render={({ field }) => (
          <ChoiceChips
            legend="Icon"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.icon?.message}
            compact
            options={EVENT_ICONS.map((icon) => ({ value: icon, label: ICON_LABELS[icon], icon: <Icon name={icon} /> }))}
          />
        )}
      />
      <Controller
        control={form.control}
        name="banner"
        render={({ field }) => (
          <BannerField value={field.value} onChange={(v) => field.onChange(v)} error={errors.banner?.message} onBusyChange={onBannerBusy} />
        )}
      />
      <Controller
        control={form.control}
        name="meetingDescription"
        render={({ field }) => (
          <TextArea
            label="Description"
            hint="What to expect, what to bring, where exactly to meet."
            count={{ used: field.value.length, max: EVENT_DESCRIPTION_MAX }}
            error={errors.meetingDescription?.message}
            {...field}
          />
        )}
      />
    </div>
  );
}
