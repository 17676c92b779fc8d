import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { parse, type $ZodType, type output } from 'zod/v4/core';
import { authSession, verifyOtpData } from '#contract/auth';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { FakeClock } from './fake-clock';
import { latestCode, mailsTo } from './mailbox';
import { openTestDatabase } from './test-database';

export type TestAppOptions = {
  /** Environment settings on top of the test defaults, e.g. `{ AUTH_RATE_LIMIT: '3' }` or the GOOGLE_* pair. */
  env?: Record<string, string>;
  /** A built SPA to serve (the SPA's own tests make one); none by default. */
  spaDir?: string;
};

/** A valid password under spec §5 (8+ characters, a digit, one of !@#$%&*). */
export const PASSWORD = 'Trail-mix1!';

export type SignUpInput = {
  email?: string;
  password?: string;
  handleName?: string;
  deviceType?: 1 | 2 | 3;
};

let sequence = 0;
/** Unique within a run, so no two sign-ups collide even on a shared database. */
export const uniqueName = (prefix: string) => `${prefix}${process.pid}x${++sequence}x${Math.random().toString(36).slice(2, 7)}`;
export const uniqueEmail = (prefix = 'rider') => `${uniqueName(prefix)}@example.com`;

/** Any body on the wire (architecture.md): `{code, message, data}` or `{code, message, errors?}`. */
export type WireBody = { code: number; message: string; data?: unknown; errors?: Record<string, string[]> };
export const body = (res: LightMyRequestResponse) => res.json<WireBody>();

/**
 * The `data` of a success, checked against its contract schema so a test reads typed fields. Takes any zod 4 schema
 * (classic or mini), since contract/ may use either.
 */
export function okData<T extends $ZodType>(res: LightMyRequestResponse, data: T): output<T> {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  const envelope = res.json<{ code?: unknown; message?: unknown; data?: unknown }>();
  if (envelope.code !== 200 || typeof envelope.message !== 'string') throw new Error(`not a success envelope: ${res.body}`);
  return parse(data, envelope.data);
}

/**
 * One server on its own database copy, data folder and movable clock. Tests speak HTTP to it through `app.inject`;
 * the helpers below walk the real sign-up and sign-in calls, not shortcuts into the database.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-app-'));
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DEMO: '0',
      // High enough that only the rate-limit tests, which lower it, ever meet it.
      AUTH_RATE_LIMIT: '100000',
      // Maps in tests draw the bundled style only: no outside request.
      MAP_STYLE_URL: 'offline',
      ...options.env,
    }),
    // API only unless asked: a built SPA in dist/ must not change what a missing path answers.
    spaDir: options.spaDir,
  };
  const database = await openTestDatabase();
  const clock = new FakeClock();
  const app = await buildApp({ config, db: database.db, clock });
  await app.ready();

  async function codeFor(email: string) {
    await app.deps.mailer.flush();
    return latestCode(dataDir, email);
  }

  async function mailCount(email: string) {
    await app.deps.mailer.flush();
    return (await mailsTo(dataDir, email)).length;
  }

  /** Register, verify the mailed code, complete the profile: the three calls a new member makes. */
  async function signUp(input: SignUpInput = {}) {
    const email = input.email ?? uniqueEmail();
    const password = input.password ?? PASSWORD;
    const handleName = input.handleName ?? uniqueName('h');
    const register = await app.inject({ method: 'POST', url: '/api/register', payload: { email } });
    if (register.statusCode !== 200) throw new Error(`register failed: ${register.body}`);
    const verify = await app.inject({
      method: 'POST',
      url: '/api/verify_otp',
      payload: { email, otp: await codeFor(email), type: 1 },
    });
    const complete = await app.inject({
      method: 'POST',
      url: '/api/register/complete',
      payload: {
        token: okData(verify, verifyOtpData).token,
        password,
        handleName,
        firstName: 'Alex',
        lastName: 'Rider',
        dob: '1990-05-17',
        gender: 'female',
        deviceType: input.deviceType ?? 1,
      },
    });
    const session = okData(complete, authSession);
    return { email, password, handleName, token: session.token.access_token, userId: session.user.userId };
  }

  async function signIn(email: string, password: string) {
    return app.inject({ method: 'POST', url: '/api/login', payload: { email, password, deviceType: 1 } });
  }

  /** The bearer token of a sign-in that must succeed. */
  async function tokenFor(email: string, password: string) {
    return okData(await signIn(email, password), authSession).token.access_token;
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function close() {
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }

  return { app, db: database.db, dbKind: database.kind, clock, config, dataDir, codeFor, mailCount, signUp, signIn, tokenFor, bearer, close };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
