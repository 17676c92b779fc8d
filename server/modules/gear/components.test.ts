import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gearComponent, type ComponentInput } from '#contract/gear';
import { notificationList } from '#contract/notifications';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { insertActivity } from '../activities/activity-test-rows';
import { gearHelpers, type Member } from './gear-test-helpers';

// Issue 24: components of a piece (a chain by distance, a fork by hours), their wear from the activities of the pieces
// they were fitted to while fitted, a service log that starts the interval again, moving a component to another
// bike with what it did, and the "service due" notice: told once, in the app and by e-mail as the settings allow.

let t: TestApp;
const h = gearHelpers(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const FITTED = '2026-05-01T00:00:00.000Z';
async function fitPart(who: Member, input: Partial<ComponentInput> & { gearId: number }) {
  const res = await h.send('POST', '/api/equipment/component', who.token, { kind: 'chain', name: 'XT chain', installedAt: FITTED, serviceIntervalKm: 5, ...input });
  return okData(res, gearComponent);
}
const gearNotices = async (who: Member) => okData(await h.send('GET', '/api/notifications', who.token), notificationList).list.filter((n) => n.kind === 'gear');

describe('components', () => {
  it('wear by distance and by hours from the piece’s activities while fitted; due at the interval', async () => {
    const m = await h.member();
    const bike = await h.save(m, { isDefault: true });
    // Before the chain was fitted: not counted.
    await insertActivity(t.db, m.userId, { sportId: 53, distanceM: 50_000, startAt: new Date('2026-04-20T08:00:00Z') }).then((id) =>
      h.send('POST', '/api/activity/gear', m.token, { activityId: id, gearIds: [bike.id] }),
    );
    const chain = await fitPart(m, { gearId: bike.id });
    const fork = await fitPart(m, { gearId: bike.id, kind: 'fork', name: 'Fox 38', serviceIntervalKm: null, serviceIntervalHours: 50 });
    expect(chain).toMatchObject({ kind: 'chain', name: 'XT chain', serviceIntervalKm: 5, total: { distance: 0, activities: 0 }, wear: 0, isDue: false, lastServicedAt: null });

    await h.manualRide(m, { distance: 3000, duration: 3600 });
    const detail = await h.detail(m, bike.id);
    const byId = new Map(detail.components.map((c) => [c.id, c]));
    expect(byId.get(chain.id)).toMatchObject({ sinceService: { distance: 3000, movingTime: 3600, activities: 1 }, isDue: false });
    expect(byId.get(chain.id)!.wear).toBeCloseTo(0.6, 5);
    expect(byId.get(fork.id)!.wear).toBeCloseTo(1 / 50, 5);
    expect(await gearNotices(m)).toEqual([]);

    await h.manualRide(m, { distance: 2500, duration: 1800 });
    const due = new Map((await h.detail(m, bike.id)).components.map((c) => [c.id, c]));
    expect(due.get(chain.id)).toMatchObject({ isDue: true, total: { distance: 5500, activities: 2 } });
    expect(due.get(fork.id)!.isDue).toBe(false);
  });

  it('tells the owner once when a service falls due, in the app and by e-mail; a logged service starts the count again', async () => {
    const m = await h.member();
    expect((await h.send('POST', '/api/profileSetting', m.token, { units: 'metric' })).statusCode).toBe(200);
    const bike = await h.save(m, { isDefault: true });
    const chain = await fitPart(m, { gearId: bike.id });
    const mailsBefore = await t.mailCount(m.email);
    await h.manualRide(m, { distance: 6200 });
    const notices = await gearNotices(m);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ subjectType: 'gear', subjectId: bike.id, actor: null, isRead: false, message: 'Chain “XT chain” on Enduro rig is due for a service: 6.2 km since it was fitted.' });
    expect(await t.mailCount(m.email)).toBe(mailsBefore + 1);

    // Another ride: still due, not told again.
    await h.manualRide(m, { distance: 1000 });
    expect(await gearNotices(m)).toHaveLength(1);

    const serviced = okData(await h.send('POST', '/api/equipment/component/service', m.token, { id: chain.id, servicedAt: '2026-06-01T00:00:00.000Z', what: 'New chain', note: 'KMC X12' }), gearComponent);
    // The rides above started on 17 May: before the service, so nothing counts since.
    expect(serviced).toMatchObject({ isDue: false, sinceService: { distance: 0 }, total: { distance: 7200 }, lastServicedAt: '2026-06-01T00:00:00.000Z' });
    expect(serviced.services).toEqual([{ id: expect.any(Number), servicedAt: '2026-06-01T00:00:00.000Z', what: 'New chain', note: 'KMC X12' }]);
    const later = await insertActivity(t.db, m.userId, { sportId: 53, distanceM: 5100, startAt: new Date('2026-06-03T08:00:00Z') });
    await h.send('POST', '/api/activity/gear', m.token, { activityId: later, gearIds: [bike.id] });
    expect(await gearNotices(m)).toHaveLength(2);
  });

  it('the e-mail follows the member’s settings: in the app only when e-mail is off for gear', async () => {
    const m = await h.member();
    expect((await h.send('POST', '/api/notification-setting', m.token, { settings: [{ kind: 'gear', inApp: true, email: false }] })).statusCode).toBe(200);
    const bike = await h.save(m, { isDefault: true });
    await fitPart(m, { gearId: bike.id });
    const mailsBefore = await t.mailCount(m.email);
    await h.manualRide(m, { distance: 9000 });
    expect(await gearNotices(m)).toHaveLength(1);
    expect(await t.mailCount(m.email)).toBe(mailsBefore);
  });

  it('a component moved to another bike keeps its totals and counts the new bike’s rides from the day it moved', async () => {
    const m = await h.member();
    const first = await h.save(m, { title: 'Old bike', isDefault: true });
    const second = await h.save(m, { title: 'New bike' });
    const dropper = await fitPart(m, { gearId: first.id, kind: 'dropper', name: 'Reverb', serviceIntervalKm: null, serviceIntervalHours: 100 });
    const onFirst = await insertActivity(t.db, m.userId, { sportId: 53, distanceM: 8000, startAt: new Date('2026-05-10T08:00:00Z') });
    await h.send('POST', '/api/activity/gear', m.token, { activityId: onFirst, gearIds: [first.id] });
    const moved = okData(await h.send('POST', '/api/equipment/component/move', m.token, { id: dropper.id, gearId: second.id, movedAt: '2026-05-20T00:00:00.000Z' }), gearComponent);
    expect(moved).toMatchObject({ gearId: second.id, total: { distance: 8000, activities: 1 } });
    // The old bike's later rides no longer count; the new bike's do.
    for (const [gearId, day, distanceM] of [[first.id, '2026-05-25', 3000], [second.id, '2026-05-26', 4000], [second.id, '2026-05-12', 9000]] as const) {
      const id = await insertActivity(t.db, m.userId, { sportId: 53, distanceM, startAt: new Date(`${day}T08:00:00Z`) });
      await h.send('POST', '/api/activity/gear', m.token, { activityId: id, gearIds: [gearId] });
    }
    const [now] = (await h.detail(m, second.id)).components;
    expect(now).toMatchObject({ id: dropper.id, total: { distance: 12_000, activities: 2 } });
    expect((await h.detail(m, first.id)).components).toEqual([]);
    const back = await h.send('POST', '/api/equipment/component/move', m.token, { id: dropper.id, gearId: first.id, movedAt: '2026-05-15T00:00:00.000Z' });
    expect(body(back).errors).toEqual({ movedAt: ['It came onto this piece after that day: choose a later one.'] });
  });

  it('checks its input: a future day, a service before fitting, an interval out of range, each on its field', async () => {
    const m = await h.member();
    const bike = await h.save(m);
    const future = await h.send('POST', '/api/equipment/component', m.token, { gearId: bike.id, kind: 'chain', name: 'XT', installedAt: '2099-01-01T00:00:00.000Z' });
    expect(body(future).errors).toEqual({ installedAt: ['That day is still to come.'] });
    const zero = await h.send('POST', '/api/equipment/component', m.token, { gearId: bike.id, kind: 'chain', name: 'XT', installedAt: FITTED, serviceIntervalKm: 0 });
    expect(Object.keys(body(zero).errors ?? {})).toEqual(['serviceIntervalKm']);
    const chain = await fitPart(m, { gearId: bike.id });
    const early = await h.send('POST', '/api/equipment/component/service', m.token, { id: chain.id, servicedAt: '2026-04-01T00:00:00.000Z', what: 'Wax' });
    expect(body(early).errors).toEqual({ servicedAt: ['That is before it was fitted.'] });
    expect((await h.send('DELETE', '/api/equipment/component', m.token, { id: chain.id })).statusCode).toBe(200);
    expect((await h.detail(m, bike.id)).components).toEqual([]);
  });

  it('someone else’s component or piece is the 404 of one that does not exist, and nothing changes', async () => {
    const [a, b] = [await h.member(), await h.member()];
    const theirs = await h.save(a);
    const mine = await h.save(b, { title: 'B’s bike' });
    const chain = await fitPart(a, { gearId: theirs.id });
    const calls = [
      (id: number) => h.send('POST', '/api/equipment/component', b.token, { id, gearId: mine.id, kind: 'chain', name: 'Mine now', installedAt: FITTED }),
      (id: number) => h.send('POST', '/api/equipment/component/move', b.token, { id, gearId: mine.id, movedAt: FITTED }),
      (id: number) => h.send('POST', '/api/equipment/component/service', b.token, { id, servicedAt: FITTED, what: 'Stolen' }),
      (id: number) => h.send('DELETE', '/api/equipment/component', b.token, { id }),
    ];
    for (const call of calls) {
      const [named, unknown] = [await call(chain.id), await call(2_000_000_000)];
      expect(named.statusCode).toBe(404);
      expect(body(named)).toEqual(body(unknown));
    }
    // Fitting a component to A's piece, and moving B's own onto it: the piece's 404.
    expect((await fitPart(b, { gearId: mine.id })).gearId).toBe(mine.id);
    const onTheirs = await h.send('POST', '/api/equipment/component', b.token, { gearId: theirs.id, kind: 'chain', name: 'Gift', installedAt: FITTED });
    expect(onTheirs.statusCode).toBe(404);
    expect((await h.detail(a, theirs.id)).components.map((c) => [c.id, c.name, c.services.length])).toEqual([[chain.id, 'XT chain', 0]]);
  });
});
