import { eq } from 'drizzle-orm';
import { MAX_BATCH_POINTS } from '#contract/live';
import type { Deps } from '../deps';
import { liveSessions } from '../db/schema/live';
import { receivePositions } from '../modules/live/live-positions';
import { startLive } from '../modules/live/live-start';
import { recordOuting } from './activity-tracks';

/** How long the demo's live hike has been going when the world is made. */
const GOING_FOR_S = 25 * 60;

/**
 * Issue 26's part of the demo world: Maya is out on a live hike at Walker Ranch, shared with her followers, so a new
 * user who follows nobody yet still finds the live map (as Maya's followers among the demo members) and its track. The
 * positions of the last 25 minutes are in; `npm run live:replay` moves someone for real against a running server.
 */
export async function seedDemoLive(deps: Deps, members: readonly { id: number; handleName: string }[]) {
  const maya = members.find((m) => m.handleName === 'mayatrails');
  if (!maya) return;
  const nowS = Math.floor(deps.clock.now().getTime() / 1000);
  const samples = recordOuting({
    path: { shape: 'out-and-back', start: [-105.3384, 39.9516, 2230], distanceM: 6000, bearing: 200, climbM: 180 },
    motion: 'hike',
    startS: nowS - GOING_FOR_S,
    heartRate: { rest: 50, max: 184 },
    seed: 26,
  }).filter((s) => s.time <= nowS);
  const live = await startLive(deps, maya.id, { sportId: 35, audience: 'followers', silenceMinutes: 60, timeZone: 'America/Denver' }, 'http://localhost');
  // Set out 25 minutes ago (demo history, as the other areas date theirs); the trail so far arrives as one catch-up.
  await deps.db.update(liveSessions).set({ startedAt: new Date((nowS - GOING_FOR_S) * 1000) }).where(eq(liveSessions.id, live.id));
  const points = samples.map((s) => ({ t: s.time * 1000, lng: s.lng, lat: s.lat, ele: s.ele }));
  for (let i = 0; i < points.length; i += MAX_BATCH_POINTS) await receivePositions(deps, maya.id, live.id, points.slice(i, i + MAX_BATCH_POINTS));
}
