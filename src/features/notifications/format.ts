import type { NotificationActor } from '#contract/notifications';
import { displayName } from '../../lib/display-name';
import { dateTimeFormat } from '../../lib/intl-format';

const DAY_MS = 86_400_000;

/** Midnight of `date`'s day where the member is. */
function startOfDay(date: Date) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Whole calendar days from `then` to `now` in the member's time zone (0 = today); daylight saving does not skew it. */
function daysBetween(then: Date, now: Date) {
  return Math.round((startOfDay(now).getTime() - startOfDay(then).getTime()) / DAY_MS);
}

/**
 * "Today", "Yesterday", the weekday within the week ("Friday"), then "Monday, March 2" in the member's locale (with
 * the year when it is not this one).
 */
export function dayLabel(iso: string, now = new Date(), locale?: string) {
  const date = new Date(iso);
  const days = daysBetween(date, now);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return dateTimeFormat(locale, { weekday: 'long' }).format(date);
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

/**
 * "Maya Ridge and 3 others reacted to your post.": a row's sentence once a pushed notification joins it, in the words
 * the server gives a gathered row (server/modules/notifications/sentences.ts `groupedSentence`).
 */
export function groupedSentence(lead: NotificationActor, others: number, action: string) {
  return `${displayName(lead)} and ${others} ${others === 1 ? 'other' : 'others'} ${action}`;
}
