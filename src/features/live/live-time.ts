import { relativeTime } from '../../lib/relative-time';
import { relativeTimeFormat } from '../../lib/intl-format';

/**
 * How long ago a live position came: in seconds under a minute ("12 sec. ago"), since a live map is read in seconds;
 * after that as every other "ago" of the app.
 */
export function sinceWords(iso: string, now: Date, locale?: string) {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 1000));
  if (seconds >= 60) return relativeTime(iso, now, locale);
  return relativeTimeFormat(locale, { numeric: 'always', style: 'short' }).format(-seconds, 'second');
}

/** Seconds since the session started. */
export const elapsedSeconds = (startedAt: string, now: Date) => Math.max(0, (now.getTime() - new Date(startedAt).getTime()) / 1000);
