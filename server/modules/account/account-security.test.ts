import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changePasswordData, sessionsData, signedOutData } from '#contract/account-security';
import { authSession } from '#contract/auth';
import { WS_CLOSE } from '#contract/realtime';
import { ownProfile } from '#contract/user';
import { buildApp } from '../../app';
import { sessions } from '../../db/schema/auth';
import { minutes } from '../../lib/clock';
import { closedWithin, listen, openSocket, type TestSocket } from '../../realtime/test-socket';
import { mailsTo } from '../../test/mailbox';
import { emailChangesExportSection, sessionsExportSection } from './core-export-sections';
import { body, createTestApp, okData, uniqueEmail, type TestApp } from '../../test/test-app';

// Issue 19 item 9: change password, change e-mail, and "Where you're signed in".

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const NEW_PASSWORD = 'Trail.Rider?2026';

let t: TestApp;
let live: TestApp['app'];
let url: string;
const opened: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // A second server on the same database whose session re-check is slowed to a minute: a socket closed within 5 s
  // was closed by the change's own message on the bus.
  live = await buildApp({ config: { ...t.config, jobPollMs: 0 }, db: t.db, clock: t.clock, socketTimings: { heartbeatMs: 25_000, sessionCheckMs: 60_000 } });
  url = await listen(live);
});
afterAll(async () => {
  for (const s of opened) s.socket.terminate();
  await live?.close();
  await t?.close();
});

async function signInAs(email: string, password: string, userAgent: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'user-agent': userAgent }, payload: { email, password, deviceType: 1 } });
  return okData(res, authSession).token.access_token;
}

// On the server holding the sockets, whose bus carries the sign-outs to them.
const call = (method: 'GET' | 'POST' | 'DELETE', path: string, token: string, payload?: object) =>
  live.inject({ method, url: path, headers: t.bearer(token), ...(payload ? { payload } : {}) });
const profileStatus = async (token: string) => (await call('GET', '/api/profile', token)).statusCode;

async function socketOf(userId: number, token: string) {
  const before = live.liveSockets.count(userId);
  const s = openSocket(url, { token });
  opened.push(s);
  await vi.waitFor(() => expect(live.liveSockets.count(userId)).toBe(before + 1), { timeout: 5000, interval: 10 });
  return s;
}

async function lastMailTo(address: string) {
  await live.deps.mailer.flush();
  return (await mailsTo(t.dataDir, address)).at(-1) ?? '';
}

describe('POST /api/account/password', () => {
  it('refuses a wrong current password with a field error and keeps the old password', async () => {
    const m = await t.signUp();
    const res = await call('POST', '/api/account/password', m.token, { currentPassword: 'Not-mine1!', password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ currentPassword: ['Your current password is incorrect.'] });
    expect((await t.signIn(m.email, m.password)).statusCode).toBe(200);
    expect((await t.signIn(m.email, NEW_PASSWORD)).statusCode).toBe(400);
  });

  it('refuses a new password that breaks the house rule, naming the field', async () => {
    const m = await t.signUp();
    const res = await call('POST', '/api/account/password', m.token, { currentPassword: m.password, password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(body(res).errors ?? {})).toEqual(['password']);
  });

  it('signs out every other device and its live socket, keeps this one, and mails a notice', async () => {
    const m = await t.signUp();
    const phone = await signInAs(m.email, m.password, SAFARI_IPHONE);
    const phoneSocket = await socketOf(m.userId, phone);
    const hereSocket = await socketOf(m.userId, m.token);

    const res = await call('POST', '/api/account/password', m.token, { currentPassword: m.password, password: NEW_PASSWORD });
    expect(okData(res, changePasswordData)).toEqual({ signedOut: 1 });

    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(m.token)).toBe(200);
    expect(await closedWithin(phoneSocket)).toMatchObject({ code: WS_CLOSE.sessionEnded });
    expect(hereSocket.state).toBe('open');
    expect((await t.signIn(m.email, m.password)).statusCode).toBe(400);
    expect((await t.signIn(m.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await lastMailTo(m.email)).toContain('Your Switchback password was changed');
  });
});

describe('Where you are signed in', () => {
  it('lists each device by name with its sign-in and last use, this one first, and no token material', async () => {
    const m = await t.signUp();
    const signingIn = t.clock.now().getTime();
    const laptop = await signInAs(m.email, m.password, CHROME_LINUX);
    t.clock.advance(minutes(5));
    await signInAs(m.email, m.password, SAFARI_IPHONE);
    t.clock.advance(minutes(2));
    const using = t.clock.now().getTime();
    expect(await profileStatus(laptop)).toBe(200);

    const res = await call('GET', '/api/account/sessions', laptop);
    expect(res.body).not.toMatch(/token|hash/i);
    const list = okData(res, sessionsData);
    expect(list.map((s) => [s.device, s.current])).toEqual([
      ['Chrome on Linux', true],
      ['Safari on iPhone', false],
      // The sign-up's own session: test requests send no User-Agent.
      ['Web browser', false],
    ]);
    const [here, phone] = list.map((s) => ({ createdAt: Date.parse(s.createdAt), lastUsedAt: Date.parse(s.lastUsedAt) }));
    // The clock runs with real time: each moment is known to within the second the calls took.
    expect(here!.createdAt - signingIn).toBeGreaterThanOrEqual(0);
    expect(here!.createdAt - signingIn).toBeLessThan(1000);
    expect(here!.lastUsedAt - using).toBeGreaterThanOrEqual(0);
    expect(here!.lastUsedAt - using).toBeLessThan(1000);
    expect(phone!.lastUsedAt).toBe(phone!.createdAt);
    expect(phone!.createdAt - here!.createdAt).toBeGreaterThanOrEqual(minutes(5));
  });

  it('moves last use forward at most once a minute', async () => {
    const m = await t.signUp();
    const lastUsed = async () => (await t.db.select({ at: sessions.lastUsedAt }).from(sessions).where(eq(sessions.userId, m.userId)))[0]!.at;
    const start = await lastUsed();
    t.clock.advance(30_000);
    await profileStatus(m.token);
    expect(await lastUsed()).toEqual(start);
    t.clock.advance(31_000);
    const using = t.clock.now().getTime();
    await profileStatus(m.token);
    expect((await lastUsed()).getTime() - using).toBeGreaterThanOrEqual(0);
    expect((await lastUsed()).getTime() - start.getTime()).toBeGreaterThanOrEqual(61_000);
  });

  it('signs out one device, whose token and socket stop working at once', async () => {
    const m = await t.signUp();
    const phone = await signInAs(m.email, m.password, SAFARI_IPHONE);
    const phoneSocket = await socketOf(m.userId, phone);
    const phoneId = okData(await call('GET', '/api/account/sessions', phone), sessionsData).find((s) => s.current)!.sessionId;

    expect(okData(await call('DELETE', `/api/account/sessions/${phoneId}`, m.token), signedOutData)).toEqual({ signedOut: 1 });
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(m.token)).toBe(200);
    expect(await closedWithin(phoneSocket)).toMatchObject({ code: WS_CLOSE.sessionEnded });
    expect(okData(await call('GET', '/api/account/sessions', m.token), sessionsData)).toHaveLength(1);
    // Already signed out: nothing left to sign out.
    expect((await call('DELETE', `/api/account/sessions/${phoneId}`, m.token)).statusCode).toBe(404);
  });

  it('cannot sign out another member’s device', async () => {
    const m = await t.signUp();
    const other = await t.signUp();
    const otherId = okData(await call('GET', '/api/account/sessions', other.token), sessionsData)[0]!.sessionId;
    expect((await call('DELETE', `/api/account/sessions/${otherId}`, m.token)).statusCode).toBe(404);
    expect(await profileStatus(other.token)).toBe(200);
  });

  it('signs out every other device and keeps this one', async () => {
    const m = await t.signUp();
    const a = await signInAs(m.email, m.password, CHROME_LINUX);
    const b = await signInAs(m.email, m.password, SAFARI_IPHONE);
    expect(okData(await call('POST', '/api/account/sessions/sign-out-others', a), signedOutData)).toEqual({ signedOut: 2 });
    expect([await profileStatus(a), await profileStatus(b), await profileStatus(m.token)]).toEqual([200, 401, 401]);
  });
});

describe('changing the e-mail', () => {
  it('changes it only after the code mailed to the new address, and tells the old one', async () => {
    const m = await t.signUp();
    const next = uniqueEmail('moved');
    const sent = await call('POST', '/api/account/email/code', m.token, { email: next, currentPassword: m.password });
    expect(sent.statusCode).toBe(200);
    await live.deps.mailer.flush();
    const code = await t.codeFor(next);

    // Until the code is given, nothing changed.
    expect(okData(await call('GET', '/api/profile', m.token), ownProfile).email).toBe(m.email);
    const wrong = await call('POST', '/api/account/email', m.token, { email: next, otp: code === '0000' ? '1111' : '0000' });
    expect(wrong.statusCode).toBe(400);
    expect(okData(await call('GET', '/api/profile', m.token), ownProfile).email).toBe(m.email);

    const done = await call('POST', '/api/account/email', m.token, { email: next, otp: code });
    expect(okData(done, ownProfile).email).toBe(next);
    expect((await t.signIn(next, m.password)).statusCode).toBe(200);
    expect((await t.signIn(m.email, m.password)).statusCode).toBe(400);
    const notice = await lastMailTo(m.email);
    expect(notice).toContain('Your Switchback e-mail was changed');
    expect(notice).toContain(next);
  });

  it('puts the e-mail changes and each device’s name and last use in the data export', async () => {
    const m = await t.signUp();
    await signInAs(m.email, m.password, CHROME_LINUX);
    const next = uniqueEmail('exported');
    await call('POST', '/api/account/email/code', m.token, { email: next, currentPassword: m.password });
    await live.deps.mailer.flush();
    okData(await call('POST', '/api/account/email', m.token, { email: next, otp: await t.codeFor(next) }), ownProfile);

    expect(await emailChangesExportSection.collect(t.db, m.userId)).toEqual([{ oldEmail: m.email, newEmail: next, changedAt: expect.any(Date) }]);
    const devices = (await sessionsExportSection.collect(t.db, m.userId)) as { device: string; lastUsedAt: Date }[];
    expect(devices.map((d) => d.device)).toEqual(['Web browser', 'Chrome on Linux']);
    expect(devices.every((d) => d.lastUsedAt instanceof Date)).toBe(true);
  });

  it('asks for the current password, and refuses an address another member has', async () => {
    const m = await t.signUp();
    const other = await t.signUp();
    const wrong = await call('POST', '/api/account/email/code', m.token, { email: uniqueEmail('x'), currentPassword: 'Nope-nope1!' });
    expect(body(wrong).errors).toEqual({ currentPassword: ['Your current password is incorrect.'] });
    const taken = await call('POST', '/api/account/email/code', m.token, { email: other.email, currentPassword: m.password });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).errors).toEqual({ email: ['An account with this e-mail already exists.'] });
    expect(await t.mailCount(other.email)).toBe(1);
  });

  it('does not let a code sent for one member change another’s e-mail', async () => {
    const m = await t.signUp();
    const thief = await t.signUp();
    const next = uniqueEmail('mine');
    await call('POST', '/api/account/email/code', m.token, { email: next, currentPassword: m.password });
    await live.deps.mailer.flush();
    const code = await t.codeFor(next);
    expect((await call('POST', '/api/account/email', thief.token, { email: next, otp: code })).statusCode).toBe(400);
    expect(okData(await call('GET', '/api/profile', thief.token), ownProfile).email).toBe(thief.email);
  });
});
