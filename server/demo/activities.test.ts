import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityList, activitySummary, activityTrack, eventProgress, privacySettings, type Activity } from '#contract/activities';
import { eventList } from '#contract/events';
import { feedList } from '#contract/feeds';
import { gearDetail, gearList } from '#contract/gear';
import { notificationList } from '#contract/notifications';
import { activities } from '../db/schema/activities';
import { isInsideZone } from '../modules/activities/privacy/privacy-zones';
import { localParts } from '../modules/events/time-zone';
import { createTestApp, okData, type TestApp } from '../test/test-app';
import { DEMO_MEMBERS, DEMO_PASSWORD, seedAccounts } from './accounts';
import { seedDemoActivities } from './activities';
import { seedDemoEvents } from './events';
import { seedDemoGear } from './gear';
import { HOME_ZONES, seedDemoPosts } from './posts';
import { seedSocialGraph } from './social-graph';

// The demo world's activities: what the demo member and the others find in their logs, on the maps, in the feed.

// Three members' activities keep the file quick; activity-plan.test.ts reads every member's kinds of outing.
const SEEDED = ['mayatrails', 'jonasrides', 'priyahikes'] as const;

let t: TestApp;
const tokens = new Map<string, string>();
beforeAll(async () => {
  // No background jobs: the privacy refresh would remake views the seeding already made under the zones.
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
  const members = await t.db.transaction(async (tx) => {
    const seeded = await seedAccounts(tx);
    await seedSocialGraph(tx, seeded, t.clock.now());
    return seeded;
  });
  await seedDemoPosts(t.app.deps, members);
  await seedDemoEvents(t.app.deps, members);
  await seedDemoGear(t.app.deps, members);
  await seedDemoActivities(t.app.deps, members, { only: SEEDED });
  for (const m of DEMO_MEMBERS) tokens.set(m.handleName, await t.tokenFor(m.email, DEMO_PASSWORD));
});
afterAll(() => t?.close());

type Handle = (typeof DEMO_MEMBERS)[number]['handleName'];
const get = (handle: Handle, url: string) => t.app.inject({ method: 'GET', url, headers: t.bearer(tokens.get(handle)!) });
async function log(viewer: Handle, of: Handle): Promise<Activity[]> {
  const all: Activity[] = [];
  let cursor: string | undefined;
  do {
    const payload = { handleName: of, per_page: 50, ...(cursor ? { cursor } : {}) };
    const page = okData(await t.app.inject({ method: 'POST', url: '/api/getActivity', headers: t.bearer(tokens.get(viewer)!), payload }), activityList);
    all.push(...page.list);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return all;
}
const track = async (viewer: Handle, id: number) => okData(await get(viewer, `/api/getActivityCoordinate?activityId=${id}`), activityTrack);

describe('the demo gear', () => {
  it('names each sport’s default piece on the imported activities, so its totals are the member’s outings in that sport', async () => {
    const maya = await log('mayatrails', 'mayatrails');
    const gear = okData(await get('mayatrails', '/api/getUserProfileSportEquipment'), gearList).list;
    const bySport = (sportId: number) => maya.filter((a) => a.sportId === sportId);
    const sum = (list: Activity[]) => list.reduce((m, a) => m + a.distance, 0);
    const enduro = gear.find((g) => g.title === 'Enduro rig')!;
    expect(enduro).toMatchObject({ sportId: 53, isDefault: true, frontTravel: 170 });
    expect(enduro.images).toHaveLength(2);
    expect(enduro.totals.activities).toBe(bySport(53).length);
    expect(enduro.totals.activities).toBeGreaterThan(3);
    expect(enduro.totals.distance).toBeCloseTo(sum(bySport(53)), 3);
    expect(gear.find((g) => g.title === 'Approach boots')!.totals.activities).toBe(bySport(35).length);
    expect(gear.find((g) => g.title === 'Hardtail project')).toMatchObject({ isDraft: true, totals: { activities: 0 } });
  });

  it('wears Maya’s parts with her rides: the fork is due, and she was told so once', async () => {
    const enduro = okData(await get('mayatrails', '/api/getUserProfileSportEquipment?sportId=53'), gearList).list.find((g) => g.title === 'Enduro rig')!;
    const { components } = okData(await get('mayatrails', `/api/equipment/${enduro.id}`), gearDetail);
    const byKind = new Map(components.map((c) => [c.kind, c]));
    expect(byKind.get('fork')).toMatchObject({ isDue: true, name: 'Fox 38 Factory' });
    expect(byKind.get('chain')).toMatchObject({ isDue: false });
    expect(byKind.get('chain')!.wear).toBeGreaterThan(0.05);
    const notices = okData(await get('mayatrails', '/api/notifications'), notificationList).list.filter((n) => n.kind === 'gear');
    expect(notices.map((n) => n.message)).toEqual([expect.stringMatching(/^Fork “Fox 38 Factory” on Enduro rig is due for a service: [\d.]+ h since it was fitted\.$/)]);
  });

  it('shows another member the published pieces only', async () => {
    const seen = okData(await get('jonasrides', '/api/getUserProfileSportEquipment?handleName=mayatrails'), gearList).list;
    expect(seen.map((g) => g.title).sort()).toEqual(['Approach boots', 'Enduro rig']);
  });
});

describe('the demo activities', () => {
  it('give each member 10–30 activities over the last twelve weeks, in their own sports, from GPX, TCX and FIT files', async () => {
    for (const m of DEMO_MEMBERS.filter((x) => (SEEDED as readonly string[]).includes(x.handleName))) {
      const mine = await log(m.handleName, m.handleName);
      expect([m.handleName, mine.length >= 10 && mine.length <= 30]).toEqual([m.handleName, true]);
      expect(mine.every((a) => (m.sports as readonly number[]).includes(a.sportId) && a.source === 'file' && a.hasTrack && a.mapImage !== null)).toBe(true);
      const oldest = new Date(mine.at(-1)!.startDate).getTime();
      expect(t.clock.now().getTime() - oldest).toBeLessThanOrEqual(85 * 86_400_000);
      expect(new Set(mine.map((a) => a.sportId)).size).toBeGreaterThanOrEqual(2);
    }
    const files = await t.db.select({ name: activities.originalName }).from(activities);
    expect(new Set(files.map((f) => f.name!.split('.').pop()))).toEqual(new Set(['gpx', 'tcx', 'fit']));
  });

  it('are read with their heart rate, and cadence and power on rides, at a morning, lunch or evening hour of home', async () => {
    const everyone = (await Promise.all(SEEDED.map((h) => log(h, h)))).flat();
    expect(everyone.every((a) => a.averageHeartRate !== null && a.maxHeartRate !== null && a.elevationGain !== null)).toBe(true);
    const rides = everyone.filter((a) => [53, 34, 37].includes(a.sportId));
    expect(rides.length).toBeGreaterThan(10);
    expect(rides.every((a) => a.averagePower !== null && a.averageCadence !== null)).toBe(true);
    const jonas = await log('jonasrides', 'jonasrides');
    expect(jonas.every((a) => a.timeZone === HOME_ZONES.jonasrides && [6, 8, 9, 12].includes(localParts(new Date(a.startDate), a.timeZone).hour))).toBe(true);
  });

  it('give the demo member this year’s totals and the twelve weeks’ bars of her summary', async () => {
    const zone = HOME_ZONES.mayatrails;
    const summary = okData(await get('mayatrails', `/api/activity/summary?timeZone=${encodeURIComponent(zone)}`), activitySummary);
    const mine = await log('mayatrails', 'mayatrails');
    const thisYear = localParts(t.clock.now(), zone).year;
    const ofYear = mine.filter((a) => localParts(new Date(a.startDate), zone).year === thisYear);
    expect(summary.summary.year.all.count).toBe(ofYear.length);
    expect(summary.summary.year.all.distance).toBeCloseTo(ofYear.reduce((s, a) => s + a.distance, 0), 0);
    expect(summary.summary.year.bySport.map((s) => s.sportId).every((id) => id === 53 || id === 35)).toBe(true);
    const { bars } = summary.chartData;
    expect(bars).toHaveLength(12);
    expect(bars.filter((b) => b.count > 0).length).toBeGreaterThanOrEqual(8);
    const day = (iso: string) => {
      const p = localParts(new Date(iso), zone);
      return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
    };
    expect(bars.reduce((s, b) => s + b.count, 0)).toBe(mine.filter((a) => day(a.startDate) >= bars[0]!.start).length);
  });

  it('start inside Maya’s privacy zone: her own map shows the whole of it, everyone else’s is trimmed', async () => {
    const settings = okData(await get('mayatrails', '/api/privacy-zones'), privacySettings);
    expect(settings).toMatchObject({ zones: [{ label: 'Home', radius: 400 }], hideEnds: 200 });
    const zone = { centre: settings.zones[0]!.centre, radiusM: settings.zones[0]!.radius, trimRadiusM: settings.zones[0]!.trimRadius };
    const mine = await log('mayatrails', 'mayatrails');
    const fromHome = [];
    for (const a of mine.filter((x) => x.hasHiddenParts)) {
      const own = await track('mayatrails', a.id);
      if (own.coordinates[0] && isInsideZone(own.coordinates[0], zone)) fromHome.push({ a, own });
    }
    expect(fromHome.length).toBeGreaterThanOrEqual(4);
    for (const { a, own } of fromHome.slice(0, 3)) {
      expect(own.hiddenRanges[0]![0]).toBe(0);
      const theirs = await track('jonasrides', a.id);
      const shown = theirs.coordinates.filter((p) => p !== null);
      expect(theirs.hiddenRanges).toEqual([]);
      expect(shown.length).toBeGreaterThan(10);
      expect(shown.some((p) => isInsideZone(p, zone))).toBe(false);
      expect(own.coordinates.filter((p) => p !== null).some((p) => isInsideZone(p, zone))).toBe(true);
    }
  });

  it('keep Maya’s scouting hike to herself, and Priya’s evening walks to her followers', async () => {
    const own = await log('mayatrails', 'mayatrails');
    const seen = await log('jonasrides', 'mayatrails');
    expect(own.filter((a) => a.visibility === 'only_me').map((a) => a.title)).toEqual(['Walker Ranch reroute scouting']);
    expect(seen.length).toBe(own.length - 1);
    const walks = (await log('priyahikes', 'priyahikes')).filter((a) => a.sportId === 54);
    expect(walks.every((a) => a.visibility === 'followers')).toBe(true);
    // Theo does not follow Priya: her followers-only walks are not in his view of her log.
    expect((await log('theowalks', 'priyahikes')).some((a) => a.sportId === 54)).toBe(false);
  });

  it('are titled by their files or by the time of day, a few with words their owner added', async () => {
    const everyone = (await Promise.all(SEEDED.map((h) => log(h, h)))).flat();
    const titles = everyone.map((a) => a.title);
    expect(titles.filter((x) => /^(Morning|Lunch|Afternoon|Evening) (ride|run|hike|walk)$/.test(x)).length).toBeGreaterThan(everyone.length / 3);
    expect(titles).toContain('Thursday night ride');
    expect(titles).toContain('Kühtai from Ötz');
    expect(everyone.filter((a) => a.description !== '').length).toBeGreaterThanOrEqual(3);
  });

  it('collect kudos and comments, which the demo member hears of', async () => {
    const ride = (await log('mayatrails', 'mayatrails')).find((a) => a.title === 'Thursday night ride' && a.description !== '')!;
    expect(ride.likes.total).toBe(4);
    expect(ride.commentCount).toBe(2);
    const notices = okData(await get('mayatrails', '/api/notifications'), notificationList);
    const messages = notices.list.map((n) => n.message);
    expect(messages.some((m) => m.endsWith('gave kudos to your activity.'))).toBe(true);
    expect(messages.some((m) => m.endsWith('commented on your activity.'))).toBe(true);
    // Priya's invitation to co-host stays the newest.
    expect(notices.list[0]).toMatchObject({ subjectType: 'event', isRead: false });
    // Beside the kudos on the activities people talk about (those have comments), some on the last three weeks' others.
    const everyday = (await Promise.all(SEEDED.map((h) => log(h, h)))).flat().filter((a) => a.commentCount === 0 && t.clock.now().getTime() - new Date(a.startDate).getTime() < 21 * 86_400_000);
    expect(everyday.filter((a) => a.likes.total > 0).length).toBeGreaterThanOrEqual(2);
  });

  it('are shared by the posts about them, with their trimmed map on the card', async () => {
    const all = okData(await get('mayatrails', '/api/feed?filter_type=all&per_page=50'), feedList);
    const shared = all.list.filter((f) => f.activity !== null);
    expect(shared.map((f) => f.title).sort()).toEqual(['Gravel Sunday', 'Sunrise on Mount Sanitas', 'Thursday night ride']);
    expect(shared.every((f) => f.activity!.mapImage !== null && f.activity!.distance > 1000)).toBe(true);
    // Each shared activity ended before its post was published.
    for (const f of shared) {
      const [row] = await t.db.select({ startAt: activities.startAt, elapsedS: activities.elapsedS }).from(activities).where(eq(activities.id, f.activity!.id));
      expect(row!.startAt.getTime() + row!.elapsedS * 1000).toBeLessThan(new Date(f.publishedAt!).getTime());
    }
  });

  it('count Jonas’s climb toward the Kühtai event he organised, along its route', async () => {
    const past = okData(await get('mayatrails', '/api/challengeActivity?type=past'), eventList).list;
    const kuehtai = past.find((e) => e.eventName === 'Kühtai from Ötz')!;
    const progress = okData(await get('mayatrails', `/api/challenge/progress?challengeId=${kuehtai.id}`), eventProgress);
    expect(progress.list[0]).toMatchObject({ member: { handleName: 'jonasrides' }, finished: true });
    expect(progress.list[0]!.activityIds).toHaveLength(1);
    expect(progress.list[0]!.elevationGain).toBeGreaterThanOrEqual(1200);
  });
});
