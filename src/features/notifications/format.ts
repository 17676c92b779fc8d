import { dateTimeFormat, relativeTimeFormat } from '../../lib/intl-format';

const DAY_MS = 86_400_000;

/** Midnight of `date`'s day where the member is. */
function startOfDay(date: Date) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Whole calendar days from `then` to `now` in the member's time zone (0 = today); daylight saving does not skew it. */
function daysBetween(then: Date, now: Date) {
  return Math.round((startOfDay(now).getTime() - startOfDay(then).getTime()) / DAY_MS);
}

/** "Today", "Yesterday", then "Monday, March 2" in the member's locale (with the year when it is not this one). */
export function dayLabel(iso: string, now = new Date(), locale?: string) {
  const date = new Date(iso);
  const days = daysBetween(date, now);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return dateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
}

/** Consecutive items of a newest-first list under the day they happened. */
export function groupByDay<T extends { createdAt: string }>(items: T[], now = new Date(), locale?: string) {
  const groups: { label: string; items: T[] }[] = [];
  for (const item of items) {
    const label = dayLabel(item.createdAt, now, locale);
    const last = groups.at(-1);
    if (last?.label === label) last.items.push(item);
    else groups.push({ label, items: [item] });
  }
  return groups;
}

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
