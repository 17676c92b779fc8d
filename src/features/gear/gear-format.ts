import { gearOptionsOf, type Gear } from '#contract/gear';

export type GearFact = { label: string; value: string };

/**
 * A piece's sport details that are set, in its sport's order, worded with the labels and units of the sport's
 * options (the contract's copy of what `GET /api/sportEquipmentOptions` answers, so a list needs no extra request).
 */
export function gearDetailFacts(gear: Gear): GearFact[] {
  return gearOptionsOf(gear.sportId).flatMap((field) => {
    const value = gear[field.key];
    if (value === null || value === '') return [];
    return [{ label: field.label, value: field.type === 'number' ? `${value.toLocaleString('en')} ${field.unit}` : String(value) }];
  });
}

/** "Santa Cruz Hightower · 2023": the make, model and year that are set. */
export const gearMakeLine = (gear: Pick<Gear, 'brand' | 'model' | 'year'>) =>
  [[gear.brand, gear.model].filter(Boolean).join(' '), gear.year === null ? '' : String(gear.year)].filter(Boolean).join(' · ');
