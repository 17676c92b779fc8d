import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { activityDetail } from '#contract/activities';
import { createTestApp, okData, PASSWORD, type TestApp } from '../../test/test-app';
import { activityGpx } from '../activities/views/activity-gpx';
import { liveHelpers } from './live-test-helpers';
import { replayPlan, runReplay } from './replay';

// `npm run live:replay`: a GPX replayed as a live session against a running server, watched as it goes.

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

const h = liveHelpers(() => t);

/** A 10-minute hike as a GPX file, a position every 5 s. */
function hikeGpx() {
  const t0 = Date.UTC(2026, 5, 1, 8, 0) / 1000;
  const n = 121;
  const streams = {
    time: Array.from({ length: n }, (_, i) => t0 + i * 5),
    position: Array.from({ length: n }, (_, i): [number, number] => [11.4 + i * 0.0001, 47.27 + i * 0.00008]),
    elevation: Array.from({ length: n }, (_, i) => 600 + i),
  };
  return Buffer.from(activityGpx(streams, { title: 'Nordkette hike', description: '', breaks: [] }));
}

it('plans each position at its time in the file, sped up', () => {
  const plan = replayPlan(hikeGpx(), 'hike.gpx', 10);
  expect(plan.steps).toHaveLength(121);
  expect(plan.steps[1]!.dueMs).toBe(500);
  expect(plan.steps.at(-1)!.dueMs).toBe(60_000);
});

it('sends the file as a live session a follower watches, then saves it', async () => {
  const sharer = await h.member({ firstName: 'Priya' });
  const watcher = await h.member();
  await h.toggle('POST', '/api/follow', watcher, sharer.userId);
  let seenMidway = 0;
  const lines: string[] = [];
  const done = await runReplay({
    baseUrl,
    email: sharer.email,
    password: PASSWORD,
    file: { bytes: hikeGpx(), name: 'hike.gpx' },
    speed: 200,
    save: true,
    log: async (line) => {
      lines.push(line);
    },
    sleep: async (ms) => {
      // Between batches, the follower's map: the session is live and its track grows.
      const listed = (await h.now(watcher)).sessions.find((s) => s.sharer.userId === sharer.userId);
      if (listed) seenMidway = Math.max(seenMidway, (await h.view(watcher, listed.id)).track.flat().length);
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
  });
  expect(lines[0]).toMatch(/^Live session \d+: 121 positions at 200x\.$/);
  expect(seenMidway).toBeGreaterThan(0);
  const activity = okData(await h.send('GET', `/api/activity/${done.activityId}`, sharer.token), activityDetail);
  expect(activity).toMatchObject({ source: 'live', sportId: 35 });
  expect(activity.distance).toBeGreaterThan(500);
});
