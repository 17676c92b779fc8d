import { execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import pg from 'pg';
import { parse, type $ZodType, type output } from 'zod/v4/core';
import { dataExport } from '#contract/account';
import { sessionsData } from '#contract/account-security';
import { authSession, verifyOtpData } from '#contract/auth';
import { eventCommentSaved } from '#contract/event-comments';
import { event } from '#contract/events';
import { commentSaved, feed } from '#contract/feeds';
import { route } from '#contract/map-routes';
import { notificationList } from '#contract/notifications';
import { freePort, root, SERVER_ARGS } from '../bench/app-server';
import { eventFormFrom } from '../server/modules/events/event-form-fixture';
import { readOperations, type Operation } from '../server/security/contract-fuzz/operations';
import { requestsFor, type Bases } from '../server/security/contract-fuzz/requests';
import type { KnownIds } from '../server/security/contract-fuzz/shaped-values';
import { describeRequest, toWireRequest, type Draft, type WireRequest } from '../server/security/contract-fuzz/wire-request';
import { wireShapeProblem } from '../server/security/contract-fuzz/wire-shape';
import { latestCode } from '../server/test/mailbox';
import { PASSWORD } from '../server/test/test-app';

// `npm run test:fuzz -- [--requests 100000] [--concurrency 16] [--seed N] [--members 8] [--replay i,j…]`
//
// Check 18 at scale. server/security/contract-fuzz.test.ts sends every hostile value to every input of every operation
// of the OpenAPI document, plus a few dozen random requests per operation, through `app.inject` on a test database.
// This sends the same requests, from the same generators, by the hundred thousand over real HTTP to the server users
// run: the build (dist-server/) with NODE_ENV=production, on a fresh PostgreSQL database. What inject cannot show
// shows here: Node's HTTP parser in front of Fastify, connection pools under concurrent load, production's serializer,
// rate limits, time (a request over 2 s is a hang). Every 5xx, every hang and every answer that is not the wire's
// shape fails the run (exit 1), each printed with the seed and index that send it again (`--replay`).
//
// The schedule is a function of the seed and the index alone: even indexes go through the examples of requests.ts
// (every hostile value at every location, round-robin over a few operations at a time so that no route takes them
// all at once) until they run out; the rest are random requests shaped like the contract, each drawn with a seed of
// its own from an operation picked by the index. So `--seed S --replay I` rebuilds request I on a fresh server.
//
// Rate limits (server/plugins/rate-limit.ts). Limits are per route: signed-in requests are counted per member
// (`member:<id>`), the others by `req.ip`; auth routes take AUTH_RATE_LIMIT (set to a million here). A single member
// from a single address would be 429 on every limited route after its first 10-60 requests a minute. So:
//   - signed-in requests come from several members (`--members`, 8 by default), member = index mod members: each
//     member gets an eighth of a route's requests, which keeps most routes under their per-member minute;
//   - the server runs with TRUST_PROXY=1 and each request carries an X-Forwarded-For from a pool of 1,024 addresses,
//     so anonymous and dead-token requests (counted by address, e.g. the contact form's 5 per 10 minutes) spread too.
//     TRUST_PROXY changes nothing else the fuzz reaches: req.ip is read only by the rate limiter and the request log.
// The 429s left are counted and shown by route; the run warns when they are more than a tenth of the answers. Most
// come from guards no spreading should get around: sign-in, codes and invitations are also counted per account or
// per e-mail in the database (server/modules/auth/password-limit.ts, email-codes.ts), and the fuzz tries the same
// sample e-mail again and again.

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '16' },
    seed: { type: 'string' },
    members: { type: 'string', default: '8' },
    replay: { type: 'string' },
  },
});
const REQUESTS = Number(args.requests);
const CONCURRENCY = Number(args.concurrency);
const MEMBERS = Number(args.members);
const SEED = args.seed !== undefined ? Number(args.seed) >>> 0 : randomBytes(4).readUInt32LE(0);
const REPLAY = args.replay?.split(',').map(Number);
if (![REQUESTS, CONCURRENCY, MEMBERS].every((n) => Number.isInteger(n) && n > 0) || !Number.isInteger(Number(args.seed ?? 0)) || REPLAY?.some((n) => !Number.isInteger(n) || n < 0)) {
  console.error('Usage: npm run test:fuzz -- [--requests 100000] [--concurrency 16] [--seed N] [--members 8] [--replay i,j…]');
  process.exit(2);
}

/** No request waits longer than this: past it the request is a hang and is cut. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Slower than this is a hang (check 18: "never a hang"). */
const HANG_MS = 2_000;
/**
 * The server's JSON body limit (buildApp's bodyLimit). A body past it is refused as soon as its Content-Length is
 * read: the server answers 413 and closes the connection while the client is still writing, so the client may meet a
 * closed pipe (EPIPE) before it reads the 413. Such a request is counted as refused, not as unanswered.
 */
const BODY_LIMIT = 1024 * 1024;
/** Operations whose examples are sent round-robin at a time. */
const EXAMPLE_WINDOW = 16;
const POSTGRES_URL = process.env.FUZZ_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const started = performance.now();
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

// --- HTTP -------------------------------------------------------------------------------------------------------------

/** An answer over the wire, or why there was none. */
type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; at: number; ms: number; error?: string };

/**
 * node:http rather than fetch: fetch's URL parser resolves `..`, re-escapes and rejects what the fuzz sends on
 * purpose (broken escapes, encoded slashes); http.request writes the path as it is given.
 */
let agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY + 4 });
let baseUrl = new URL('http://127.0.0.1');

type Outgoing = { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer };

/** Requests sent again because their kept-alive connection turned out closed (see `send`). */
let resent = 0;

/**
 * One request, answered or not within REQUEST_TIMEOUT_MS. A request that met a kept-alive connection the server had
 * already closed (ECONNRESET on a reused socket, before any answer) is sent once more on a connection of its own, as
 * Node's docs advise: which request meets such a connection is chance, not its content (after a request its HTTP
 * parser refuses, e.g. a URL past 16 KB, the server answers and closes the connection without saying
 * `Connection: close`, so the client's pool keeps it).
 */
async function send(req: Outgoing, forwardedFor: string): Promise<Answer> {
  const first = await sendOnce(req, forwardedFor, agent);
  if (!first.reusedSocketReset) return first;
  resent += 1;
  return sendOnce(req, forwardedFor, false);
}

function sendOnce(req: Outgoing, forwardedFor: string, via: http.Agent | false): Promise<Answer & { reusedSocketReset?: boolean }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const done = (a: Omit<Answer, 'at' | 'ms'> & { reusedSocketReset?: boolean }) => resolve({ ...a, at: t0, ms: performance.now() - t0 });
    let r: http.ClientRequest;
    try {
      r = http.request(
        {
          agent: via,
          host: baseUrl.hostname,
          port: baseUrl.port,
          method: req.method,
          path: req.url,
          headers: {
            ...req.headers,
            'x-forwarded-for': forwardedFor,
            ...(req.payload !== undefined ? { 'content-length': String(Buffer.byteLength(req.payload)) } : {}),
          },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', (err) => done({ status: 0, headers: {}, body: '', error: `${err.name}: ${err.message} (after the status line ${res.statusCode})` }));
        },
      );
    } catch (err) {
      // http.request refuses some requests itself (a character no request line may hold): the client's limit, not the server's.
      done({ status: -1, headers: {}, body: '', error: `not sent: ${(err as Error).message}` });
      return;
    }
    r.on('error', (err: NodeJS.ErrnoException) =>
      done({
        status: 0,
        headers: {},
        body: '',
        error: err.name === 'AbortError' || err.name === 'TimeoutError' ? `no answer within ${REQUEST_TIMEOUT_MS} ms` : `${err.code ?? err.name}: ${err.message}`,
        reusedSocketReset: r.reusedSocket && err.code === 'ECONNRESET',
      }),
    );
    r.end(req.payload);
  });
}

/** wire-shape.ts reads an inject response; this answer has the fields it reads. */
const asInjectResponse = (a: Answer) =>
  ({ statusCode: a.status, headers: a.headers, body: a.body, json: () => JSON.parse(a.body) as unknown }) as unknown as LightMyRequestResponse;

/** A plain JSON call for the setup, from one address of its own. */
async function call(method: string, url: string, token?: string, json?: unknown) {
  return send(
    {
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(json !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(json !== undefined ? { payload: JSON.stringify(json) } : {}),
    },
    '192.0.2.1',
  );
}

function okData<T extends $ZodType>(what: string, a: Answer, schema: T): output<T> {
  if (a.status !== 200) throw new Error(`setup: ${what} answered ${a.status}${a.error ? ` (${a.error})` : ''}: ${a.body.slice(0, 500)}`);
  return parse(schema, (JSON.parse(a.body) as { data: unknown }).data);
}

// --- The server and its database -------------------------------------------------------------------------------------

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp() {
  for (const step of cleanups.splice(0).reverse()) {
    try {
      await step();
    } catch (err) {
      console.error(`cleanup: ${(err as Error).message}`);
    }
  }
}
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the server and dropping the database…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function createDatabase() {
  const name = `switchback_fuzz_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  cleanups.push(async () => {
    const again = new pg.Client({ connectionString: POSTGRES_URL });
    await again.connect();
    try {
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await again.end();
    }
  });
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function startServer(databaseUrl: string) {
  const built = path.join(root, 'dist-server/index.mjs');
  if (!fs.existsSync(built)) {
    console.log('dist-server/index.mjs is missing: npm run build');
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  } else {
    // The fuzz runs the build as it is: say so when the source has moved on since.
    const builtAt = fs.statSync(built).mtimeMs;
    const newer = ['server', 'contract']
      .flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)))
      .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f) && fs.statSync(path.join(root, f)).mtimeMs > builtAt);
    if (newer.length > 0) console.log(`NOTE: ${newer.length} source files are newer than dist-server/ (${newer.slice(0, 3).join(', ')}…): run npm run build to fuzz them`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-fuzz-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  // The server's log (LOG_LEVEL=warn: each 500 is logged with its request id) beside the data, kept when the run fails.
  const logFile = path.join(os.tmpdir(), `switchback-fuzz-${process.pid}.log`);
  const log = fs.openSync(logFile, 'w');
  const port = await freePort();
  // --trace-deprecation: a deprecation the server meets is logged with where it happens, deep enough to reach our code.
  const server = spawn(process.execPath, ['--trace-deprecation', '--stack-trace-limit=60', ...SERVER_ARGS.built], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      AUTH_RATE_LIMIT: '1000000',
      REDIS_URL: '',
      TRUST_PROXY: '1',
      // No outside requests for map styles.
      MAP_STYLE_URL: 'offline',
    },
    stdio: ['ignore', log, log],
  });
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    server.once('exit', (code) => {
      exitCode = code;
      resolve();
    }),
  );
  cleanups.push(async () => {
    if (exitCode === undefined) {
      server.kill('SIGTERM');
      const killer = setTimeout(() => server.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(killer);
    }
    fs.closeSync(log);
    fs.rmSync(logFile, { force: true });
  });
  baseUrl = new URL(`http://127.0.0.1:${port}`);
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`the server exited (${exitCode}) while starting:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
    if ((await call('GET', '/api/health')).status === 200) break;
    if (Date.now() > deadline) throw new Error(`the server did not answer /api/health within 180 s; its log: ${logFile}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return { dataDir, logFile, alive: () => exitCode === undefined };
}

// --- Members and their rows -------------------------------------------------------------------------------------------

type Member = { email: string; password: string; userId: number; token: string };

async function codeFor(dataDir: string, email: string) {
  for (let i = 0; ; i++) {
    try {
      return await latestCode(dataDir, email);
    } catch (err) {
      if (i > 100) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

let signUps = 0;
async function signUp(dataDir: string): Promise<Member> {
  const name = `fz${process.pid}x${++signUps}x${randomBytes(3).toString('hex')}`;
  const email = `${name}@example.com`;
  const register = await call('POST', '/api/register', undefined, { email });
  if (register.status !== 200) throw new Error(`setup: register answered ${register.status}: ${register.body}`);
  const verify = okData('verify_otp', await call('POST', '/api/verify_otp', undefined, { email, otp: await codeFor(dataDir, email), type: 1 }), verifyOtpData);
  const complete = await call('POST', '/api/register/complete', undefined, {
    token: verify.token,
    password: PASSWORD,
    handleName: name,
    firstName: 'Fuzz',
    lastName: 'Rider',
    dob: '1990-05-17',
    gender: 'female',
    deviceType: 1,
  });
  const session = okData('register/complete', complete, authSession);
  return { email, password: PASSWORD, userId: session.user.userId, token: session.token.access_token };
}

/** An event's form the server accepts: starts in two days, ends three hours later (seconds since 1970). */
const eventForm = (over: object = {}) => eventFormFrom(Date.now(), over);

/** As the vitest fuzz does: two members follow each other, post, comment, organise events, draw a route, export. */
async function seedRows(members: Member[]) {
  const [actor, other] = members as [Member, Member];
  for (const m of members) {
    for (const n of members) if (m !== n) await call('POST', '/api/follow', m.token, { userId: n.userId });
  }
  const ownPost = okData('own post', await call('POST', '/api/feed', actor.token, { title: 'Mine', description: 'Loop #gravel', isDraft: false }), feed).id;
  const theirPost = okData('their post', await call('POST', '/api/feed', other.token, { title: 'Theirs', description: 'Climb', isDraft: false }), feed).id;
  const theirComment = okData('comment', await call('POST', '/api/feed/comment', other.token, { feedId: theirPost, comment: 'Nice' }), commentSaved).comment.commentId;
  const ownReply = okData('reply', await call('POST', '/api/feed/comment', actor.token, { feedId: theirPost, parentId: theirComment, comment: 'Thanks' }), commentSaved)
    .comment.commentId;
  const ownEvent = okData('own event', await call('POST', '/api/challenge', actor.token, eventForm()), event).id;
  const theirEvent = okData('their event', await call('POST', '/api/challenge', other.token, eventForm({ eventName: 'Their ride' })), event).id;
  const eventComment = okData('event comment', await call('POST', '/api/challenge/comment', other.token, { eventId: theirEvent, comment: 'See you' }), eventCommentSaved)
    .comment.commentId;
  const ownRoute = okData('route', await call('POST', '/api/route', actor.token, { sportId: 53, coordinates: [[-105.27, 40.01], [-105.29, 40.03]] }), route).routeId;
  const ownExport = okData('export', await call('GET', '/api/account/export', actor.token), dataExport).exportId;
  // Place search reads the world's towns on its first call (seconds): read here, not in a timed request.
  await call('GET', '/api/places?q=Boulder', actor.token);
  let notificationId: number | undefined;
  for (let i = 0; i < 50 && notificationId === undefined; i++) {
    notificationId = okData('notifications', await call('GET', '/api/notifications', actor.token), notificationList).list[0]?.id;
    if (notificationId === undefined) await new Promise((r) => setTimeout(r, 200));
  }
  const theirSession = okData('sessions', await call('GET', '/api/account/sessions', other.token), sessionsData)[0]!.sessionId;
  const others = members.slice(1).map((m) => m.userId);
  const ids: KnownIds = {
    byName: {
      userId: [...others, actor.userId],
      userIds: others,
      tagUser: others,
      CoHost: others,
      feedId: [theirPost, ownPost],
      id: [ownPost, ownEvent, theirEvent],
      commentId: [theirComment, ownReply, eventComment],
      parentId: [theirComment],
      eventId: [theirEvent],
      challengeId: [theirEvent, ownEvent],
      ...(notificationId !== undefined ? { notificationId: [notificationId] } : {}),
      exportId: [ownExport],
      routeId: [ownRoute],
      sessionId: [theirSession],
    },
    all: [...others, ownPost, theirPost, theirComment, ownEvent, theirEvent, ownRoute, ownExport, ...(notificationId !== undefined ? [notificationId] : []), theirSession],
  };
  return { ids, bases: { 'POST /api/challenge': () => eventForm(), 'PUT /api/challenge': () => eventForm({ id: ownEvent }) } satisfies Bases };
}

// --- The schedule -----------------------------------------------------------------------------------------------------

/** A 32-bit hash of two numbers (murmur3's finaliser): the seed of each index, the operation a random index goes to. */
function mix(a: number, b: number) {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b, 0xcc9e2d51);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

type Planned = { op: Operation; draft: Draft; kind: 'example' | 'random' };

function makeSchedule(operations: Operation[], ids: KnownIds, bases: Bases) {
  // One pass to learn each operation's examples (then let them go: some are megabytes) and keep its arbitrary.
  const arbitraries: fc.Arbitrary<Draft>[] = [];
  const counts: number[] = [];
  for (const op of operations) {
    const { examples, arbitrary } = requestsFor(op, ids, bases);
    arbitraries.push(arbitrary);
    counts.push(examples.length);
  }
  // Examples in windows of a few operations, round-robin inside each: [operation, example] per step.
  const order: [number, number][] = [];
  const windowOf = (i: number) => Math.floor(i / EXAMPLE_WINDOW);
  for (let w = 0; w < operations.length; w += EXAMPLE_WINDOW) {
    const window = operations.map((_, i) => i).slice(w, w + EXAMPLE_WINDOW);
    for (let k = 0; window.some((i) => k < counts[i]!); k++) for (const i of window) if (k < counts[i]!) order.push([i, k]);
  }
  const remaining = [...counts];
  const cached = new Map<number, Draft[]>();
  const loaded = new Set<number>();
  const exampleOf = (i: number, k: number) => {
    let list = cached.get(i);
    if (!list) cached.set(i, (list = requestsFor(operations[i]!, ids, bases).examples));
    const draft = list[k]!;
    if (--remaining[i]! === 0) cached.delete(i);
    return draft;
  };
  return {
    examples: order.length,
    /**
     * The window of examples request `index` needs made first, if any. Making a window's examples (megabytes of
     * hostile text) takes the client's thread for a moment; the run does it with no request in flight (see `worker`),
     * or the answers waiting meanwhile would be timed as slow.
     */
    windowToLoad(index: number) {
      if (index % 2 !== 0 || index / 2 >= order.length) return undefined;
      const w = windowOf(order[index / 2]![0]);
      return loaded.has(w) ? undefined : w;
    },
    load(w: number) {
      if (loaded.has(w)) return;
      loaded.add(w);
      for (let i = w * EXAMPLE_WINDOW; i < Math.min(operations.length, (w + 1) * EXAMPLE_WINDOW); i++) {
        if (remaining[i]! > 0 && !cached.has(i)) cached.set(i, requestsFor(operations[i]!, ids, bases).examples);
      }
    },
    /** Request `index` of the run with this seed. */
    plan(index: number): Planned {
      if (index % 2 === 0 && index / 2 < order.length) {
        const [i, k] = order[index / 2]!;
        return { op: operations[i]!, draft: exampleOf(i, k), kind: 'example' };
      }
      const i = mix(SEED, index) % operations.length;
      const [draft] = fc.sample(arbitraries[i]!, { seed: mix(SEED ^ 0x5bd1e995, index) | 0, numRuns: 1 });
      return { op: operations[i]!, draft: draft!, kind: 'random' };
    },
    /** For --replay: an example without the bookkeeping of a run. */
    replayPlan(index: number): Planned {
      if (index % 2 === 0 && index / 2 < order.length) {
        const [i, k] = order[index / 2]!;
        return { op: operations[i]!, draft: requestsFor(operations[i]!, ids, bases).examples[k]!, kind: 'example' };
      }
      return this.plan(index);
    },
  };
}

/** One of 1,024 client addresses, so requests counted by address spread (see the top of this file). */
const addressOf = (index: number) => `10.77.${(index >> 8) & 3}.${index & 255}`;

// --- The run ----------------------------------------------------------------------------------------------------------

type Finding = { index: number; route: string; req: WireRequest; label: string; answer: Answer; problem: string };

function quantile(sorted: Float64Array, q: number) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const ms = (n: number) => `${Math.round(n)} ms`;

async function main() {
  console.log(`fuzz at scale: seed ${SEED}, ${REPLAY ? `replaying ${REPLAY.join(', ')}` : `${REQUESTS} requests`}, concurrency ${CONCURRENCY}, ${MEMBERS} members`);
  const database = await createDatabase();
  const server = await startServer(database.url);
  console.log(`server up on ${baseUrl.origin} (database ${database.name}) in ${seconds(started)} s`);

  const members: Member[] = [];
  for (let i = 0; i < Math.max(2, MEMBERS); i++) members.push(await signUp(server.dataDir));
  const { ids, bases } = await seedRows(members);
  const docAnswer = await call('GET', '/api/docs/json');
  if (docAnswer.status !== 200) throw new Error(`GET /api/docs/json answered ${docAnswer.status}`);
  const operations = readOperations(JSON.parse(docAnswer.body));
  const schedule = makeSchedule(operations, ids, bases);
  console.log(
    `setup: ${members.length} members, their rows, ${operations.length} operations, ${schedule.examples} hostile examples (sent at even indexes, then random requests) in ${seconds(started)} s`,
  );

  /** A route may end a member's session (sign-out): the member signs in again, or a new one takes the place. */
  let revivals = 0;
  const reviving = new Map<number, Promise<void>>();
  const revive = (m: number) => {
    const pending = reviving.get(m);
    if (pending) return pending;
    const p = (async () => {
      const member = members[m]!;
      if ((await call('GET', '/api/profile', member.token)).status === 200) return;
      revivals += 1;
      const login = await call('POST', '/api/login', undefined, { email: member.email, password: member.password, deviceType: 1 });
      if (login.status === 200) member.token = okData('login', login, authSession).token.access_token;
      else members[m] = await signUp(server.dataDir);
    })().finally(() => reviving.delete(m));
    reviving.set(m, p);
    return p;
  };

  const runOne = async (index: number, plan: (i: number) => Planned) => {
    const { op, draft, kind } = plan(index);
    const m = index % members.length;
    const req = toWireRequest(op, draft, members[m]!.token);
    const answer = await send(req, addressOf(index));
    if (draft.actor === 'member' && answer.status === 401) await revive(m);
    return { op, draft, kind, req, answer };
  };

  if (REPLAY) {
    let failures = 0;
    for (const index of REPLAY) {
      const { op, draft, kind, req, answer } = await runOne(index, (i) => schedule.replayPlan(i));
      console.log(`\n#${index} (${kind}) ${op.method} ${op.path}\n  ${describeRequest(req, draft.label)}`);
      console.log(`  answered ${answer.status}${answer.error ? ` (${answer.error})` : ''} in ${ms(answer.ms)}: ${answer.body.slice(0, 2000)}`);
      const problem = answer.error ? undefined : wireShapeProblem(asInjectResponse(answer));
      if (problem) console.log(`  not the wire's shape: ${problem}`);
      if (problem || answer.error || answer.ms > HANG_MS) failures += 1;
    }
    return failures > 0 ? 1 : 0;
  }

  const byClass = new Map<string, number>();
  const latencies = new Map<string, number[]>();
  const serverErrors: Finding[] = [];
  const hangs: Finding[] = [];
  const misshapen: Finding[] = [];
  /** Slow only while this client was stalled: not counted as hangs, shown. */
  const clientStalled: Finding[] = [];
  const noAnswer: Finding[] = [];
  let next = 0;
  let done = 0;
  let tooMany = 0;
  const limitedRoutes = new Map<string, number>();
  const runStarted = performance.now();
  // How long this client's own thread kept answers waiting: a slow answer while it was busy is not the server's.
  const clientDelay = monitorEventLoopDelay({ resolution: 10 });
  clientDelay.enable();
  // And when: a slow answer is the server's only for the time this client was not itself stalled (a pause of its own
  // garbage collector, or of the machine under other work), which `stalledDuring` takes off.
  const stalls: { from: number; to: number; done: number }[] = [];
  let lastTick = performance.now();
  let peakRss = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    if (now - lastTick > 250) stalls.push({ from: lastTick, to: now, done });
    lastTick = now;
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 20);
  const stalledDuring = (a: Answer) => stalls.reduce((sum, st) => sum + Math.max(0, Math.min(st.to, a.at + a.ms) - Math.max(st.from, a.at)), 0);
  const progress = setInterval(() => {
    const rate = done / ((performance.now() - runStarted) / 1000);
    console.log(
      `  ${done}/${REQUESTS} in ${seconds(runStarted)} s (${rate.toFixed(0)}/s, ~${((REQUESTS - done) / rate / 60).toFixed(1)} min to go): 5xx ${serverErrors.length}, hangs ${hangs.length}, not the shape ${misshapen.length}, 429 ${tooMany}`,
    );
  }, 15_000);

  // While a window of examples is made, nothing is in flight: `gate` holds the workers back, `inflight` counts down.
  let gate: Promise<void> | undefined;
  let inflight = 0;
  let drained: (() => void) | undefined;
  const loadWindow = async (w: number) => {
    while (gate) await gate;
    let release!: () => void;
    gate = new Promise((resolve) => (release = resolve));
    while (inflight > 0) await new Promise<void>((resolve) => (drained = resolve));
    schedule.load(w);
    gate = undefined;
    release();
  };
  const worker = async () => {
    for (let index = next++; index < REQUESTS && !interrupted && server.alive(); index = next++) {
      const w = schedule.windowToLoad(index);
      if (w !== undefined) await loadWindow(w);
      while (gate) await gate;
      inflight += 1;
      let sent;
      try {
        sent = await runOne(index, (i) => schedule.plan(i));
      } finally {
        inflight -= 1;
        if (inflight === 0) drained?.();
      }
      const { op, draft, req, answer } = sent;
      done += 1;
      const routeName = `${op.method} ${op.path}`;
      const finding = (problem: string): Finding => ({ index, route: routeName, req, label: draft.label, answer, problem });
      const refusedMidUpload = answer.error !== undefined && /^(EPIPE|ECONNRESET)/.test(answer.error) && req.payload !== undefined && Buffer.byteLength(req.payload) > BODY_LIMIT;
      const cls = answer.error
        ? answer.status === -1
          ? 'not sent (client refused)'
          : refusedMidUpload
            ? 'body over the limit, connection closed mid-upload'
            : 'no answer'
        : answer.status === 429
          ? '429'
          : `${Math.floor(answer.status / 100)}xx`;
      byClass.set(cls, (byClass.get(cls) ?? 0) + 1);
      if (answer.status === 429) {
        tooMany += 1;
        limitedRoutes.set(routeName, (limitedRoutes.get(routeName) ?? 0) + 1);
      }
      if (answer.status !== -1) (latencies.get(routeName) ?? latencies.set(routeName, []).get(routeName)!).push(answer.ms);
      if (refusedMidUpload) continue;
      if (answer.error && answer.status !== -1) {
        if (answer.ms >= REQUEST_TIMEOUT_MS - 50) (answer.ms - stalledDuring(answer) > HANG_MS ? hangs : clientStalled).push(finding(answer.error));
        else noAnswer.push(finding(answer.error));
        continue;
      }
      if (answer.status === -1) continue;
      if (answer.ms > HANG_MS) {
        const stalled = stalledDuring(answer);
        const problem = `answered ${answer.status} after ${ms(answer.ms)}${stalled > 0 ? `, ${ms(stalled)} of it while this client was stalled` : ''}`;
        (answer.ms - stalled > HANG_MS ? hangs : clientStalled).push(finding(problem));
      }
      const problem = wireShapeProblem(asInjectResponse(answer));
      if (answer.status >= 500) serverErrors.push(finding(problem ?? `answered ${answer.status}`));
      else if (problem) misshapen.push(finding(problem));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  clearInterval(progress);
  clientDelay.disable();
  clearInterval(ticker);
  const runSeconds = (performance.now() - runStarted) / 1000;
  if (!server.alive()) console.log(`\nTHE SERVER EXITED during the run; its log: ${server.logFile}\n${fs.readFileSync(server.logFile, 'utf8').slice(-3000)}`);

  // A hang under load may be the machine: each is sent again alone, one at a time, to tell.
  const alone = new Map<Finding, Answer>();
  if (server.alive()) {
    agent.destroy();
    agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    for (const h of hangs.slice(0, 20)) alone.set(h, await send(h.req, addressOf(h.index + 1)));
  }

  const log = fs.readFileSync(server.logFile, 'utf8');
  const reproduce = (index: number) => `npm run test:fuzz -- --seed ${SEED} --replay ${index}`;
  /** Findings grouped (by route and problem, or by problem alone where routes share one cause), one example each. */
  const show = (title: string, list: Finding[], { byRoute = true, extra }: { byRoute?: boolean; extra?: (f: Finding) => string } = {}) => {
    if (list.length === 0) return;
    console.log(`\n${title} (${list.length}):`);
    const groups = new Map<string, Finding[]>();
    for (const f of list) {
      const key = `${byRoute ? f.route : ''} | ${f.answer.status} | ${f.problem.replace(/\d+ ms/g, '').slice(0, 120)}`;
      (groups.get(key) ?? groups.set(key, []).get(key)!).push(f);
    }
    for (const group of [...groups.values()].slice(0, 40)) {
      const f = group[0]!;
      const routes = [...new Set(group.map((g) => g.route))];
      const where = byRoute || routes.length === 1 ? '' : `\n    on ${routes.length} routes: ${routes.slice(0, 12).join(', ')}${routes.length > 12 ? '…' : ''}`;
      console.log(
        `- ${f.route}: ${f.problem.slice(0, 400)}${group.length > 1 ? `  [x${group.length}, indexes ${group.slice(0, 8).map((g) => g.index).join(', ')}${group.length > 8 ? '…' : ''}]` : ''}${where}`,
      );
      console.log(`    ${describeRequest(f.req, f.label).replace(/\n/g, '\n    ').slice(0, 1200)}`);
      if (extra) console.log(`    ${extra(f)}`);
      console.log(`    again: ${reproduce(f.index)}`);
    }
    if (groups.size > 40) console.log(`  … and ${groups.size - 40} more kinds`);
  };

  show('5xx answers', serverErrors, {
    extra: (f) => {
    const requestId = /"requestId":"([^"]+)"/.exec(f.answer.body)?.[1];
    const line = requestId ? log.split('\n').find((l) => l.includes(requestId)) : undefined;
      return line ? `server log: ${line.slice(0, 1500)}` : 'no line for it in the server log';
    },
  });
  show(`hangs (over ${HANG_MS / 1000} s, or no answer within ${REQUEST_TIMEOUT_MS / 1000} s)`, hangs, {
    extra: (f) => {
      const a = alone.get(f);
      return a ? `sent again alone: ${a.error ?? a.status} in ${ms(a.ms)}` : 'not sent again';
    },
  });
  if (clientStalled.length > 0) {
    console.log(
      `\nslow answers while this client itself was stalled, not counted as hangs (${clientStalled.length}): ${clientStalled
        .slice(0, 10)
        .map((f) => `#${f.index} ${f.route} (${f.problem})`)
        .join('; ')}${clientStalled.length > 10 ? '…' : ''}`,
    );
  }
  show("answers not in the wire's shape", misshapen, { byRoute: false });
  show('connections closed without an answer', noAnswer, { byRoute: false });

  // What the server logged (LOG_LEVEL=warn): each kind of line once, with its count.
  const kinds = new Map<string, number>();
  const lines = log.split('\n');
  for (const [n, line] of lines.entries()) {
    if (!line.trim() || line.startsWith('    at ')) continue;
    let key = line;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      key = `level ${entry.level}: ${entry.msg}${entry.err?.message ? ` (${entry.err.message})` : ''}`;
    } catch {
      // Not pino's: Node's own warnings, printed as they are, with the first frame of the server's own code.
      const frames = lines.slice(n + 1).filter((_, i, all) => all.slice(0, i + 1).every((l) => l.startsWith('    at ')));
      const own = frames.find((f) => !f.includes('node_modules') && !f.includes('(node:'));
      if (own) key = `${line} [${own.trim()}]`;
    }
    kinds.set(key.slice(0, 300), (kinds.get(key.slice(0, 300)) ?? 0) + 1);
  }
  if (kinds.size > 0) {
    console.log(`\nthe server's log (${server.logFile}), each kind of line once:`);
    for (const [key, n] of [...kinds.entries()].slice(0, 15)) console.log(`  x${n} ${key}`);
  }

  const total = [...byClass.values()].reduce((a, b) => a + b, 0);
  console.log(`\nseed ${SEED}: ${total} requests to ${operations.length} operations in ${runSeconds.toFixed(1)} s, ${(total / runSeconds).toFixed(0)} requests/s (concurrency ${CONCURRENCY})`);
  console.log(
    `by status: ${[...byClass.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => `${k} ${n} (${((100 * n) / total).toFixed(1)}%)`)
      .join(', ')}`,
  );
  console.log(`sessions ended by the fuzz and started again: ${revivals}; requests sent again on a new connection (a kept-alive one was closed): ${resent}`);
  const longest = stalls.reduce<(typeof stalls)[number] | undefined>((a, b) => (!a || b.to - b.from > a.to - a.from ? b : a), undefined);
  console.log(
    `this client: event loop delay p99 ${ms(clientDelay.percentile(99) / 1e6)}, max ${ms(clientDelay.max / 1e6)}; ${stalls.length} stalls over 250 ms${longest ? ` (longest ${ms(longest.to - longest.from)}, after ${longest.done} answers)` : ''}; peak memory ${Math.round(peakRss / 2 ** 20)} MB`,
  );
  if (tooMany > 0) {
    const top = [...limitedRoutes.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(`429s by route (what the rate limits kept from the handlers): ${top.map(([r, n]) => `${r} ${n} of ${latencies.get(r)?.length ?? '?'}`).join(', ')}`);
  }
  if (tooMany > total / 10) console.log(`WARNING: ${tooMany} answers were 429: the rate limits kept much of the fuzz from the handlers.`);

  const routes = [...latencies.entries()].map(([name, list]) => {
    const sorted = Float64Array.from(list).sort();
    return { name, n: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted[sorted.length - 1]! };
  });
  console.log('\nslowest routes by p99:');
  for (const r of routes.sort((a, b) => b.p99 - a.p99).slice(0, 10)) {
    console.log(`  ${r.name.padEnd(56)} n ${String(r.n).padStart(5)}  p50 ${ms(r.p50).padStart(8)}  p99 ${ms(r.p99).padStart(8)}  max ${ms(r.max).padStart(8)}`);
  }
  const all = Float64Array.from(routes.length ? [...latencies.values()].flat() : []).sort();
  console.log(`all routes: p50 ${ms(quantile(all, 0.5))}, p99 ${ms(quantile(all, 0.99))}, max ${ms(all[all.length - 1] ?? 0)}`);

  const failed = serverErrors.length > 0 || hangs.length > 0 || misshapen.length > 0 || noAnswer.length > 0 || !server.alive() || total < REQUESTS;
  console.log(
    `\n${failed ? 'FAIL' : 'PASS'}: ${serverErrors.length} 5xx, ${hangs.length} hangs, ${misshapen.length} answers not the wire's shape, ${noAnswer.length} closed without an answer (targets 0, 0, 0, 0)`,
  );
  if (failed) {
    // Keep the server's log for the 5xx's stacks: move it out of the way of the clean-up.
    const kept = server.logFile.replace(/\.log$/, `-${SEED}.log`);
    fs.copyFileSync(server.logFile, kept);
    console.log(`the server's log: ${kept}`);
  }
  return failed ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(err);
} finally {
  await cleanUp();
  agent.destroy();
  console.log(`total time ${seconds(started)} s`);
}
process.exit(code);
