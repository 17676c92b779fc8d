import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSession, forgotPasswordData } from '#contract/auth';
import { sessions } from '../../db/schema/auth';
import { days, minutes } from '../../lib/clock';
import { sha256 } from '../../lib/secrets';
import { body, createTestApp, okData, PASSWORD, uniqueEmail, type TestApp } from '../../test/test-app';

// Checks 4, 7 and 8: no enumeration, revocation, token material.

let t: TestApp;
let member: Awaited<ReturnType<TestApp['signUp']>>;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.signUp();
});
afterAll(() => t?.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? t.bearer(token) : {} });
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43,}$/;

describe('POST /api/login', () => {
  it('signs a member in with a token that expires after SESSION_TTL_DAYS', async () => {
    const before = t.clock.now().getTime();
    const session = okData(await t.signIn(member.email, member.password), authSession);
    expect(session.user).toMatchObject({ userId: member.userId, email: member.email });
    expect(session.token.access_token).toMatch(TOKEN_SHAPE);
    const ttl = new Date(session.token.expires_at).getTime() - before;
    expect(ttl).toBeGreaterThanOrEqual(days(t.config.sessionTtlDays));
    expect(ttl).toBeLessThan(days(t.config.sessionTtlDays) + minutes(1));
  });

  it('accepts the e-mail in any case', async () => {
    expect((await t.signIn(member.email.toUpperCase(), member.password)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail identically (check 4)', async () => {
    const wrongPassword = await t.signIn(member.email, 'Not-the-one1!');
    const unknownEmail = await t.signIn(uniqueEmail('ghost'), PASSWORD);
    expect(wrongPassword.statusCode).toBe(400);
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(body(wrongPassword)).toEqual({ code: 400, message: 'The e-mail or password is incorrect.' });
  });
});

describe('POST /api/forgot_password', () => {
  it('answers a member and an unknown e-mail identically apart from the random token (check 4)', async () => {
    const known = await t.app.inject({ method: 'POST', url: '/api/forgot_password', payload: { email: member.email } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/forgot_password', payload: { email: uniqueEmail('ghost') } });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(known.statusCode).toBe(200);
    const blank = (res: typeof known) => ({ ...body(res), data: { token: '<random>' } });
    expect(blank(unknown)).toEqual(blank(known));
    expect(okData(unknown, forgotPasswordData).token).toMatch(TOKEN_SHAPE);
  });
});

describe('bearer tokens', () => {
  it('are new at every sign-in, and each one works', async () => {
    const a = await t.tokenFor(member.email, member.password);
    const b = await t.tokenFor(member.email, member.password);
    expect(a).not.toBe(b);
    expect((await get('/api/profile', a)).statusCode).toBe(200);
    expect((await get('/api/profile', b)).statusCode).toBe(200);
  });

  it('are stored only as their SHA-256', async () => {
    const token = await t.tokenFor(member.email, member.password);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, member.userId));
    const row = rows.find((r) => r.tokenHash === sha256(token));
    expect(row).toBeDefined();
    for (const r of rows) expect(JSON.stringify(r)).not.toContain(token);
  });

  it('get 401 when unknown or malformed, even on a public route', async () => {
    const unknown = 'A'.repeat(43);
    for (const url of ['/api/profile', '/api/mapboxStyleUrl', '/api/health', '/api/config']) {
      const res = await get(url, unknown);
      expect(res.statusCode, url).toBe(401);
      expect(body(res)).toMatchObject({ code: 401, message: expect.any(String) });
    }
    for (const authorization of ['Bearer short', 'Basic dXNlcjpwYXNz', `Bearer ${member.token} extra`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/mapboxStyleUrl', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
    }
  });

  it('die at sign-out, on every route, while the member’s other devices stay signed in', async () => {
    const phone = await t.tokenFor(member.email, member.password);
    const laptop = await t.tokenFor(member.email, member.password);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: t.bearer(phone) });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ code: 200, data: {} });

    expect((await get('/api/profile', phone)).statusCode).toBe(401);
    expect((await get('/api/mapboxStyleUrl', phone)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: t.bearer(phone) })).statusCode).toBe(401);
    expect((await get('/api/profile', laptop)).statusCode).toBe(200);
  });

  it('die at sign-out on every route the API documents', async () => {
    const token = await t.tokenFor(member.email, member.password);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: t.bearer(token) });
    const doc = (await get('/api/docs/json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    const routes = Object.entries(doc.paths).flatMap(([url, methods]) => Object.keys(methods).map((m) => ({ url, method: m.toUpperCase() })));
    expect(routes.length).toBeGreaterThan(10);
    for (const { url, method } of routes) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: t.bearer(token), ...(method === 'GET' ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('are required to sign out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(401);
  });

  // Last in the file: it moves this app's clock a month on.
  it('expire after SESSION_TTL_DAYS', async () => {
    const token = await t.tokenFor(member.email, member.password);
    t.clock.advance(days(t.config.sessionTtlDays) - minutes(1));
    expect((await get('/api/profile', token)).statusCode).toBe(200);
    t.clock.advance(minutes(2));
    expect((await get('/api/profile', token)).statusCode).toBe(401);
    expect((await get('/api/health', token)).statusCode).toBe(401);
  });
});
