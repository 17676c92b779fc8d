import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { COMPONENT_KIND_NAMES, COMPONENT_KINDS, COMPONENT_NAME_MAX, type GearComponent } from '#contract/gear';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { todayLocalDay } from '../../../lib/local-day';
import { UNIT_LABELS, useUnits } from '../../../lib/units';
import { COMPONENT_FORM_FIELDS, componentFormSchema, emptyComponentForm, toComponentForm, toComponentInput, type ComponentForm } from '../component-form-schema';
import { useSaveComponent } from '../component-mutations';

type Props = {
  gearId: number;
  /** The component being edited; null fits a new one. */
  component: GearComponent | null;
  onClose(): void;
};

/**
 * Add or edit a component: its kind, name, the day it was fitted and how often it wants a service, by distance (in
 * the member's unit) and/or by riding hours (suspension counts hours, a chain distance). A 400 goes under its field,
 * what was typed kept.
 */
export function ComponentFormDialog({ gearId, component, onClose }: Props) {
  const units = useUnits();
  const schema = useMemo(() => componentFormSchema(units), [units]);
  const form = useForm<ComponentForm>({
    resolver: zodResolver(schema),
    defaultValues: component ? toComponentForm(component, units) : emptyComponentForm(),
  });
  const { errors } = form.formState;
  const save = useSaveComponent();
  const unit = UNIT_LABELS[units].distance;

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(toComponentInput(values, units, { gearId, id: component?.id }));
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, COMPONENT_FORM_FIELDS);
    }
  });

  return (
    <Dialog title={component ? `Edit ${component.name}` : 'Add a component'} onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <SelectField label="Kind" error={errors.kind?.message} {...form.register('kind')}>
          {component === null && <option value="">Choose a kind</option>}
          {COMPONENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {COMPONENT_KIND_NAMES[kind]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Name"
          autoComplete="off"
          maxLength={COMPONENT_NAME_MAX}
          hint="What you call it, e.g. “XT chain” or “Fox 36 fork”."
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField label="Fitted on" type="date" max={todayLocalDay()} error={errors.installedAt?.message} {...form.register('installedAt')} />
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">Service interval</legend>
          <p className="text-sm text-muted">Either, both or neither: you are told when it is due by whichever comes first.</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={`Every … ${unit}`}
              inputMode="decimal"
              autoComplete="off"
              error={errors.serviceIntervalKm?.message}
              {...form.register('serviceIntervalKm')}
            />
            <TextField label="Every … hours" inputMode="decimal" autoComplete="off" error={errors.serviceIntervalHours?.message} {...form.register('serviceIntervalHours')} />
          </div>
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            {component ? 'Save changes' : 'Add component'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
