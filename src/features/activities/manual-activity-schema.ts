import * as z from 'zod/mini';
import {
  ACTIVITY_DESCRIPTION_MAX,
  ACTIVITY_TITLE_MAX,
  ACTIVITY_VISIBILITIES,
  MANUAL_CLIMB_MAX_M,
  MANUAL_DISTANCE_MAX_M,
  MANUAL_DURATION_MAX_S,
  type ManualActivityInput,
} from '#contract/activities';
import { SPORTS } from '#contract/sports';
import { distanceFromMetres, distanceToMetres, elevationFromMetres, elevationToMetres, UNIT_LABELS, type Units } from '../../lib/units';

/**
 * The "Add manually" form: the rules of `manualActivityInput`, with what a person types in place of what the wire
 * carries: the start as a day and a time on the browser's clock, the duration as hours, minutes and seconds, the
 * distance and climb in the member's units. Numbers are kept as typed text, so a half-typed value is never lost.
 */

const DECIMAL = /^\d+(\.\d+)?$/;
const WHOLE = /^\d+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

const blank = (v: string) => v.trim() === '';
const typed = (v: string) => Number(v.trim());
/** Metres on the wire to a tenth, well below anything a person types. */
const tenth = (n: number) => Math.round(n * 10) / 10;

/** Seconds of the three duration boxes; NaN while one holds something that is not a whole number. */
function durationOf(v: { hours?: unknown; minutes?: unknown; seconds?: unknown }) {
  const parts = [v.hours, v.minutes, v.seconds].map((p) => (typeof p !== 'string' || blank(p) ? 0 : WHOLE.test(p.trim()) ? typed(p) : Number.NaN));
  return parts[0]! * 3600 + parts[1]! * 60 + parts[2]!;
}

/** The instant a day and time on this browser's clock stand for (the browser's zone is the one sent beside it). */
function startOf(date: string, time: string): Date | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const start = new Date(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  // 31 February rolls into March: not a day someone meant.
  return start.getDate() === Number(d[3]) ? start : null;
}

const wholeBox = (what: string, max?: number) =>
  z.string().check(
    z.refine((v) => blank(v) || (WHOLE.test(v.trim()) && (max === undefined || typed(v) <= max)), max === undefined ? `${what}: a whole number.` : `${what}: a whole number up to ${max}.`),
  );

export function manualActivitySchema(units: Units, timeZone: string) {
  const labels = UNIT_LABELS[units];
  const distanceMax = Math.floor(distanceFromMetres(MANUAL_DISTANCE_MAX_M, units)).toLocaleString('en');
  const climbMax = Math.floor(elevationFromMetres(MANUAL_CLIMB_MAX_M, units)).toLocaleString('en');
  const form = z
    .object({
      sportId: z.string().check(z.refine((v) => SPORTS.some((s) => String(s.id) === v), 'Choose a sport.')),
      title: z.string().check(z.trim(), z.maxLength(ACTIVITY_TITLE_MAX, `Keep the title to ${ACTIVITY_TITLE_MAX} characters.`)),
      date: z.string().check(z.minLength(1, 'Pick the day.')),
      time: z.string().check(z.minLength(1, 'Pick the time it started.')),
      hours: wholeBox('Hours'),
      minutes: wholeBox('Minutes', 59),
      seconds: wholeBox('Seconds', 59),
      distance: z.string().check(
        z.refine(
          (v) => blank(v) || (DECIMAL.test(v.trim()) && distanceToMetres(typed(v), units) <= MANUAL_DISTANCE_MAX_M),
          `Distance: a number up to ${distanceMax} ${labels.distance}, or leave it empty.`,
        ),
      ),
      climb: z.string().check(
        z.refine(
          (v) => blank(v) || (DECIMAL.test(v.trim()) && elevationToMetres(typed(v), units) <= MANUAL_CLIMB_MAX_M),
          `Climb: a number up to ${climbMax} ${labels.elevation}, or leave it empty.`,
        ),
      ),
      description: z.string().check(
        z.trim(),
        z.maxLength(ACTIVITY_DESCRIPTION_MAX, `Keep the description to ${ACTIVITY_DESCRIPTION_MAX.toLocaleString('en')} characters.`),
      ),
      visibility: z.enum(ACTIVITY_VISIBILITIES),
    })
    .check(
      // `when`: checked even while another field is still wrong, so every problem shows at once.
      z.refine(
        (v) => {
          const seconds = durationOf(v);
          return Number.isNaN(seconds) || seconds >= 1;
        },
        { message: 'How long did it take?', path: ['hours'], when: () => true },
      ),
      z.refine((v) => !(durationOf(v) > MANUAL_DURATION_MAX_S), { message: 'That is longer than a week.', path: ['hours'], when: () => true }),
      z.refine((v) => typeof v.date !== 'string' || typeof v.time !== 'string' || !v.date || !v.time || startOf(v.date, v.time) !== null, {
        message: 'Pick a real day and time.',
        path: ['date'],
        when: () => true,
      }),
    );
  return z.pipe(
    form,
    z.transform(
      (v): ManualActivityInput => ({
        sportId: Number(v.sportId),
        ...(v.title ? { title: v.title } : {}),
        ...(v.description ? { description: v.description } : {}),
        visibility: v.visibility,
        startDate: startOf(v.date, v.time)!.toISOString(),
        timeZone,
        duration: durationOf(v),
        ...(blank(v.distance) ? {} : { distance: tenth(distanceToMetres(typed(v.distance), units)) }),
        ...(blank(v.climb) ? {} : { elevationGain: tenth(elevationToMetres(typed(v.climb), units)) }),
      }),
    ),
  );
}

export type ManualActivityForm = z.input<ReturnType<typeof manualActivitySchema>>;

/** Where the server's field errors go on the form. */
export const SERVER_FIELDS: Record<keyof ManualActivityInput, keyof ManualActivityForm> = {
  sportId: 'sportId',
  title: 'title',
  description: 'description',
  visibility: 'visibility',
  startDate: 'date',
  timeZone: 'date',
  duration: 'hours',
  distance: 'distance',
  elevationGain: 'climb',
};
