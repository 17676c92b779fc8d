import type { UseFormReturn } from 'react-hook-form';
import { ZONE_LABEL_MAX } from '#contract/activities';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useUnits } from '../../../lib/units';
import { radiusLabel } from './distance-choices';
import type { PrivacyFormInput, PrivacyFormValues } from './privacy-form-schema';

type Form = UseFormReturn<PrivacyFormInput, unknown, PrivacyFormValues>;

/** A zone's name in lists and buttons: its label, or its place in the list. */
export const zoneName = (label: string, index: number) => label.trim() || `Zone ${index + 1}`;

/**
 * The zones, each with its label to rename and a way to remove it. A saved zone's place and size stay as they are (a
 * new offset each time would help narrow the true centre down); a new one says it is kept only once saved.
 */
export function ZoneList({ form, zones, onRemove }: { form: Form; zones: PrivacyFormInput['zones']; onRemove(index: number): void }) {
  const units = useUnits();
  const { errors } = form.formState;
  if (zones.length === 0) return <p className="text-sm text-muted">No zones yet: your activities show whole to those who may see them.</p>;
  return (
    <ol aria-label="Your zones" className="flex flex-col gap-3">
      {zones.map((field, index) => {
        const name = zoneName(field.label, index);
        return (
          // A saved zone by its id, a new one by its place: no two zones of the list share either.
          <li key={field.id ?? `new-${field.centre.join(',')}-${field.radius}`} className="flex flex-col gap-2 rounded-xl border border-line p-3 sm:flex-row sm:items-end">
            <TextField
              label={`Zone ${index + 1} label`}
              hint={`${radiusLabel(field.radius, units)} radius · ${field.id === null ? 'new: kept once you save' : 'saved'}`}
              placeholder="Home, Work…"
              maxLength={ZONE_LABEL_MAX}
              autoComplete="off"
              className="min-w-0 flex-1"
              error={errors.zones?.[index]?.label?.message}
              {...form.register(`zones.${index}.label`)}
            />
            <Button variant="ghost" aria-label={`Remove ${name}`} className="self-end" onClick={() => onRemove(index)}>
              Remove
            </Button>
          </li>
        );
      })}
    </ol>
  );
}
