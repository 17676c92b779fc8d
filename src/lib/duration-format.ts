import { numberFormat } from './intl-format';
import { DEFAULT_UNITS, METRES_PER_MILE, type Units } from './units';

/**
 * Times and paces (activities, a route's expected time), beside units.ts's distances and speeds. The wire speaks
 * seconds and metres a second; these say them the way athletes read them.
 */

const two = (n: number) => String(n).padStart(2, '0');

/** Seconds as `1:02:03` (hours, minutes, seconds) or `12:34` under an hour; what watches and Strava show. */
export function formatClock(seconds: number) {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

/** Seconds in words for totals: `3h 05m`, `42m`, `35s`; `1,234h 05m` for a year of riding. */
export function formatDuration(seconds: number) {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${numberFormat('en', { maximumFractionDigits: 0 }).format(h)}h ${two(m)}m`;
  if (m > 0) return `${m}m`;
  return `${s}s`;
}

/** An estimate to the minute, as a route's expected time: `1 h 30 min`, `45 min` (never under a minute). */
export function formatEstimate(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** A pace from metres a second: `5:12 /km` or `8:22 /mi`; null when standing still (no pace to show). */
export function formatPace(metresPerSecond: number, units: Units = DEFAULT_UNITS) {
  if (!(metresPerSecond > 0)) return null;
  const perUnit = (units === 'metric' ? 1000 : METRES_PER_MILE) / metresPerSecond;
  // A pace slower than 99 minutes a unit is a pause, not a pace.
  if (perUnit >= 100 * 60) return null;
  return `${formatClock(perUnit)} /${units === 'metric' ? 'km' : 'mi'}`;
}
