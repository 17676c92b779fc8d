import { FAMILY_TRAITS, sportFamily } from './sport-family';

/** Parts of the day by local start hour: [first hour, name]; before the first and from 21:00 it is night. */
const PARTS_OF_DAY = [
  [5, 'Morning'],
  [11, 'Lunch'],
  [14, 'Afternoon'],
  [17, 'Evening'],
  [21, 'Night'],
] as const;

// One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting with it (an import of
// hundreds of activities asks the same zone every time).
const hourFormats = new Map<string, Intl.DateTimeFormat>();

function hourFormat(timeZone: string) {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return format;
}

/** The local hour (0–23) at `epochS` in an IANA zone; UTC when the zone is unknown to this runtime. */
export function localHour(epochS: number, timeZone: string): number {
  let format: Intl.DateTimeFormat;
  try {
    format = hourFormat(timeZone);
  } catch {
    format = hourFormat('UTC');
  }
  const hour = format.formatToParts(new Date(epochS * 1000)).find((part) => part.type === 'hour')?.value;
  return Number(hour ?? 0) % 24;
}

/** "Morning ride", "Lunch run", "Evening hike", "Night walk": the title an activity gets when its file names none. */
export function defaultTitle(startEpochS: number, sportId: number, timeZone: string): string {
  const hour = Number.isFinite(startEpochS) ? localHour(startEpochS, timeZone) : 12;
  let part = 'Night';
  for (const [from, name] of PARTS_OF_DAY) if (hour >= from) part = name;
  return `${part} ${FAMILY_TRAITS[sportFamily(sportId)].noun}`;
}
