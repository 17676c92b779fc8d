import * as z from 'zod/mini';
import {
  GEAR_BRAND_MAX,
  GEAR_DETAIL_KEYS,
  GEAR_IMAGES_MAX,
  GEAR_NOTES_MAX,
  GEAR_TITLE_MAX,
  GEAR_YEAR_MIN,
  gearYearMax,
  type Gear,
  type GearDetailKey,
  type GearInput,
  type GearOptionFieldWire,
} from '#contract/gear';

/**
 * The gear form's fields: `gearInput` as a person types it. Every input holds text (an empty one is "not set"); the
 * sport's details are flat, named as on the wire, so a server 400 for `frontTravel` lands under that input. Which
 * details there are, and their limits, come from the sport's options (`GET /api/sportEquipmentOptions`), so the
 * schema is made for the fields on screen; a detail of another sport is kept while typed but never sent.
 */
export function gearFormSchema(fields: readonly GearOptionFieldWire[]) {
  const detail = (key: GearDetailKey) => {
    const field = fields.find((f) => f.key === key);
    if (field?.type === 'number') {
      const min = field.min ?? 0;
      const max = field.max ?? 100_000;
      const message = `Enter a whole number from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}${field.unit ? ` ${field.unit}` : ''}.`;
      return z.string().check(z.trim(), z.refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= min && Number(v) <= max), message));
    }
    if (field?.type === 'text' && field.maxLength !== undefined) {
      return z.string().check(z.trim(), z.maxLength(field.maxLength, `At most ${field.maxLength} characters.`));
    }
    return z.string().check(z.trim());
  };
  const yearMax = gearYearMax();
  return z.object({
    sportId: z.string().check(z.minLength(1, 'Choose a sport.')),
    title: z.string().check(z.trim(), z.minLength(1, 'Give it a name.'), z.maxLength(GEAR_TITLE_MAX, `Keep the name to ${GEAR_TITLE_MAX} characters.`)),
    brand: z.string().check(z.trim(), z.maxLength(GEAR_BRAND_MAX, `At most ${GEAR_BRAND_MAX} characters.`)),
    model: z.string().check(z.trim(), z.maxLength(GEAR_BRAND_MAX, `At most ${GEAR_BRAND_MAX} characters.`)),
    year: z
      .string()
      .check(
        z.trim(),
        z.refine((v) => v === '' || (/^\d{4}$/.test(v) && Number(v) >= GEAR_YEAR_MIN && Number(v) <= yearMax), `Enter a year from ${GEAR_YEAR_MIN} to ${yearMax}.`),
      ),
    notes: z.string().check(z.trim(), z.maxLength(GEAR_NOTES_MAX, `Keep the notes to ${GEAR_NOTES_MAX.toLocaleString('en')} characters.`)),
    isDefault: z.boolean(),
    images: z.array(z.string()).check(z.maxLength(GEAR_IMAGES_MAX, `Up to ${GEAR_IMAGES_MAX} photos.`)),
    ...(Object.fromEntries(GEAR_DETAIL_KEYS.map((key) => [key, detail(key)])) as Record<GearDetailKey, ReturnType<typeof detail>>),
  });
}

type Schema = ReturnType<typeof gearFormSchema>;
export type GearFormInput = z.input<Schema>;
export type GearFormValues = z.output<Schema>;

/** The fields a server 400 may name that have an input of their own here. */
export const GEAR_FORM_FIELDS = ['sportId', 'title', 'brand', 'model', 'year', 'notes', 'isDefault', 'images', ...GEAR_DETAIL_KEYS] as const;

const noDetails = Object.fromEntries(GEAR_DETAIL_KEYS.map((key) => [key, ''])) as Record<GearDetailKey, string>;

/** A new piece: no sport yet (it decides the other fields), nothing typed. */
export const emptyGearForm = (): GearFormInput => ({
  sportId: '',
  title: '',
  brand: '',
  model: '',
  year: '',
  notes: '',
  isDefault: false,
  images: [],
  ...noDetails,
});

/** A piece being edited, as its inputs show it. */
export function toGearFormValues(gear: Gear): GearFormInput {
  const details = Object.fromEntries(GEAR_DETAIL_KEYS.map((key) => [key, gear[key] === null ? '' : String(gear[key])])) as Record<GearDetailKey, string>;
  return {
    sportId: String(gear.sportId),
    title: gear.title,
    brand: gear.brand,
    model: gear.model,
    year: gear.year === null ? '' : String(gear.year),
    notes: gear.notes,
    isDefault: gear.isDefault,
    images: gear.images.map((image) => image.key),
    ...details,
  };
}

/**
 * The body of `POST /api/userSaveEquipment`: the sport's own details only (the server refuses a value for a field
 * the sport does not have), empty ones as null; `id` for an edit, `isDraft` from the button pressed.
 */
export function toGearInput(values: GearFormValues, fields: readonly GearOptionFieldWire[], { id, isDraft }: { id: number | undefined; isDraft: boolean }): GearInput {
  const details = Object.fromEntries(
    fields.map(({ key, type }) => {
      const value = values[key];
      return [key, value === '' ? null : type === 'number' ? Number(value) : value];
    }),
  );
  return {
    ...(id === undefined ? {} : { id }),
    sportId: Number(values.sportId),
    title: values.title,
    brand: values.brand,
    model: values.model,
    year: values.year === '' ? null : Number(values.year),
    notes: values.notes,
    isDraft,
    isDefault: values.isDefault,
    images: values.images,
    ...details,
  };
}
