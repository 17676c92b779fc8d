import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notPermittedMessage } from '#contract/associates';
import { liveSessions } from '../../db/schema/live';
import { notifications } from '../../db/schema/notifications';
import { follows } from '../../db/schema/social';
import { minutes } from '../../lib/clock';
import { body, createTestApp, type TestApp } from '../../test/test-app';
import { associateHelpers, bornYearsAgo } from '../associates/associate-test-helpers';
import { liveHelpers } from './live-test-helpers';

// Live sessions of associates (issues 25 and 26): under 16 only the members who manage them watch, and they are the
// safety contacts; older ones share as anyone does, their owner watching too; `share_live` gates it, and revoking it
// (or turning the account off) ends the session going on.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
});
afterAll(() => t?.close());

const h = liveHelpers(() => t);
const a = associateHelpers(() => t);

/** `followerId` follows `userId`, accepted (as if the associate had accepted the request). */
const followAccepted = (followerId: number, userId: number) => t.db.insert(follows).values({ followerId, followeeId: userId, status: 'accepted', acceptedAt: t.clock.now() });

describe('an associate under 16', () => {
  it('is watched by the owner alone, who is told it started and is alerted when the associate goes silent', async () => {
    const owner = await h.member({ firstName: 'Jonas', lastName: 'Berg' });
    const kid = await a.add(owner, { firstName: 'Lea', lastName: 'Berg', dob: bornYearsAgo(t, 12) });
    const friend = await h.member();
    await followAccepted(friend.userId, kid.userId);

    expect(body(await h.startCall(kid, { audience: 'followers', watcherIds: [friend.userId] })).errors).toHaveProperty('audience');
    const live = await h.start(kid, { audience: 'followers' });
    expect(live.audience).toBe('contacts');
    await h.positions(kid, live.id, h.recent(3));
    expect(await h.sees(owner, live.id)).toBe(true);
    expect(await h.sees(friend, live.id)).toBe(false);

    await t.app.deps.jobs.drain();
    const told = await t.db.select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, owner.userId));
    expect(told.map((n) => n.message)).toContain('Lea Berg named you a safety contact while they are out live.');
    expect((await t.db.select().from(notifications).where(eq(notifications.userId, friend.userId))).filter((n) => n.kind === 'live')).toEqual([]);

    t.clock.advance(minutes(16));
    await t.app.deps.jobs.drain();
    t.clock.advance(minutes(6));
    await t.app.deps.jobs.drain();
    const alerts = (await t.db.select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, owner.userId))).filter((n) => n.message.startsWith('Safety alert'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toContain('Lea Berg has not sent a position');
  });
});

describe('an associate of 17', () => {
  it('shares with followers as anyone does, the owner watching too', async () => {
    const owner = await h.member();
    const teen = await a.add(owner, { dob: bornYearsAgo(t, 17) });
    const friend = await h.member();
    await followAccepted(friend.userId, teen.userId);
    const live = await h.start(teen, { audience: 'followers' });
    expect(await h.sees(friend, live.id)).toBe(true);
    expect(await h.sees(owner, live.id)).toBe(true);
  });
});

describe('share_live', () => {
  it('withheld, going live is refused; revoked while live, the session ends at once, its track kept for them', async () => {
    const owner = await h.member();
    const kid = await a.add(owner, { dob: bornYearsAgo(t, 14) });
    const live = await h.start(kid);
    await h.positions(kid, live.id, h.recent(5));
    await a.set(owner, kid.userId, { share_live: 0 });
    const [row] = await t.db.select().from(liveSessions).where(eq(liveSessions.id, live.id));
    expect(row).toMatchObject({ status: 'ended' });
    expect(row!.activityId).not.toBeNull();
    const again = await h.startCall(kid);
    expect(again.statusCode).toBe(403);
    expect(body(again).message).toBe(notPermittedMessage('share_live'));
  });

  it('turning the account off ends the session going on', async () => {
    const owner = await h.member();
    const kid = await a.add(owner, { dob: bornYearsAgo(t, 13) });
    const live = await h.start(kid);
    expect((await a.statusCall(owner, kid.userId, 0)).statusCode).toBe(200);
    const [row] = await t.db.select({ status: liveSessions.status }).from(liveSessions).where(eq(liveSessions.id, live.id));
    expect(row!.status).toBe('ended');
  });
});
