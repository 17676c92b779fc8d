import { useSyncExternalStore } from 'react';
import type { OwnProfile } from '#contract/user';
import { sessionStore } from './session-store';
import { numberFormat } from './intl-format';

/**
 * Distances, elevations and speeds in the member's units. The wire and the database speak SI (metres, metres per
 * second); only the screen converts. Imperial is the default, as the spec's goals are in miles (§9).
 */
export type Units = OwnProfile['units'];

export const DEFAULT_UNITS: Units = 'imperial';

export const METRES_PER_MILE = 1609.344;
const METRES_PER_FOOT = 0.3048;
const MPS_TO_KMH = 3.6;
const MPS_TO_MPH = 3600 / METRES_PER_MILE;

export const UNIT_LABELS = {
  imperial: { distance: 'mi', elevation: 'ft', speed: 'mph' },
  metric: { distance: 'km', elevation: 'm', speed: 'km/h' },
} as const satisfies Record<Units, { distance: string; elevation: string; speed: string }>;

function formatNumber(value: number, digits: number) {
  const f = numberFormat('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  // -0.0 reads as a glitch; a rounded zero is just zero.
  const rounded = Number(value.toFixed(digits));
  return f.format(Object.is(rounded, -0) ? 0 : rounded);
}

/** Metres as miles or kilometres (one decimal by default): `12.4 mi`, `20.0 km`. */
export function formatDistance(metres: number, units: Units = DEFAULT_UNITS, digits = 1) {
  const value = units === 'metric' ? metres / 1000 : metres / METRES_PER_MILE;
  return `${formatNumber(value, digits)} ${UNIT_LABELS[units].distance}`;
}

/** Metres of climb as feet or metres (whole numbers): `1,234 ft`, `376 m`. */
export function formatElevation(metres: number, units: Units = DEFAULT_UNITS) {
  const value = units === 'metric' ? metres : metres / METRES_PER_FOOT;
  return `${formatNumber(value, 0)} ${UNIT_LABELS[units].elevation}`;
}

/** Metres per second as mph or km/h (one decimal by default): `12.3 mph`, `19.8 km/h`. */
export function formatSpeed(metresPerSecond: number, units: Units = DEFAULT_UNITS, digits = 1) {
  const value = metresPerSecond * (units === 'metric' ? MPS_TO_KMH : MPS_TO_MPH);
  return `${formatNumber(value, digits)} ${UNIT_LABELS[units].speed}`;
}

/** A distance the member typed in their units (e.g. a goal), back to metres for the wire. */
export function distanceToMetres(value: number, units: Units = DEFAULT_UNITS) {
  return units === 'metric' ? value * 1000 : value * METRES_PER_MILE;
}

/** A climb the member typed in their units (feet or metres), back to metres for the wire. */
export function elevationToMetres(value: number, units: Units = DEFAULT_UNITS) {
  return units === 'metric' ? value : value * METRES_PER_FOOT;
}

/** Metres as a plain number of miles or kilometres, for an input to edit (no rounding, no unit). */
export function distanceFromMetres(metres: number, units: Units = DEFAULT_UNITS) {
  return units === 'metric' ? metres / 1000 : metres / METRES_PER_MILE;
}

/** Metres of climb as a plain number of feet or metres, for an input to edit. */
export function elevationFromMetres(metres: number, units: Units = DEFAULT_UNITS) {
  return units === 'metric' ? metres : metres / METRES_PER_FOOT;
}

const unitsOf = () => sessionStore.getSnapshot().user?.units ?? DEFAULT_UNITS;

/** The signed-in member's units; re-renders when they switch (the stored member is the one source). */
export function useUnits(): Units {
  return useSyncExternalStore(sessionStore.subscribe, unitsOf, () => DEFAULT_UNITS);
}
