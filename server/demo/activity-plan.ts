import type { ActivityVisibility } from '#contract/activities';
import type { SportId } from '#contract/sports';
import type { Types } from '@garmin/fitsdk';
import { hours, minutes } from '../lib/clock';
import type { DEMO_MEMBERS } from './accounts';
import { seededRandom } from '../lib/seeded-random';
import type { Motion, PathSpec, RoutePoint } from './activity-tracks';
import { BETASSO_LOOP, SANITAS_HIKE } from './events';
import { lastWeekday, localDay, onLocalDay, weekdayOf, type LocalDate, type Weekday } from './local-days';
import { HOME_ZONES } from './posts';

type Handle = (typeof DEMO_MEMBERS)[number]['handleName'];

/** How the member's device or app writes the file: Garmin Connect's GPX, a running watch's TCX, a bike computer's FIT. */
export type FileFormat = { kind: 'gpx'; type: string } | { kind: 'tcx'; sport: 'Running' | 'Biking' } | { kind: 'fit'; sport: Types.Sport; subSport: Types.SubSport };

/**
 * Where it goes: a loop or an out-and-back from home or a trailhead (distance and climb drawn in a range), or a route
 * followed (`event`: the route of the demo event it took part in).
 */
type Where =
  | { from: 'home' | RoutePoint; shape: 'loop' | 'out-and-back'; bearing: number; km: [number, number]; climbM: [number, number] }
  | { route: readonly RoutePoint[] | 'event'; laps: number; back: boolean };

type Kind = {
  sport: SportId;
  motion: Motion;
  format: FileFormat;
  where: Where;
  /** The file's own name for it, drawn from these; null leaves the default title ("Morning ride"). */
  names?: (string | null)[];
  pace?: number;
  visibility?: ActivityVisibility;
};

/** Something a member does most weeks: on a weekday at a local time, in `chance` of the weeks. */
type Habit = Kind & { on: Weekday; at: [hour: number, minute: number]; chance: number };

type Comment = { by: Handle; text: string };

/** One activity of its own: the one a post shares, the one an event counts, the private one. */
type Special = Kind & {
  /** The day it happened: the last such weekday (a post names it), or days ago; or the start of a demo event. */
  on: { last: Weekday } | { daysAgo: number } | { event: string };
  at?: [hour: number, minute: number];
  /** Away from home: the zone its clock is read on. */
  zone?: string;
  /** Set after the import, as a member edits the title and adds words. */
  title?: string;
  description?: string;
  /** The title of the member's demo post that shares it. */
  sharedIn?: string;
  kudos?: Handle[];
  comments?: Comment[];
};

type DemoAthlete = {
  home: RoutePoint;
  heartRate: { rest: number; max: number };
  /** A privacy zone around home (check 19), and the metres hidden at both ends of every activity. */
  privacy?: { label: string; radiusM: number; hideEndsM: number };
  /** Who tends to give kudos to this member's activities (each one they may see). */
  kudosFrom: Handle[];
  habits: Habit[];
  specials: Special[];
};

const gpx = (type: string): FileFormat => ({ kind: 'gpx', type });
const ROAD_FIT: FileFormat = { kind: 'fit', sport: 'cycling', subSport: 'road' };
const EBIKE_FIT: FileFormat = { kind: 'fit', sport: 'eBiking', subSport: 'generic' };
const TCX_RUN: FileFormat = { kind: 'tcx', sport: 'Running' };

const WALKER_RANCH: RoutePoint = [-105.3384, 39.9516, 2230];
const FOREST_PARK: RoutePoint = [-122.712, 45.536, 60];
const SINHAGAD_BASE: RoutePoint = [73.756, 18.364, 700];

/**
 * The demo members' sporting lives over the last twelve weeks, near their home towns: Maya's rides and hikes above
 * Boulder, Jonas's road miles and Nordkette laps in Innsbruck, Priya's runs and hill walks in Pune, Sam's eBike loops
 * in Portland, Lena's runs and climbs in Chamonix, Theo's walks on the Cornish coast. Maya and Lena keep a privacy zone
 * around home, where most of their outings start and end.
 */
export const DEMO_ATHLETES: Record<Handle, DemoAthlete> = {
  mayatrails: {
    home: [-105.2905, 40.0288, 1690],
    heartRate: { rest: 50, max: 184 },
    privacy: { label: 'Home', radiusM: 400, hideEndsM: 200 },
    kudosFrom: ['jonasrides', 'priyahikes', 'lenaruns', 'theowalks'],
    habits: [
      { on: 'Thursday', at: [18, 0], chance: 0.4, sport: 53, motion: 'mtb', format: gpx('mountain_biking'), where: { route: BETASSO_LOOP, laps: 2, back: false }, names: ['Thursday night ride'] },
      { on: 'Saturday', at: [7, 30], chance: 0.4, sport: 53, motion: 'mtb', format: gpx('mountain_biking'), where: { from: 'home', shape: 'loop', bearing: 275, km: [24, 32], climbM: [600, 850] }, names: ['Four Mile Canyon loop', 'Sunshine Canyon grind', null, null] },
      { on: 'Tuesday', at: [6, 15], chance: 0.25, sport: 35, motion: 'hike', format: gpx('hiking'), where: { from: 'home', shape: 'out-and-back', bearing: 295, km: [6, 8], climbM: [330, 420] }, names: ['Sunrise laps on Mount Sanitas', null] },
    ],
    specials: [
      {
        on: { last: 'Thursday' },
        at: [18, 5],
        sport: 53,
        motion: 'mtb',
        format: gpx('mountain_biking'),
        where: { route: BETASSO_LOOP, laps: 2, back: false },
        names: ['Thursday night ride'],
        description: 'Two laps of Canyon and Benjamin with 14 riders, lights on for the second. Zero flats!',
        sharedIn: 'Thursday night ride',
        kudos: ['jonasrides', 'lenaruns', 'priyahikes', 'samgravel'],
        comments: [
          { by: 'jonasrides', text: 'That second lap in the dark looked fast. Save me a spot next week!' },
          { by: 'lenaruns', text: 'Those lights are no joke. Borrowing one on Thursday, as promised.' },
        ],
      },
      {
        on: { daysAgo: 4 },
        at: [10, 0],
        sport: 35,
        motion: 'hike',
        format: gpx('hiking'),
        where: { from: WALKER_RANCH, shape: 'out-and-back', bearing: 200, km: [5, 6], climbM: [150, 220] },
        title: 'Walker Ranch reroute scouting',
        description: 'Two drains and one reroute. Flagged the new line; notes are in the trail day draft.',
        visibility: 'only_me',
      },
    ],
  },
  jonasrides: {
    home: [11.401, 47.2705, 575],
    heartRate: { rest: 48, max: 182 },
    kudosFrom: ['mayatrails', 'priyahikes'],
    habits: [
      { on: 'Tuesday', at: [6, 30], chance: 0.5, sport: 34, motion: 'road', format: ROAD_FIT, where: { from: 'home', shape: 'out-and-back', bearing: 75, km: [45, 58], climbM: [80, 160] } },
      { on: 'Thursday', at: [6, 30], chance: 0.4, sport: 34, motion: 'road', format: gpx('road_biking'), where: { from: 'home', shape: 'loop', bearing: 165, km: [34, 42], climbM: [420, 600] } },
      { on: 'Saturday', at: [9, 0], chance: 0.4, sport: 53, motion: 'mtb', format: gpx('mountain_biking'), where: { from: 'home', shape: 'out-and-back', bearing: 350, km: [16, 22], climbM: [650, 850] }, names: ['Nordkette descent', 'Arzler Alm laps', null] },
    ],
    specials: [
      {
        on: { last: 'Sunday' },
        at: [12, 30],
        sport: 34,
        motion: 'road',
        format: gpx('gravel_cycling'),
        where: { from: 'home', shape: 'loop', bearing: 250, km: [52, 58], climbM: [300, 420] },
        names: ['Gravel Sunday'],
        sharedIn: 'Gravel Sunday',
        kudos: ['mayatrails', 'priyahikes'],
        comments: [{ by: 'mayatrails', text: 'Dustier than I promised. Next time we start early and beat the heat.' }],
      },
      {
        on: { event: 'Kühtai from Ötz' },
        sport: 34,
        motion: 'road',
        format: ROAD_FIT,
        where: { route: 'event', laps: 1, back: true },
        title: 'Kühtai from Ötz',
        description: 'First col of the year: 1,200 m up from Ötz, snow walls at the top, cake, then the long way down.',
        kudos: ['mayatrails', 'lenaruns'],
        comments: [{ by: 'lenaruns', text: 'Cake in Kühtai was earned. Chapeau!' }],
      },
    ],
  },
  priyahikes: {
    home: [73.8075, 18.5075, 570],
    heartRate: { rest: 54, max: 190 },
    kudosFrom: ['mayatrails', 'jonasrides', 'lenaruns'],
    habits: [
      { on: 'Wednesday', at: [6, 0], chance: 0.3, sport: 5, motion: 'run', format: gpx('running'), where: { from: 'home', shape: 'loop', bearing: 30, km: [6, 9], climbM: [30, 60] } },
      { on: 'Saturday', at: [6, 0], chance: 0.25, sport: 35, motion: 'hike', format: gpx('hiking'), where: { from: 'home', shape: 'out-and-back', bearing: 20, km: [7, 10], climbM: [110, 170] }, names: ['Vetal Tekdi sunrise', null] },
      { on: 'Monday', at: [18, 30], chance: 0.25, sport: 54, motion: 'walk', format: gpx('walking'), where: { from: 'home', shape: 'loop', bearing: 200, km: [3, 5], climbM: [10, 25] }, visibility: 'followers' },
    ],
    specials: [
      {
        on: { daysAgo: 13 },
        at: [5, 30],
        zone: 'America/Denver',
        sport: 35,
        motion: 'hike',
        format: gpx('hiking'),
        where: { route: SANITAS_HIKE, laps: 1, back: false },
        names: ['Sunrise on Mount Sanitas'],
        sharedIn: 'Sunrise on Mount Sanitas',
        kudos: ['mayatrails', 'lenaruns', 'jonasrides'],
        comments: [{ by: 'mayatrails', text: 'Welcome to Boulder! Next time we go up on bikes.' }],
      },
      // Her old running watch's files: TCX.
      { on: { daysAgo: 8 }, at: [6, 10], sport: 5, motion: 'run', format: TCX_RUN, where: { from: 'home', shape: 'loop', bearing: 120, km: [9, 10], climbM: [25, 45] } },
      { on: { daysAgo: 22 }, at: [6, 0], sport: 5, motion: 'run', format: TCX_RUN, where: { from: 'home', shape: 'out-and-back', bearing: 300, km: [8, 10], climbM: [20, 40] } },
      { on: { daysAgo: 36 }, at: [5, 30], sport: 35, motion: 'hike', format: gpx('hiking'), where: { from: SINHAGAD_BASE, shape: 'out-and-back', bearing: 170, km: [5, 6], climbM: [560, 600] }, names: ['Sinhagad fort at dawn'] },
    ],
  },
  samgravel: {
    home: [-122.642, 45.512, 60],
    heartRate: { rest: 56, max: 176 },
    kudosFrom: ['mayatrails'],
    habits: [
      { on: 'Wednesday', at: [12, 15], chance: 0.4, sport: 37, motion: 'ebike', format: EBIKE_FIT, where: { from: 'home', shape: 'loop', bearing: 95, km: [18, 26], climbM: [80, 180] } },
      { on: 'Saturday', at: [9, 30], chance: 0.4, sport: 37, motion: 'ebike', format: gpx('e_bike_fitness'), where: { from: 'home', shape: 'loop', bearing: 170, km: [15, 22], climbM: [100, 220] } },
      { on: 'Sunday', at: [8, 0], chance: 0.35, sport: 53, motion: 'mtb', format: gpx('mountain_biking'), where: { from: FOREST_PARK, shape: 'out-and-back', bearing: 305, km: [16, 22], climbM: [320, 450] }, names: ['Leif Erikson out and back', null] },
    ],
    specials: [],
  },
  lenaruns: {
    home: [6.876, 45.927, 1040],
    heartRate: { rest: 46, max: 192 },
    privacy: { label: 'Home', radiusM: 300, hideEndsM: 0 },
    kudosFrom: ['priyahikes', 'mayatrails', 'theowalks'],
    habits: [
      { on: 'Tuesday', at: [7, 0], chance: 0.3, sport: 5, motion: 'run', format: gpx('running'), where: { from: 'home', shape: 'out-and-back', bearing: 230, km: [9, 11], climbM: [20, 50] }, pace: 1.15 },
      { on: 'Thursday', at: [17, 30], chance: 0.3, sport: 5, motion: 'run', format: gpx('trail_running'), where: { from: 'home', shape: 'out-and-back', bearing: 320, km: [9, 12], climbM: [550, 750] }, names: ['Flégère hill reps', null] },
      { on: 'Saturday', at: [7, 0], chance: 0.2, sport: 35, motion: 'hike', format: gpx('hiking'), where: { from: 'home', shape: 'out-and-back', bearing: 135, km: [12, 15], climbM: [800, 950] }, names: ['Up to Montenvers', null] },
      { on: 'Sunday', at: [9, 0], chance: 0.1, sport: 5, motion: 'run', format: gpx('running'), where: { from: 'home', shape: 'loop', bearing: 45, km: [6, 8], climbM: [30, 80] } },
    ],
    specials: [
      {
        on: { last: 'Tuesday' },
        at: [7, 0],
        sport: 5,
        motion: 'run',
        format: gpx('running'),
        where: { from: 'home', shape: 'out-and-back', bearing: 230, km: [10, 10.4], climbM: [20, 40] },
        pace: 1.2,
        title: 'Tempo Tuesday',
        description: '10 km along the Arve, negative splits for once.',
        sharedIn: 'Tempo Tuesday',
        kudos: ['priyahikes', 'mayatrails'],
        comments: [{ by: 'priyahikes', text: 'Negative splits! Teach me your ways.' }],
      },
    ],
  },
  theowalks: {
    home: [-5.489, 50.205, 60],
    heartRate: { rest: 58, max: 182 },
    kudosFrom: ['mayatrails', 'lenaruns'],
    habits: [
      { on: 'Tuesday', at: [12, 30], chance: 0.3, sport: 54, motion: 'walk', format: gpx('walking'), where: { from: 'home', shape: 'loop', bearing: 200, km: [3, 5], climbM: [20, 50] } },
      { on: 'Thursday', at: [12, 30], chance: 0.25, sport: 54, motion: 'walk', format: gpx('walking'), where: { from: 'home', shape: 'loop', bearing: 185, km: [3, 5], climbM: [20, 50] } },
      { on: 'Saturday', at: [10, 0], chance: 0.4, sport: 35, motion: 'hike', format: gpx('hiking'), where: { from: 'home', shape: 'out-and-back', bearing: 245, km: [10, 15], climbM: [150, 260] }, names: ['Coast path to Zennor', null] },
    ],
    specials: [],
  },
};

/** How far back the activities go: twelve weeks, the summary chart's bars. */
export const PLAN_WEEKS = 12;
/** Anything planned to start later than this before now would still be under way, so it is not there yet. */
const UNDER_WAY_MS = hours(6);

/** An activity to record and import: who, when, on whose clock, how and where, and what happens to it after. */
export type PlannedActivity = Omit<Special, 'on' | 'at' | 'where' | 'names'> & {
  by: Handle;
  startAt: Date;
  zone: string;
  path: PathSpec;
  heartRate: { rest: number; max: number };
  /** The file's own name, or null. */
  name: string | null;
  seed: number;
};

/** A demo event's start and route (read from the events seeded before). */
export type EventRoute = { startsAt: Date; route: readonly RoutePoint[] };

/**
 * Every demo activity, oldest first: each member's habits over the last PLAN_WEEKS (drawn from a generator seeded by
 * member), a habit giving way on a day that has a special, and the specials. Only what is over by now is planned.
 */
export function planActivities(now: Date, events: ReadonlyMap<string, EventRoute>): PlannedActivity[] {
  const planned: PlannedActivity[] = [];
  for (const [m, [by, athlete]] of (Object.entries(DEMO_ATHLETES) as [Handle, DemoAthlete][]).entries()) {
    const homeZone = HOME_ZONES[by];
    const weeks = seededRandom(1000 + m);
    const plan = (kind: Kind & Omit<Special, 'on' | 'at'>, startAt: Date, zone: string, seed: number, eventRoute?: readonly RoutePoint[]) => {
      const { where, names, ...rest } = kind;
      // Its own generator for its shape, apart from the one that draws which weeks a habit happens.
      const random = seededRandom(seed);
      const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
      const path: PathSpec =
        'route' in where
          ? { shape: 'route', points: where.route === 'event' ? eventRoute! : where.route, laps: where.laps, back: where.back }
          : {
              shape: where.shape,
              start: where.from === 'home' ? athlete.home : where.from,
              bearing: where.bearing + (random() - 0.5) * 40,
              distanceM: 1000 * (where.km[0] + random() * (where.km[1] - where.km[0])),
              climbM: where.climbM[0] + random() * (where.climbM[1] - where.climbM[0]),
            };
      planned.push({ ...rest, by, startAt, zone, path, heartRate: athlete.heartRate, name: names ? pick(names) : null, seed });
    };

    const specialDays = new Set<string>();
    const specials = athlete.specials.map((special) => {
      const zone = special.zone ?? homeZone;
      const { on, at = [8, 0], ...kind } = special;
      if ('event' in on) {
        const event = events.get(on.event);
        if (!event) throw new Error(`Demo event "${on.event}" was not seeded`);
        // A few minutes after the start, from the meeting point: inside the event's window, along its route.
        specialDays.add(dayKey(localDay(event.startsAt, 0, zone)));
        return { kind, startAt: new Date(event.startsAt.getTime() + minutes(5)), zone, eventRoute: event.route };
      }
      const day = 'last' in on ? lastWeekday(now, on.last, zone) : localDay(now, -on.daysAgo, zone);
      specialDays.add(dayKey(day));
      return { kind, startAt: onLocalDay(day, at, zone), zone };
    });

    for (const [h, { on, at, chance, ...kind }] of athlete.habits.entries()) {
      // The habit's last day whose outing is over, then a week before that, and so on: each week drawn the same
      // whatever day the demo starts, so the plan hardly depends on it (only where a special takes a habit's day).
      let latest = 0;
      while (weekdayOf(localDay(now, -latest, homeZone)) !== on || onLocalDay(localDay(now, -latest, homeZone), at, homeZone).getTime() > now.getTime() - UNDER_WAY_MS) latest++;
      for (let week = 0; week < PLAN_WEEKS; week++) {
        const day = localDay(now, -latest - 7 * week, homeZone);
        if (weeks() < chance && !specialDays.has(dayKey(day))) plan(kind, onLocalDay(day, at, homeZone), homeZone, seedOf(m, h, week));
      }
    }
    for (const [s, { kind, startAt, zone, eventRoute }] of specials.entries()) plan(kind, startAt, zone, seedOf(m, 10 + s, 0), eventRoute);
  }
  return planned.sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
}

const dayKey = (d: LocalDate) => `${d.year}-${d.month}-${d.day}`;
/** A seed for each member's n-th habit's week (specials count from 10), the same at every start. */
const seedOf = (member: number, n: number, week: number) => member * 10_000 + n * 100 + week;
