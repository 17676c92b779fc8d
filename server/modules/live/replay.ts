import { authSession } from '#contract/auth';
import { livePositionsAck, liveStopped, ownLiveSession, MAX_BATCH_POINTS, SEND_EVERY_MS, type LiveAudience, type LivePoint } from '#contract/live';
import type * as z from 'zod/mini';
import { readActivityFile } from '../activities/readers/read-activity';
import { sportIdOf } from '../activities/track/file-sport';

/**
 * `npm run live:replay -- <file.gpx|.fit|.tcx> [--speed 10]` (scripts/live-replay.ts): an activity file replayed as a
 * live session against a running server, as a phone would send it — signed in as a member, positions stamped with the
 * time they are sent, in batches every few seconds — for demos and tests. `speed` runs the file's clock faster.
 */

/** The file's positions, each with when it is due (ms after the start of the replay at `speed`). */
export function replayPlan(bytes: Buffer, fileName: string, speed: number) {
  const { streams, sport, subSport } = readActivityFile(bytes, fileName);
  const t0 = streams.time[0]!;
  const steps: { dueMs: number; lng: number; lat: number; ele: number | null }[] = [];
  streams.time.forEach((t, i) => {
    const p = streams.position[i];
    if (p) steps.push({ dueMs: ((t - t0) * 1000) / speed, lng: p[0], lat: p[1], ele: streams.elevation?.[i] ?? null });
  });
  return { steps, sportId: sportIdOf(sport, subSport) };
}

export type ReplayOptions = {
  baseUrl: string;
  email: string;
  password: string;
  file: { bytes: Buffer; name: string };
  speed: number;
  audience?: LiveAudience;
  /** Save the session as an activity at the end (else discard it). */
  save?: boolean;
  log?: (line: string) => void;
  /** Waits `ms` (a test's clock may be given). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
};

async function call<T extends z.ZodMiniType>(url: string, schema: T, init: { method: string; token?: string; body?: unknown }): Promise<z.infer<T>> {
  const res = await fetch(url, {
    method: init.method,
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as { message?: string; data?: unknown };
  if (!res.ok) throw new Error(`${init.method} ${url}: ${res.status} ${json.message ?? ''}`);
  return schema.parse(json.data);
}

/** Signs in, starts a session, sends the file's positions as they fall due, then stops. Answers the session and activity. */
export async function runReplay(options: ReplayOptions) {
  const log = options.log ?? (() => {});
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const api = (path: string) => new URL(path, options.baseUrl).toString();
  const plan = replayPlan(options.file.bytes, options.file.name, options.speed);
  const signedIn = await call(api('/api/login'), authSession, { method: 'POST', body: { email: options.email, password: options.password, deviceType: 3 } });
  const token = signedIn.token.access_token;
  const live = await call(api('/api/live'), ownLiveSession, { method: 'POST', token, body: { sportId: plan.sportId ?? 35, audience: options.audience ?? 'followers' } });
  log(`Live session ${live.id}: ${plan.steps.length} positions at ${options.speed}x.`);
  const started = now();
  let next = 0;
  let lastT = 0;
  while (next < plan.steps.length) {
    const elapsed = now() - started;
    const batch: LivePoint[] = [];
    while (next < plan.steps.length && plan.steps[next]!.dueMs <= elapsed && batch.length < MAX_BATCH_POINTS) {
      const step = plan.steps[next++]!;
      // Stamped when due; at most one a second, as a phone reports (a fast replay skips the rest).
      const t = started + Math.round(step.dueMs);
      if (t < lastT + 1000) continue;
      lastT = t;
      batch.push({ t, lng: step.lng, lat: step.lat, ele: step.ele });
    }
    if (batch.length > 0) {
      const ack = await call(api(`/api/live/${live.id}/positions`), livePositionsAck, { method: 'POST', token, body: { points: batch } });
      log(`Sent ${batch.length} (${next}/${plan.steps.length}); stored until ${new Date(ack.storedUntil).toISOString()}.`);
      if (ack.status === 'ended') break;
    }
    if (next < plan.steps.length) await sleep(Math.min(SEND_EVERY_MS, Math.max(0, plan.steps[next]!.dueMs - (now() - started))));
  }
  const stopped = await call(api(`/api/live/${live.id}/stop`), liveStopped, { method: 'POST', token, body: { save: options.save ?? false } });
  log(stopped.activityId ? `Stopped: saved as activity ${stopped.activityId}.` : 'Stopped.');
  return { liveId: live.id, activityId: stopped.activityId };
}
