import { expect } from 'vitest';
import { liveNow, livePositionsAck, liveSession, ownLiveSession, type LivePoint, type LiveStartBody } from '#contract/live';
import { mailsTo } from '../../test/mailbox';
import { okData, type TestApp } from '../../test/test-app';
import { helpers, type Member } from '../notifications/test-helpers';

// Shared by the live tests: sessions started and fed the way the app does it, and what each member then sees.

export type { Member };

/** A trail near Bern heading north-east: `count` positions `stepS` seconds apart from `from` (ms), about 15 m each. */
export function trail(count: number, opts: { from?: number; start?: [number, number]; stepS?: number } = {}): LivePoint[] {
  const [lng, lat] = opts.start ?? [7.45, 46.95];
  const t0 = opts.from ?? Date.now();
  return Array.from({ length: count }, (_, i) => ({ t: t0 + i * (opts.stepS ?? 2) * 1000, lng: lng + i * 0.00014, lat: lat + i * 0.0001, ele: 540 + i }));
}

export function liveHelpers(t: () => TestApp) {
  const base = helpers(t);
  const { send } = base;

  const startCall = (who: Member, body: Partial<LiveStartBody> = {}) => send('POST', '/api/live', who.token, { sportId: 35, audience: 'followers', ...body });
  const start = async (who: Member, body: Partial<LiveStartBody> = {}) => okData(await startCall(who, body), ownLiveSession);
  const positionsCall = (who: Member, liveId: number, points: LivePoint[]) => send('POST', `/api/live/${liveId}/positions`, who.token, { points });
  const positions = async (who: Member, liveId: number, points: LivePoint[]) => okData(await positionsCall(who, liveId, points), livePositionsAck);
  const viewCall = (who: Member, liveId: number) => send('GET', `/api/live/${liveId}`, who.token);
  const view = async (who: Member, liveId: number) => okData(await viewCall(who, liveId), liveSession);
  const now = async (who: Member, query = '') => okData(await send('GET', `/api/live${query}`, who.token), liveNow);
  const stopCall = (who: Member, liveId: number, body: object) => send('POST', `/api/live/${liveId}/stop`, who.token, body);

  /** Whether `who` may watch `liveId`: its page opens, and it is in their list of who is live. */
  async function sees(who: Member, liveId: number) {
    const res = await viewCall(who, liveId);
    const listed = (await now(who)).sessions.some((s) => s.id === liveId);
    expect(res.statusCode === 200, `GET /api/live/${liveId} answered ${res.statusCode} while the list ${listed ? 'has' : 'lacks'} it`).toBe(listed);
    return listed;
  }

  /** The share link in the newest mail to `email`. */
  async function linkIn(email: string) {
    await t().app.deps.mailer.flush();
    const mails = await mailsTo(t().dataDir, email);
    // Quoted-printable, as a mail client reads it: soft line breaks (`=` ending a line) joined first.
    const match = /\/live\/([A-Za-z0-9_-]{20,64})/.exec((mails.at(-1) ?? '').replace(/=\r?\n/g, ''));
    expect(match, `no link in the mail to ${email}`).not.toBeNull();
    return match![1]!;
  }

  /** `trail` a second apart ending now by the app's clock (which tests move forward), within a minute of a start. */
  const recent = (count: number, opts: { start?: [number, number] } = {}) => trail(count, { ...opts, stepS: 1, from: t().clock.now().getTime() - count * 1000 });

  return { ...base, recent, startCall, start, positionsCall, positions, viewCall, view, now, stopCall, sees, linkIn };
}
