import * as z from 'zod/mini';
import {
  difficulty,
  EVENT_ACTIVITY_TYPE_MAX,
  EVENT_CAPACITY_MAX,
  EVENT_COHOSTS_MAX,
  EVENT_DESCRIPTION_MAX,
  EVENT_DURATION_MAX_DAYS,
  EVENT_NAME_MAX,
  EVENT_PLACE_MAX,
  eventBanner,
  eventIcon,
  repeats,
  whoCanSee,
  type Event,
  type EventInput,
} from '#contract/events';
import { lngLat, route, type LngLat } from '#contract/map-routes';
import { postcodeProblem } from '#contract/postcode';
import { POSTCODE_FORMAT_MESSAGE, POSTCODE_MAX } from '#contract/postcode-format';
import { memberSummary } from '#contract/social';
import { SPORTS } from '#contract/sports';
import {
  distanceFromMetres,
  distanceToMetres,
  elevationFromMetres,
  elevationToMetres,
  UNIT_LABELS,
  type Units,
} from '../../../lib/units';
import { browserTimeZone, instantToZoned, isKnownTimeZone, zonedToInstant } from './zoned-time';

/**
 * The event form's fields. Close to `eventInput`, with what a person types in place of what the wire carries:
 * dates and times as the native inputs hold them (with the zone beside them), goals and capacity as typed text in the
 * member's units, co-hosts as the people chosen (their ids go on the wire), the route as the points drawn and the
 * route the server stored for them. `isDraft` comes from the button pressed, `id` from the event being edited.
 */

/** Goal limits of `eventInput`, in the wire's units (kcal, metres). */
const GOAL_MAX = { calories: 100_000, elevation: 20_000, distance: 2_000_000 } as const;

const text = (max: number, what: string) => z.string().check(z.trim(), z.maxLength(max, `Keep the ${what} to ${max.toLocaleString('en')} characters.`));
const NUMBER = /^\d+(\.\d+)?$/;
const blankOr = (check: (n: number) => boolean) => (value: string) => value.trim() === '' || (NUMBER.test(value.trim()) && check(Number(value.trim())));

/** `null` for a blank goal, else the number typed. */
const typedNumber = (value: string) => (value.trim() === '' ? null : Number(value.trim()));
/** Metres on the wire to a tenth, which is well below anything a person types. */
const tenth = (n: number) => Math.round(n * 10) / 10;

const instantOf = (date: unknown, time: unknown, timeZone: unknown) =>
  typeof date === 'string' && typeof time === 'string' && typeof timeZone === 'string' ? zonedToInstant({ date, time }, timeZone) : null;

/** The form for a member who reads distances in `units` (goals are typed in them). */
/** What is wrong with the postcode for the country typed, if anything. */
const zipCodeProblem = (v: { zipCode?: unknown; country?: unknown }) =>
  typeof v.zipCode === 'string' && typeof v.country === 'string' ? postcodeProblem(v.zipCode, v.country) : null;

export function eventFormSchema(units: Units) {
  const labels = UNIT_LABELS[units];
  const elevationMax = Math.floor(elevationFromMetres(GOAL_MAX.elevation, units));
  const distanceMax = Math.floor(distanceFromMetres(GOAL_MAX.distance, units));
  return z
    .object({
      // 1. Basics
      eventName: z
        .string()
        .check(z.trim(), z.minLength(1, 'Give the event a name.'), z.maxLength(EVENT_NAME_MAX, `Keep the name to ${EVENT_NAME_MAX} characters.`)),
      sportId: z.string().check(z.refine((v) => SPORTS.some((s) => String(s.id) === v), 'Choose a sport.')),
      activityType: text(EVENT_ACTIVITY_TYPE_MAX, 'activity type'),
      difficulty,
      icon: eventIcon,
      /** The banner shown now: the event's own or a new upload (its key goes on the wire), or none. */
      banner: z.nullable(eventBanner),
      meetingDescription: text(EVENT_DESCRIPTION_MAX, 'description'),
      // 2. When
      startDate: z.string().check(z.minLength(1, 'Pick a start date.')),
      startTime: z.string().check(z.minLength(1, 'Pick a start time.')),
      endDate: z.string().check(z.minLength(1, 'Pick an end date.')),
      endTime: z.string().check(z.minLength(1, 'Pick an end time.')),
      repeats,
      timeZone: z.string().check(z.refine(isKnownTimeZone, 'Choose a time zone.')),
      // 3. Where and route
      location: text(EVENT_PLACE_MAX, 'place'),
      latitude: z.nullable(z.number()),
      longitude: z.nullable(z.number()),
      city: text(100, 'city'),
      state: text(100, 'state'),
      country: text(100, 'country'),
      // Any country's postcode (issue 19); checked against the country's format below, once both are typed.
      zipCode: z.string().check(z.trim(), z.maxLength(POSTCODE_MAX, POSTCODE_FORMAT_MESSAGE)),
      /** The points on the map now; saved as a route when they differ from `route`'s. */
      routePoints: z.array(lngLat),
      /** The route the server stored (drawn or from a GPX), whose id is the event's `routeId`. */
      route: z.nullable(route),
      // 4. Goals and people
      goalCalories: z.string().check(
        z.refine(blankOr((n) => n > 0 && n <= GOAL_MAX.calories), `Calories: more than 0, up to ${GOAL_MAX.calories.toLocaleString('en')}, or leave empty.`),
      ),
      goalElevation: z.string().check(
        z.refine(
          blankOr((n) => n > 0 && elevationToMetres(n, units) <= GOAL_MAX.elevation),
          `Elevation: more than 0, up to ${elevationMax.toLocaleString('en')} ${labels.elevation}, or leave empty.`,
        ),
      ),
      goalDistance: z.string().check(
        z.refine(
          blankOr((n) => n > 0 && distanceToMetres(n, units) <= GOAL_MAX.distance),
          `Distance: more than 0, up to ${distanceMax.toLocaleString('en')} ${labels.distance}, or leave empty.`,
        ),
      ),
      coHosts: z.array(memberSummary).check(z.maxLength(EVENT_COHOSTS_MAX, `At most ${EVENT_COHOSTS_MAX} co-hosts.`)),
      whoCanSee,
      capacity: z.string().check(
        z.refine(
          (v) => v.trim() === '' || (/^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= EVENT_CAPACITY_MAX),
          `Capacity is a whole number from 1 to ${EVENT_CAPACITY_MAX.toLocaleString('en')}, or leave it empty for no limit.`,
        ),
      ),
    })
    .check(
      // `when`: these run even while another step's fields are still invalid, so each step can check its own.
      z.refine(
        (v) => {
          const start = instantOf(v.startDate, v.startTime, v.timeZone);
          const end = instantOf(v.endDate, v.endTime, v.timeZone);
          return !start || !end || end.seconds > start.seconds;
        },
        { message: 'The end must be after the start.', path: ['endTime'], when: () => true },
      ),
      z.refine(
        (v) => {
          const start = instantOf(v.startDate, v.startTime, v.timeZone);
          const end = instantOf(v.endDate, v.endTime, v.timeZone);
          return !start || !end || end.seconds - start.seconds <= EVENT_DURATION_MAX_DAYS * 86_400;
        },
        { message: `An event lasts at most ${EVENT_DURATION_MAX_DAYS} days.`, path: ['endDate'], when: () => true },
      ),
      // `refine` with its message worked out, not `superRefine`: zod's shared functions ride in the first page's script (P1).
      z.refine((v) => zipCodeProblem(v) === null, {
        error: (issue) => zipCodeProblem(issue.input as { zipCode?: unknown; country?: unknown }) ?? undefined,
        path: ['zipCode'],
      }),
      z.refine((v) => !Array.isArray(v.routePoints) || v.routePoints.length !== 1, {
        message: 'A route needs at least two points: click the map again, or clear it.',
        path: ['routePoints'],
        when: () => true,
      }),
    );
}

export type EventFormSchema = ReturnType<typeof eventFormSchema>;
export type EventFormInput = z.input<EventFormSchema>;
export type EventFormValues = z.output<EventFormSchema>;
export type EventFormField = keyof EventFormInput;

export const STEPS = [
  { title: 'Basics', fields: ['eventName', 'sportId', 'activityType', 'difficulty', 'icon', 'banner', 'meetingDescription'] },
  { title: 'When', fields: ['startDate', 'startTime', 'endDate', 'endTime', 'repeats', 'timeZone'] },
  { title: 'Where & route', fields: ['location', 'latitude', 'longitude', 'city', 'state', 'country', 'zipCode', 'routePoints', 'route'] },
  { title: 'Goals & people', fields: ['goalCalories', 'goalElevation', 'goalDistance', 'coHosts', 'whoCanSee', 'capacity'] },
  { title: 'Preview', fields: [] },
] as const satisfies readonly { title: string; fields: readonly EventFormField[] }[];

export type StepIndex = 0 | 1 | 2 | 3 | 4;
export const LAST_STEP = (STEPS.length - 1) as StepIndex;

/** The step a field is typed on (a server error on it sends the member back there). */
export function stepOf(field: string): StepIndex | null {
  const index = STEPS.findIndex((step) => (step.fields as readonly string[]).includes(field));
  return index < 0 ? null : (index as StepIndex);
}

/** Wire field of a 400's `errors` (`CoHost.3`, `startDate`...) → the form field that shows it. */
export function formFieldOf(wireField: string): EventFormField | null {
  const head = wireField.split('.')[0]!;
  const renamed: Record<string, EventFormField> = { CoHost: 'coHosts', bannerImage: 'banner', routeId: 'routePoints' };
  const field = renamed[head] ?? head;
  return stepOf(field) === null ? null : (field as EventFormField);
}

export function emptyEventForm(): EventFormInput {
  return {
    eventName: '',
    sportId: '',
    activityType: '',
    difficulty: 'moderate',
    icon: 'bike',
    banner: null,
    meetingDescription: '',
    startDate: '',
    startTime: '',
    endDate: '',
    endTime: '',
    repeats: 'none',
    timeZone: browserTimeZone(),
    location: '',
    latitude: null,
    longitude: null,
    city: '',
    state: '',
    country: '',
    zipCode: '',
    routePoints: [],
    route: null,
    goalCalories: '',
    goalElevation: '',
    goalDistance: '',
    coHosts: [],
    whoCanSee: 'public',
    capacity: '',
  };
}

/** A number for an input: as typed, without float noise (50 mi stored as 80467.2 m reads 50 again). */
const editable = (n: number) => String(Number(n.toFixed(2)));

/** An event being edited, as the form starts it: its times back in its own zone, goals in the member's units. */
export function toEventFormValues(event: Event, units: Units): EventFormInput {
  const start = instantToZoned(Number(event.startDate), event.timeZone);
  const end = instantToZoned(Number(event.endDate), event.timeZone);
  return {
    eventName: event.eventName,
    sportId: String(event.sportId),
    activityType: event.activityType,
    difficulty: event.difficulty,
    icon: event.icon,
    banner: event.bannerImage,
    meetingDescription: event.meetingDescription,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    repeats: event.repeats,
    timeZone: event.timeZone,
    location: event.location,
    latitude: event.latitude,
    longitude: event.longitude,
    city: event.city,
    state: event.state,
    country: event.country,
    zipCode: event.zipCode,
    routePoints: event.route?.coordinates ?? [],
    route: event.route,
    goalCalories: event.goalCalories === null ? '' : editable(event.goalCalories),
    goalElevation: event.goalElevation === null ? '' : editable(elevationFromMetres(event.goalElevation, units)),
    goalDistance: event.goalDistance === null ? '' : editable(distanceFromMetres(event.goalDistance, units)),
    // Accepted and still invited alike: the list goes back whole, and a name taken off withdraws it.
    coHosts: [...event.coHosts, ...event.pendingCoHosts],
    whoCanSee: event.whoCanSee,
    capacity: event.status.capacity === null ? '' : String(event.status.capacity),
  };
}

export const samePoints = (a: readonly LngLat[], b: readonly LngLat[]) => a.length === b.length && a.every((p, i) => p[0] === b[i]![0] && p[1] === b[i]![1]);

/** Whether the points on the map still need saving as a route (drawn, changed, not yet stored). */
export const routeNeedsSaving = (points: readonly LngLat[], saved: { coordinates: readonly LngLat[] } | null) =>
  points.length >= 2 && (saved === null || !samePoints(points, saved.coordinates));

/**
 * The body of `POST`/`PUT /api/challenge`: an id only when editing (spec §4). Times become instants in the chosen
 * zone; goals go in metres.
 */
export function toEventInput(values: EventFormValues, { saved, isDraft, units }: { saved: Event | null; isDraft: boolean; units: Units }): EventInput {
  const start = zonedToInstant({ date: values.startDate, time: values.startTime }, values.timeZone);
  const end = zonedToInstant({ date: values.endDate, time: values.endTime }, values.timeZone);
  const calories = typedNumber(values.goalCalories);
  const capacity = typedNumber(values.capacity);
  // A goal left as the form showed it keeps its stored metres: 80,467.2 m shown as 80.47 km must not come back as 80,470.
  const initial = saved ? toEventFormValues(saved, units) : null;
  const metres = (typed: string, shown: string | undefined, stored: number | null, toMetres: (n: number) => number) => {
    const n = typedNumber(typed);
    if (n === null) return null;
    return stored !== null && typed.trim() === shown ? stored : tenth(toMetres(n));
  };
  return {
    ...(saved === null ? {} : { id: saved.id }),
    eventName: values.eventName,
    activityType: values.activityType,
    sportId: Number(values.sportId),
    difficulty: values.difficulty,
    icon: values.icon,
    // The event's own key again keeps its banner (the server changes nothing when it is the same); null removes it.
    bannerImage: values.banner?.key ?? null,
    meetingDescription: values.meetingDescription,
    isDraft,
    whoCanSee: values.whoCanSee,
    repeats: values.repeats,
    startDate: String(start?.seconds ?? ''),
    endDate: String(end?.seconds ?? ''),
    timeZone: values.timeZone,
    latitude: values.latitude,
    longitude: values.longitude,
    location: values.location,
    city: values.city,
    state: values.state,
    country: values.country,
    zipCode: values.zipCode,
    // A cleared map means no route, whatever was stored before.
    routeId: values.routePoints.length === 0 ? null : (values.route?.routeId ?? null),
    goalCalories: calories,
    goalElevation: metres(values.goalElevation, initial?.goalElevation, saved?.goalElevation ?? null, (n) => elevationToMetres(n, units)),
    goalDistance: metres(values.goalDistance, initial?.goalDistance, saved?.goalDistance ?? null, (n) => distanceToMetres(n, units)),
    // Only the organiser chooses co-hosts; a co-host's save leaves them out, so they stay as they are.
    ...(saved !== null && !saved.isOrganiser ? {} : { CoHost: values.coHosts.map((m) => m.userId) }),
    capacity,
  };
}
