import type { UseFormReturn } from 'react-hook-form';
import type { GearOptionFieldWire } from '#contract/gear';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { GearFormInput, GearFormValues } from '../gear-form-schema';

type Props = { fields: readonly GearOptionFieldWire[]; form: UseFormReturn<GearFormInput, unknown, GearFormValues> };

/**
 * A sport's details as the server describes them (`GET /api/sportEquipmentOptions`): a list to choose from, a whole
 * number in its unit, or free text, in the server's order. Nothing here names a sport: a new field on the server is
 * a new input here.
 */
export function GearDetailInputs({ fields, form }: Props) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((field) => {
        const error = errors[field.key]?.message;
        if (field.type === 'select') {
          return (
            <SelectField key={field.key} label={field.label} error={error} {...form.register(field.key)}>
              <option value="">Not set</option>
              {(field.choices ?? []).map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </SelectField>
          );
        }
        if (field.type === 'number') {
          return (
            <TextField
              key={field.key}
              label={field.unit ? `${field.label} (${field.unit})` : field.label}
              type="number"
              inputMode="numeric"
              step={1}
              min={field.min}
              max={field.max}
              error={error}
              {...form.register(field.key)}
            />
          );
        }
        return (
          <TextField
            key={field.key}
            label={field.label}
            autoComplete="off"
            placeholder={field.placeholder}
            maxLength={field.maxLength}
            error={error}
            className={field.key === 'buildKit' ? 'sm:col-span-2' : undefined}
            {...form.register(field.key)}
          />
        );
      })}
    </div>
  );
}
