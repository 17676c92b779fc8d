import { dateTimeFormat, relativeTimeFormat } from './intl-format';

const DAY_MS = 86_400_000;

const STEPS: [limit: number, unit: Intl.RelativeTimeFormatUnit, ms: number][] = [
  [60 * 60_000, 'minute', 60_000],
  [DAY_MS, 'hour', 60 * 60_000],
  [7 * DAY_MS, 'day', DAY_MS],
  [30 * DAY_MS, 'week', 7 * DAY_MS],
  [365 * DAY_MS, 'month', 30 * DAY_MS],
  [Infinity, 'year', 365 * DAY_MS],
];

/** "now", "5 min. ago", "3 hr. ago", "2 days ago"... in the member's locale. */
export function relativeTime(iso: string, now = new Date(), locale?: string) {
  const elapsed = Math.max(0, now.getTime() - new Date(iso).getTime());
  const format = relativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  if (elapsed < 60_000) return format.format(0, 'second');
  const [, unit, ms] = STEPS.find(([limit]) => elapsed < limit)!;
  return format.format(-Math.floor(elapsed / ms), unit);
}

/** The full date and time, for the tooltip and `<time>` of a row. */
export function fullDateTime(iso: string, locale?: string) {
  return dateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
}
