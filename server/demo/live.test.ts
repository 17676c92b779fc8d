import { afterAll, beforeAll, expect, it } from 'vitest';
import { liveNow, liveSession } from '#contract/live';
import { createTestApp, okData, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedAccounts } from './accounts';
import { seedDemoLive } from './live';
import { seedSocialGraph } from './social-graph';

// The demo world's live hike: a demo member who follows Maya finds her on the live map with 25 minutes of trail.

let t: TestApp;
let members: Awaited<ReturnType<typeof seedAccounts>>;
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
  members = await t.db.transaction(async (tx) => {
    const seeded = await seedAccounts(tx);
    await seedSocialGraph(tx, seeded, t.clock.now());
    return seeded;
  });
  await seedDemoLive(t.app.deps, members);
}, 60_000);
afterAll(() => t?.close());

it('shows Maya live on a hike to her followers, with the trail so far', async () => {
  const maya = members.find((m) => m.handleName === 'mayatrails')!;
  const jonas = members.find((m) => m.handleName === 'jonasrides')!;
  const token = await t.tokenFor(jonas.email, DEMO_PASSWORD);
  const now = okData(await t.app.inject({ method: 'GET', url: '/api/live', headers: t.bearer(token) }), liveNow);
  const card = now.sessions.find((s) => s.sharer.userId === maya.id);
  expect(card).toMatchObject({ sportId: 35, status: 'live' });
  expect(card!.distanceM).toBeGreaterThan(1000);
  expect(Date.now() - new Date(card!.lastAt!).getTime()).toBeLessThan(60_000);
  const session = okData(await t.app.inject({ method: 'GET', url: `/api/live/${card!.id}`, headers: t.bearer(token) }), liveSession);
  expect(session.track.flat().length).toBeGreaterThan(100);
});
