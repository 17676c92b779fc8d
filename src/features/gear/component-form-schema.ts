import * as z from 'zod/mini';
import {
  COMPONENT_INTERVAL_HOURS_MAX,
  COMPONENT_INTERVAL_KM_MAX,
  COMPONENT_KINDS,
  COMPONENT_NAME_MAX,
  type ComponentInput,
  type GearComponent,
} from '#contract/gear';
import { instantToLocalDay, localDayToInstant, todayLocalDay } from '../../lib/local-day';
import { UNIT_LABELS, type Units } from '../../lib/units';
import { intervalFromKm, intervalToKm } from './component-format';

/**
 * The component form: `componentInput` as a person types it. The fields are named as on the wire, so a server 400
 * lands under its input; the fitted day is a date input's day, and the distance interval is typed in the member's
 * unit (kilometres on the wire). Empty interval boxes are "no interval".
 */

const DECIMAL = /^\d+(\.\d+)?$/;
const blank = (v: string) => v.trim() === '';

export function componentFormSchema(units: Units) {
  const unit = UNIT_LABELS[units].distance;
  const kmMax = intervalFromKm(COMPONENT_INTERVAL_KM_MAX, units);
  const positiveUpTo = (max: number, message: string) =>
    z.string().check(z.refine((v) => blank(v) || (DECIMAL.test(v.trim()) && Number(v) > 0 && Number(v) <= max), message));
  return z.object({
    kind: z.string().check(z.refine((v) => (COMPONENT_KINDS as readonly string[]).includes(v), 'Choose what kind of part it is.')),
    name: z.string().check(z.trim(), z.minLength(1, 'Give it a name, like “XT chain”.'), z.maxLength(COMPONENT_NAME_MAX, `Keep the name to ${COMPONENT_NAME_MAX} characters.`)),
    installedAt: z.string().check(z.refine((v) => localDayToInstant(v) !== null, 'Give the day it was fitted.')),
    serviceIntervalKm: positiveUpTo(kmMax, `A number more than 0 and at most ${kmMax.toLocaleString('en')} ${unit}, or leave it empty.`),
    serviceIntervalHours: positiveUpTo(
      COMPONENT_INTERVAL_HOURS_MAX,
      `A number more than 0 and at most ${COMPONENT_INTERVAL_HOURS_MAX.toLocaleString('en')} hours, or leave it empty.`,
    ),
  });
}

export type ComponentForm = z.input<ReturnType<typeof componentFormSchema>>;

/** The fields a server 400 may name that have an input here. */
export const COMPONENT_FORM_FIELDS = ['kind', 'name', 'installedAt', 'serviceIntervalKm', 'serviceIntervalHours'] as const;

/** A new component: fitted today, no kind chosen yet. */
export const emptyComponentForm = (): ComponentForm => ({ kind: '', name: '', installedAt: todayLocalDay(), serviceIntervalKm: '', serviceIntervalHours: '' });

/** A component being edited, as its inputs show it (the interval in the member's unit). */
export const toComponentForm = (component: GearComponent, units: Units): ComponentForm => ({
  kind: component.kind,
  name: component.name,
  installedAt: instantToLocalDay(component.installedAt),
  serviceIntervalKm: component.serviceIntervalKm === null ? '' : String(intervalFromKm(component.serviceIntervalKm, units)),
  serviceIntervalHours: component.serviceIntervalHours === null ? '' : String(component.serviceIntervalHours),
});

/** What the form sends: an empty interval is null (none), a typed distance goes back to kilometres. */
export function toComponentInput(values: ComponentForm, units: Units, target: { gearId: number; id?: number | undefined }): ComponentInput {
  return {
    ...(target.id === undefined ? {} : { id: target.id }),
    gearId: target.gearId,
    kind: values.kind as ComponentInput['kind'],
    name: values.name.trim(),
    installedAt: localDayToInstant(values.installedAt)!,
    serviceIntervalKm: blank(values.serviceIntervalKm) ? null : intervalToKm(Number(values.serviceIntervalKm), units),
    serviceIntervalHours: blank(values.serviceIntervalHours) ? null : Number(values.serviceIntervalHours),
  };
}
