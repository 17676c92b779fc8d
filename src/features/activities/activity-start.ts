import { dateTimeFormat } from '../../lib/intl-format';

/** A zone the browser knows, else UTC: a zone this browser's Intl lacks must not break the page. */
function knownZone(zone: string): string {
  try {
    dateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/**
 * When an activity started, on the clock where it happened (a morning ride in Denver reads 7:30 AM wherever the reader
 * is): `Sun 17 May 2026 · 7:30 AM`.
 */
export function formatActivityStart(startDate: string, timeZone: string): string {
  const zone = knownZone(timeZone);
  const date = new Date(startDate);
  const day = dateTimeFormat('en-GB', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(date).replace(',', '');
  const time = dateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(date);
  return `${day} · ${time}`;
}
