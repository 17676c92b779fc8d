import type { GearComponent } from '#contract/gear';
import { numberFormat } from '../../lib/intl-format';
import { distanceFromMetres, distanceToMetres, UNIT_LABELS, type Units } from '../../lib/units';

/** From this share of its interval on a component shows amber: time to plan the service. */
export const WEAR_SOON = 0.8;

export type WearTone = 'ok' | 'soon' | 'due';

/** The share of its interval used as a whole percentage (100 and more is due); null without an interval. */
export const wearPercent = (component: Pick<GearComponent, 'wear'>) => (component.wear === null ? null : Math.max(0, Math.round(component.wear * 100)));

export function wearTone(component: Pick<GearComponent, 'wear' | 'isDue'>): WearTone {
  if (component.isDue) return 'due';
  return component.wear !== null && component.wear >= WEAR_SOON ? 'soon' : 'ok';
}

/** Up to one decimal, none when whole: `500`, `310.7`. */
const plain = (value: number) => numberFormat('en', { maximumFractionDigits: 1 }).format(value);

/**
 * An interval's kilometres (as the wire has them) in the member's unit, to type or show: 482.803 km is `300` for a
 * member on miles. Rounded to a tenth, so a value typed in miles comes back as typed.
 */
export const intervalFromKm = (km: number, units: Units) => Math.round(distanceFromMetres(km * 1000, units) * 10) / 10;

/** An interval typed in the member's unit, as the kilometres the wire takes (to the metre: plenty for a service). */
export const intervalToKm = (value: number, units: Units) => Math.round(distanceToMetres(value, units)) / 1000;

/** "every 311 mi or 50 h", "every 50 h"; null without an interval. */
export function formatIntervals(component: Pick<GearComponent, 'serviceIntervalKm' | 'serviceIntervalHours'>, units: Units) {
  const parts = [
    ...(component.serviceIntervalKm === null ? [] : [`${plain(intervalFromKm(component.serviceIntervalKm, units))} ${UNIT_LABELS[units].distance}`]),
    ...(component.serviceIntervalHours === null ? [] : [`${plain(component.serviceIntervalHours)} h`]),
  ];
  return parts.length === 0 ? null : `every ${parts.join(' or ')}`;
}

/** Moving seconds as whole hours with a tenth under ten: `12 h`, `3.5 h`. */
export function formatHours(seconds: number) {
  const hours = seconds / 3600;
  return `${numberFormat('en', { maximumFractionDigits: hours < 10 ? 1 : 0 }).format(hours)} h`;
}
