import type { Event } from '#contract/events';
import type { Route } from '#contract/map-routes';
import { sportName } from '#contract/sports';
import type { IconName } from '../../components/icons';
import { dateTimeFormat } from '../../lib/intl-format';
import { formatDistance, formatElevation, METRES_PER_MILE, type Units } from '../../lib/units';
import { browserTimeZone } from './form/zoned-time';

/**
 * How an event reads on screen: its time in its own zone (not the browser's: a ride in Denver starts at 9:00 AM
 * Denver time wherever the reader is), route figures in the member's units, goals with the spec's unit words (§9).
 */

type When = Pick<Event, 'startDate' | 'endDate' | 'timeZone'>;

/** A zone the browser knows, else UTC (a zone this browser's Intl lacks must not break the list). */
function knownZone(zone: string): string {
  try {
    dateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** `startDate` / `endDate` are seconds since 1970 as text (spec §3). */
export const instantOf = (seconds: string) => new Date(Number(seconds) * 1000);

// Day first, as the spec's screens read (`Sat 6 Dec`); hours with AM/PM (`9:00 AM`).
const dayOf = (date: Date, zone: string, withYear: boolean) =>
  dateTimeFormat('en-GB', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}) })
    .format(date)
    .replace(',', '');
const timeOf = (date: Date, zone: string) => dateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(date);
// US English like the times: each further locale costs its data's first load (milliseconds at 4x CPU: check P7).
const calendarDay = (date: Date, zone: string) => dateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
const yearOf = (date: Date, zone: string) => dateTimeFormat('en-US', { timeZone: zone, year: 'numeric' }).format(date);

/**
 * The zone's short name at `date` (`MDT`, `CET`, `IST`, `AEST`): English locales each know the abbreviations of
 * their region, so the first that has a name wins; a zone none names reads as its offset (`GMT+3`). Kept per zone
 * and instant: a card asks for the same start several times, and each answer is a few Intl calls (a list of events
 * spent most of its render here at 4x CPU: check P7).
 */
export function zoneAbbreviation(date: Date, zone: string): string {
  const key = `${zone}|${date.getTime()}`;
  let name = abbreviations.get(key);
  if (name === undefined) {
    if (abbreviations.size >= ABBREVIATIONS_KEPT) abbreviations.clear();
    abbreviations.set(key, (name = nameZone(date, zone)));
  }
  return name;
}

const ABBREVIATIONS_KEPT = 1000;
const abbreviations = new Map<string, string>();

function nameZone(date: Date, zone: string): string {
  const z = knownZone(zone);
  let offset = 'UTC';
  for (const locale of ['en-US', 'en-GB', 'en-IN', 'en-AU']) {
    const name = dateTimeFormat(locale, { timeZone: z, timeZoneName: 'short' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!name) continue;
    if (!/^(GMT|UTC)[+-]/.test(name)) return name;
    offset = name;
  }
  return offset;
}

/**
 * When the event happens, in its own zone: `Sat 12 Jun · 9:00 AM – 1:00 PM MDT` on one day,
 * `Sat 12 Jun, 9:00 AM – Sun 13 Jun, 1:00 PM MDT` over several; the year only when it is not this year.
 */
export function formatEventWhen(event: When, now: Date = new Date()): string {
  const zone = knownZone(event.timeZone);
  const start = instantOf(event.startDate);
  const end = instantOf(event.endDate);
  const withYear = yearOf(start, zone) !== yearOf(now, zone) || yearOf(end, zone) !== yearOf(start, zone);
  const startZone = zoneAbbreviation(start, zone);
  const endZone = zoneAbbreviation(end, zone);
  // A clock change between start and end: each time says its own zone name.
  const startSuffix = startZone === endZone ? '' : ` ${startZone}`;
  if (end.getTime() <= start.getTime()) return `${dayOf(start, zone, withYear)} · ${timeOf(start, zone)} ${startZone}`;
  if (calendarDay(start, zone) === calendarDay(end, zone)) {
    return `${dayOf(start, zone, withYear)} · ${timeOf(start, zone)}${startSuffix} – ${timeOf(end, zone)} ${endZone}`;
  }
  return `${dayOf(start, zone, withYear)}, ${timeOf(start, zone)}${startSuffix} – ${dayOf(end, zone, withYear)}, ${timeOf(end, zone)} ${endZone}`;
}

/** The start in the reader's own zone, for a tooltip when it differs from the event's (`Sat 12 Jun, 5:00 PM CEST`). */
export function formatInReaderZone(event: When, readerZone: string = browserTimeZone()): string | null {
  const zone = knownZone(event.timeZone);
  const reader = knownZone(readerZone);
  if (reader === zone) return null;
  const start = instantOf(event.startDate);
  if (zoneAbbreviation(start, zone) === zoneAbbreviation(start, reader) && timeOf(start, zone) === timeOf(start, reader)) return null;
  return `${dayOf(start, reader, false)}, ${timeOf(start, reader)} ${zoneAbbreviation(start, reader)}`;
}

/** Whether the event is over (its end has passed). */
export const isPast = (event: Pick<Event, 'endDate'>, now: Date = new Date()) => instantOf(event.endDate).getTime() < now.getTime();

/** Where to meet, as short as it reads well: the place, then the city (`Chautauqua trailhead, Boulder`). */
export function formatPlace(event: Pick<Event, 'location' | 'city' | 'state' | 'country'>): string {
  const parts = [event.location, event.city || event.state || event.country].map((p) => p.trim()).filter(Boolean);
  return [...new Set(parts)].join(', ');
}

/** The whole address, as the organiser gave it: the place, then `city, state zip`, then the country. */
export function addressLines(event: Pick<Event, 'location' | 'city' | 'state' | 'zipCode' | 'country'>): string[] {
  const region = [event.state, event.zipCode].map((p) => p.trim()).filter(Boolean).join(' ');
  const town = [event.city.trim(), region].filter(Boolean).join(', ');
  return [event.location.trim(), town, event.country.trim()].filter(Boolean);
}

/** The route's length in the member's units: `15.0 mi`, `24.1 km`. */
export const formatRouteDistance = (route: Pick<Route, 'distance'>, units: Units) => formatDistance(route.distance, units);

/** The route's climb: `1,200 ft gain`, or `Elevation unknown` when no elevation source was available. */
export const formatElevationGain = (route: Pick<Route, 'elevationGain'>, units: Units) =>
  route.elevationGain === null ? 'Elevation unknown' : `${formatElevation(route.elevationGain, units)} gain`;

const wholeOrOne = (value: number) => (Math.abs(value - Math.round(value)) < 0.05 ? 0 : 1);
const calories = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/**
 * The event's goals as the spec writes their units (§9): `500 cal`, `1,200 ft elev` (or `m elev`), `50 mi` (or
 * `km`). Goals are SI numbers on the wire; whole numbers drop the decimal.
 */
export function formatGoals(event: Pick<Event, 'goalCalories' | 'goalElevation' | 'goalDistance'>, units: Units): string[] {
  const goals: string[] = [];
  if (event.goalCalories !== null) goals.push(`${calories.format(event.goalCalories)} cal`);
  if (event.goalElevation !== null) goals.push(`${formatElevation(event.goalElevation, units)} elev`);
  if (event.goalDistance !== null) {
    const inUnits = units === 'metric' ? event.goalDistance / 1000 : event.goalDistance / METRES_PER_MILE;
    goals.push(formatDistance(event.goalDistance, units, wholeOrOne(inUnits)));
  }
  return goals;
}

/** Each sport's mark and colour (for a banner-less card's header); white marks read on every one, in both themes. */
const SPORT_LOOKS: Record<number, { icon: IconName; colour: string }> = {
  53: { icon: 'bike', colour: 'bg-emerald-700' },
  37: { icon: 'bike', colour: 'bg-teal-700' },
  34: { icon: 'bike', colour: 'bg-sky-700' },
  35: { icon: 'mountain', colour: 'bg-amber-700' },
  5: { icon: 'run', colour: 'bg-rose-700' },
  54: { icon: 'walk', colour: 'bg-violet-700' },
  59: { icon: 'flag', colour: 'bg-slate-600' },
};

/** A sport's name, icon and colour by its spec §3 id; an id this app does not know reads as "Other". */
export function sportOf(sportId: number): { name: string; icon: IconName; colour: string } {
  const look = SPORT_LOOKS[sportId] ?? { icon: 'flag' as const, colour: 'bg-slate-600' };
  return { name: sportName(sportId), ...look };
}

const DIFFICULTY_LABELS: Record<Event['difficulty'], string> = { easy: 'Easy', moderate: 'Moderate', hard: 'Hard', expert: 'Expert' };
export const difficultyLabel = (d: Event['difficulty']) => DIFFICULTY_LABELS[d];

/** The event's banner `dimens` (`width:height`) as an aspect ratio; broken or missing reads as 16:9. */
export function bannerRatio(dimens: string | undefined): string {
  const match = /^(\d+(?:\.\d+)?)\s*[:x]\s*(\d+(?:\.\d+)?)$/.exec((dimens ?? '').trim());
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  if (!(width > 0 && height > 0)) return '16 / 9';
  // Very tall or very wide banners are cropped to a card-friendly band rather than stretching the list.
  const ratio = Math.min(3, Math.max(1.25, width / height));
  return `${ratio}`;
}
