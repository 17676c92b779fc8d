import { Controller, type UseFormReturn } from 'react-hook-form';
import { WHO_CAN_SEE, type Event, type WhoCanSee } from '#contract/events';
import { TextField } from '../../../components/ui/text-field';
import { UNIT_LABELS, type Units } from '../../../lib/units';
import { ChoiceChips } from './choice-chips';
import { CoHostPicker } from './co-host-picker';
import type { EventFormInput, EventFormValues } from './event-form-schema';

type Form = UseFormReturn<EventFormInput, unknown, EventFormValues>;

export const WHO_CAN_SEE_TEXT: Record<WhoCanSee, { label: string; detail: string }> = {
  public: { label: 'Public', detail: 'Every member can find it and join.' },
  followers: { label: 'Followers', detail: 'Only people who follow you, and anyone you invite.' },
  invite: { label: 'Invite only', detail: 'Only the people you invite can see it.' },
};

/**
 * Step 4: what to aim for, who hosts, who may see it and how many can come. Co-hosts are the organiser's to choose;
 * those of `event` who accepted show as co-hosts, the rest as invited.
 */
export function GoalsStep({ form, units, event }: { form: Form; units: Units; event: Event | null }) {
  const { errors } = form.formState;
  const labels = UNIT_LABELS[units];
  const accepted = new Set(event?.coHosts.map((c) => c.userId));
  const locked = event !== null && !event.isOrganiser;
  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-base font-semibold">Goals</legend>
        <p className="text-sm text-muted">Optional. Something for everyone to aim for together.</p>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField label="Calories (cal)" inputMode="decimal" autoComplete="off" error={errors.goalCalories?.message} {...form.register('goalCalories')} />
          <TextField
            label={`Elevation (${labels.elevation})`}
            inputMode="decimal"
            autoComplete="off"
            error={errors.goalElevation?.message}
            {...form.register('goalElevation')}
          />
          <TextField
            label={`Distance (${labels.distance})`}
            inputMode="decimal"
            autoComplete="off"
            error={errors.goalDistance?.message}
            {...form.register('goalDistance')}
          />
        </div>
      </fieldset>
      <Controller
        control={form.control}
        name="coHosts"
        render={({ field }) => (
          <CoHostPicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.coHosts?.message} accepted={accepted} locked={locked} />
        )}
      />
      <Controller
        control={form.control}
        name="whoCanSee"
        render={({ field }) => (
          <ChoiceChips
            legend="Who can see it"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.whoCanSee?.message}
            options={WHO_CAN_SEE.map((w) => ({ value: w, ...WHO_CAN_SEE_TEXT[w] }))}
          />
        )}
      />
      <TextField
        label="Capacity"
        inputMode="numeric"
        autoComplete="off"
        placeholder="No limit"
        hint="Optional. When full, new joiners go on a waitlist."
        error={errors.capacity?.message}
        {...form.register('capacity')}
      />
    </div>
  );
}
