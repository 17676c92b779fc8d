import { describe, expect, it } from 'vitest';
import type { LngLat } from '#contract/map-routes';
import { geodesicDistance } from '../modules/map-routes/geodesy';
import { readActivityFile } from '../modules/activities/readers/read-activity';
import { sportIdOf } from '../modules/activities/track/file-sport';
import { activityStats } from '../modules/activities/track/stats';
import { localParts } from '../modules/events/time-zone';
import { demoActivityFile } from './activity-files';
import { DEMO_ATHLETES, planActivities, type PlannedActivity } from './activity-plan';
import { recordOuting } from './activity-tracks';
import { localDay, onLocalDay } from './local-days';

// The demo world's activities before any database: how many each member has, and what their files read back as
// through the importer's own reader and numbers (activities.test.ts imports some of them for real).

// The Kühtai climb as server/demo/events.ts holds it: ten days ago at eight.
const KUEHTAI = [[10.8972, 47.2035, 820], [10.9512, 47.2003, 1583], [11.0197, 47.2133, 2020]] as const;
const plan = (now: Date) =>
  planActivities(now, new Map([['Kühtai from Ötz', { startsAt: onLocalDay(localDay(now, -10, 'Europe/Vienna'), [8, 0], 'Europe/Vienna'), route: KUEHTAI }]]));

/** What the importer makes of a planned activity's file: its sport and its numbers. */
function readBack(a: PlannedActivity) {
  const { file } = demoActivityFile(a);
  const read = readActivityFile(file.bytes, file.path);
  const sportId = sportIdOf(read.sport, read.subSport);
  return { read, sportId, stats: activityStats(read.streams, { sportId: sportId ?? 59, laps: read.laps, totals: read.totals }) };
}

/** Average moving speed, km/h, that each sport's outings keep (climbs and technical trails slow rides and runs down). */
const PACE_KMH: Record<number, [number, number]> = { 53: [10, 18], 34: [12, 32], 37: [18, 24], 35: [2.5, 5.5], 5: [6, 14], 54: [4, 5.5] };

describe('the demo activity plan', () => {
  it('holds 10–30 activities for every member, over the last twelve weeks, whatever the day and hour the demo starts', () => {
    for (let hour = 0; hour < 7 * 24; hour += 5) {
      const now = new Date(Date.UTC(2026, 2, 2) + hour * 3_600_000);
      const planned = plan(now);
      for (const handle of Object.keys(DEMO_ATHLETES)) {
        const n = planned.filter((a) => a.by === handle).length;
        expect([handle, hour, n >= 10 && n <= 30]).toEqual([handle, hour, true]);
      }
      expect(planned.every((a) => a.startAt < now && now.getTime() - a.startAt.getTime() < 85 * 86_400_000)).toBe(true);
    }
  });

  it('is the same plan each time: seeded, not random', () => {
    const now = new Date();
    const [a, b] = [plan(now), plan(now)];
    expect(a.map((x) => [x.by, x.startAt.getTime(), x.seed])).toEqual(b.map((x) => [x.by, x.startAt.getTime(), x.seed]));
    const first = a.find((x) => x.path.shape === 'loop')!;
    expect(recordOuting({ ...first, startS: 0 })).toEqual(recordOuting({ ...first, startS: 0 }));
  });

  it('writes files the importer reads as their sport, at that sport’s pace, with heart rate, and power and cadence on rides', () => {
    const planned = plan(new Date());
    // One of each kind of outing of each member: who, sport, file and shape.
    const kinds = [...new Map(planned.map((a) => [`${a.by} ${a.sport} ${a.format.kind} ${a.path.shape}`, a])).values()];
    expect(new Set(kinds.map((a) => a.format.kind))).toEqual(new Set(['gpx', 'tcx', 'fit']));
    for (const a of kinds) {
      const { read, sportId, stats } = readBack(a);
      const kmh = (stats.averageSpeedMps ?? 0) * 3.6;
      const [lo, hi] = PACE_KMH[a.sport]!;
      expect([a.by, a.sport, sportId, kmh >= lo && kmh <= hi]).toEqual([a.by, a.sport, a.sport, true]);
      expect(read.streams.time.length).toBeGreaterThan(200);
      expect(stats.averageHeartRate).toBeGreaterThan(100);
      expect(stats.maxHeartRate).toBeLessThanOrEqual(a.heartRate.max);
      const ride = [53, 34, 37].includes(a.sport);
      expect([a.by, a.sport, stats.averagePower !== null, stats.averageCadence !== null]).toEqual([a.by, a.sport, ride, ride || a.sport === 5]);
    }
  });

  it('climbs hundreds of metres above Boulder, Innsbruck and Chamonix, and little in Pune and Cornwall', () => {
    const planned = plan(new Date());
    // The gain read from the file of the member's hilliest outing from home (or a trailhead near it).
    const mostClimb = (handle: string) => {
      const own = planned.filter((a) => a.by === handle && a.path.shape !== 'route');
      const hilliest = own.reduce((best, a) => (a.path.shape !== 'route' && best.path.shape !== 'route' && a.path.climbM > best.path.climbM ? a : best));
      return readBack(hilliest).stats.elevationGainM ?? 0;
    };
    expect(mostClimb('mayatrails')).toBeGreaterThan(600);
    expect(mostClimb('jonasrides')).toBeGreaterThan(600);
    expect(mostClimb('lenaruns')).toBeGreaterThan(600);
    expect(mostClimb('theowalks')).toBeLessThan(350);
    expect(mostClimb('samgravel')).toBeLessThan(600);
    // Around Pune itself: runs, walks and the hill above town; the fort is a day trip.
    expect(planned.filter((a) => a.by === 'priyahikes' && a.path.shape !== 'route' && a.path.start === DEMO_ATHLETES.priyahikes.home).every((a) => a.path.shape !== 'route' && a.path.climbM < 200)).toBe(true);
  });

  it('starts at a morning, lunch or evening hour of home, and Maya’s and Lena’s outings from home at their door', () => {
    const planned = plan(new Date());
    expect(planned.filter((a) => localParts(a.startAt, a.zone).hour < 5 || localParts(a.startAt, a.zone).hour > 19)).toEqual([]);
    for (const handle of ['mayatrails', 'lenaruns'] as const) {
      const home: LngLat = [DEMO_ATHLETES[handle].home[0], DEMO_ATHLETES[handle].home[1]];
      const fromHome = planned.filter((a) => a.by === handle && a.path.shape !== 'route' && a.path.start === DEMO_ATHLETES[handle].home);
      expect(fromHome.length).toBeGreaterThanOrEqual(5);
      for (const a of fromHome.slice(0, 3)) {
        const samples = recordOuting({ ...a, startS: 0 });
        expect(geodesicDistance(home, [samples[0]!.lng, samples[0]!.lat])).toBeLessThan(20);
        expect(geodesicDistance(home, [samples.at(-1)!.lng, samples.at(-1)!.lat])).toBeLessThan(30);
      }
    }
  });
});
