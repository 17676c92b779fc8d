import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { dataExport } from '#contract/account';
import { sessionsData } from '#contract/account-security';
import { eventCommentSaved } from '#contract/event-comments';
import { commentSaved, feed } from '#contract/feeds';
import { route } from '#contract/map-routes';
import { notificationList } from '#contract/notifications';
import { insertEvent } from '../modules/events/event-test-rows';
import { createTestApp, okData } from '../test/test-app';
import { eventFormFrom } from '../modules/events/event-form-fixture';
import { readOperations, routeKey, undocumentedRoutes, type Operation } from './contract-fuzz/operations';
import { requestsFor, type Bases } from './contract-fuzz/requests';
import type { KnownIds } from './contract-fuzz/shaped-values';
import { describeRequest, toWireRequest, type Draft } from './contract-fuzz/wire-request';
import { wireShapeProblem } from './contract-fuzz/wire-shape';

// Check 18, schema fuzzing. Every operation of the OpenAPI document, which the server builds from the zod schemas it
// validates with, gets hostile values at every input (path and query parameters, body fields at any depth): ids at
// 0, -1, 2^31, 2^53 and not numbers; impossible and far-off dates; text past its limit and odd Unicode; arrays past
// theirs; `__proto__` and `constructor` keys; broken JSON, escapes and forms. Then random requests shaped like the
// contract, from a member, anonymously and with a dead token. Whatever comes, the answer is never a 5xx and always the
// wire's shape. The requests come from the document, so a new route is fuzzed without anyone writing a case for it.
//
// The random part is seeded: FUZZ_SEED (fixed by default, so CI runs the same requests) picks another run;
// FUZZ_RUNS the random requests per operation. A failure prints the request and the seed that makes it again.

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_517);
// In `npm test` a small budget (issue 27): every hostile value to every input on both databases, and 20 random requests
// per operation on PGlite, 5 on PostgreSQL (what they exercise, the request schemas and the handlers, is the same code
// on both). Depth is `npm run test:fuzz`: 100,000 of these requests against a started server on PostgreSQL.
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.TEST_DB_KIND === 'postgres' ? 5 : 20));
/** No request may take longer (check 18: "never a hang"). */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Routes the server has that the OpenAPI document leaves out, and why each is not fuzzed from it. Anything else
 * missing from the document fails the first test below.
 */
const UNDOCUMENTED: Record<string, string> = {
  'GET /ws':
    'The live socket: an upgrade, not an HTTP call; a plain GET answers 426 (live-socket.test.ts). Its frames are parsed with clientMessage of contract/realtime.ts and capped at 1 KB.',
  'GET /api/docs': 'swagger-ui: the page of this very document; takes no input.',
  'HEAD /api/docs/': 'swagger-ui: the page of this very document; takes no input.',
  'GET /api/docs/static/index.html': 'swagger-ui: a static file of its bundle; takes no input.',
  'GET /api/docs/static/swagger-initializer.js': 'swagger-ui: a static file of its bundle; takes no input.',
  'GET /api/docs/json': 'The document itself, which these tests read; takes no input.',
  'GET /api/docs/yaml': 'The document itself, as YAML; takes no input.',
  'GET /api/docs/static/*': 'swagger-ui: static files of its bundle by name, served by @fastify/static from a fixed folder.',
  // The tus protocol's own calls (issue 22): their input is headers, answered by @tus/server, which needs Node's
  // request and response (inject gives neither). video-upload.test.ts drives them with tus-js-client; the access
  // cases send B's calls to A's upload over HTTP.
  'POST /api/video-uploads': 'tus creation (Upload-Length, Upload-Metadata headers): answered by @tus/server; see the comment above.',
  'HEAD /api/video-uploads/:uploadId': 'tus: how far an upload got (Upload-Offset): answered by @tus/server; see the comment above.',
  'PATCH /api/video-uploads/:uploadId': 'tus: the next bytes at Upload-Offset: answered by @tus/server; see the comment above.',
  'DELETE /api/video-uploads/:uploadId': 'tus termination: answered by @tus/server; see the comment above.',
};

/**
 * Multipart forms are fuzzed from the fields their document lists, file parts included (odd files, empty ones, markup
 * posing as an image). Where the document leaves a part out, the fuzz cannot send it; each such gap and why it is
 * covered elsewhere:
 */
const FORM_GAPS: Record<string, string> = {
  'POST /api/route':
    'Its form is documented with the JSON body\'s fields, not the GPX `file` part, so fuzzed forms stop at "Choose a GPX file". Hostile GPX files (no track, not GPX, entity declarations, over 20,000 points, over 5 MB) are gpx-routes.test.ts\'s.',
};

/**
 * Known-good bodies where the contract cannot say what passes (an end after a start a little ahead of the server's
 * clock): hostile values go into these, so they reach the service rather than stop at the first check.
 */
const eventForm = (over: object = {}) => eventFormFrom(t.clock.now().getTime(), over);

const started = performance.now();
const t = await createTestApp({ env: { JOB_POLL_MS: '0', LOG_LEVEL: 'error' } });
let requestsSent = 0;
const operations = readOperations(t.app.swagger());

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.bearer(token), ...(payload ? { payload } : {}) });

// The member the fuzz signs in as, another member, and rows of theirs, so shaped requests reach real rows.
const actor = await t.signUp();
const other = await t.signUp();

/**
 * Who sends the requests: the actor first, whose rows the known ids name. A route's own limit (`config.rateLimit`,
 * counted per member, or per address for a request without one) answers 429 before the handler once an operation's
 * hundreds of requests pass it, which would hide what the handler does with the rest. So when the limiter answers, the
 * request goes again from the next caller (another member, from another address), signed up when first needed; every
 * operation starts again from the actor.
 */
type Caller = { email: string; password: string; token: string; address: string };
const callers: Caller[] = [{ ...actor, address: '127.0.0.1' }];
/**
 * A bound on sign-ups should a limit not be per member or address. The default runs take 27 callers: `POST /api/contact`
 * allows an address 5 requests in 10 minutes, and it gets about 130.
 */
const MAX_CALLERS = 100;
/** The caller sending the current operation's requests. */
let turn = 0;
let sentAgain = 0;
/** Requests the limiter still answered when the callers ran out: each a handler the fuzz did not reach. */
const stoppedAtLimit: string[] = [];

async function callerAt(index: number) {
  while (callers.length <= index) {
    const member = await t.signUp();
    callers.push({ ...member, address: `10.0.${callers.length >> 8}.${callers.length & 255}` });
  }
  return callers[index]!;
}

await send('POST', '/api/follow', other.token, { userId: actor.userId });
await send('POST', '/api/follow', actor.token, { userId: other.userId });
const ownPost = okData(await send('POST', '/api/feed', actor.token, { title: 'Mine', description: 'Loop #gravel', isDraft: false }), feed).id;
const theirPost = okData(await send('POST', '/api/feed', other.token, { title: 'Theirs', description: 'Climb', isDraft: false }), feed).id;
const theirComment = okData(await send('POST', '/api/feed/comment', other.token, { feedId: theirPost, comment: 'Nice' }), commentSaved).comment.commentId;
const ownReply = okData(await send('POST', '/api/feed/comment', actor.token, { feedId: theirPost, parentId: theirComment, comment: 'Thanks' }), commentSaved).comment.commentId;
const ownEvent = await insertEvent(t.db, actor.userId);
const theirEvent = await insertEvent(t.db, other.userId);
const eventComment = okData(await send('POST', '/api/challenge/comment', other.token, { eventId: theirEvent, comment: 'See you' }), eventCommentSaved).comment.commentId;
const ownRoute = okData(await send('POST', '/api/route', actor.token, { sportId: 53, coordinates: [[-105.27, 40.01], [-105.29, 40.03]] }), route).routeId;
const ownExport = okData(await send('GET', '/api/account/export', actor.token), dataExport).exportId;
await t.app.deps.jobs.drain();
// Place search reads the world's towns on its first call (seconds on a slow machine): read here, not in a timed request.
await send('GET', '/api/places?q=Boulder', actor.token);
const notificationId = okData(await send('GET', '/api/notifications', actor.token), notificationList).list[0]!.id;
const theirSession = okData(await send('GET', '/api/account/sessions', other.token), sessionsData)[0]!.sessionId;

const ids: KnownIds = {
  byName: {
    userId: [other.userId, actor.userId],
    userIds: [other.userId],
    tagUser: [other.userId],
    CoHost: [other.userId],
    feedId: [theirPost, ownPost],
    id: [ownPost, ownEvent, theirEvent],
    commentId: [theirComment, ownReply, eventComment],
    parentId: [theirComment],
    eventId: [theirEvent],
    challengeId: [theirEvent, ownEvent],
    notificationId: [notificationId],
    exportId: [ownExport],
    routeId: [ownRoute],
    sessionId: [theirSession],
  },
  all: [other.userId, ownPost, theirPost, theirComment, ownEvent, theirEvent, ownRoute, ownExport, notificationId, theirSession],
};

const setupSeconds = ((performance.now() - started) / 1000).toFixed(1);

const bases: Bases = {
  'POST /api/challenge': () => eventForm(),
  'PUT /api/challenge': () => eventForm({ id: ownEvent }),
};

afterAll(async () => {
  await t.close();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `contract fuzz: ${requestsSent} requests to ${operations.length} operations in ${seconds} s, ${setupSeconds} s of it setting up; ${sentAgain} sent again from another of ${callers.length} callers past a route's limit (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})`,
  );
});

/** A reproducible seed per operation, from the run's seed and the operation's name. */
function seedOf(key: string) {
  let h = SEED | 0;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h >>> 0;
}

/** One request from `caller`; a hang fails it. */
async function sendFrom(caller: Caller, op: Operation, draft: Draft) {
  const req = toWireRequest(op, draft, caller.token);
  requestsSent += 1;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${describeRequest(req, draft.label)}\n    no answer within ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS);
  });
  try {
    return { req, res: await Promise.race([t.app.inject({ ...req, remoteAddress: caller.address }), timeout]) };
  } finally {
    clearTimeout(timer);
  }
}

/** The limiter's own 429 (its headers say the allowance is spent), not one a handler answers (a daily cap, say). */
const limiterRefused = (res: { statusCode: number; headers: Record<string, unknown> }) => res.statusCode === 429 && res.headers['x-ratelimit-remaining'] === '0';

async function answerOf(op: Operation, draft: Draft) {
  let { req, res } = await sendFrom(await callerAt(turn), op, draft);
  while (limiterRefused(res) && turn < MAX_CALLERS - 1) {
    turn += 1;
    sentAgain += 1;
    ({ req, res } = await sendFrom(await callerAt(turn), op, draft));
  }
  if (limiterRefused(res)) stoppedAtLimit.push(`${op.method} ${op.path}: ${draft.label}`);
  const problem = wireShapeProblem(res);
  if (problem) throw new Error(`${describeRequest(req, draft.label)}\n    ${problem}`);
}

/** A route may end a caller's session (sign-out, a password change): the next operation finds them signed in again. */
async function keepSignedIn(caller: Caller) {
  if ((await send('GET', '/api/profile', caller.token)).statusCode === 200) return;
  const again = await t.signIn(caller.email, caller.password);
  if (again.statusCode === 200) caller.token = again.json<{ data: { token: { access_token: string } } }>().data.token.access_token;
  else Object.assign(caller, await t.signUp());
}

describe('contract fuzz (check 18)', () => {
  it('covers every route: each is in the OpenAPI document or has a reason here', () => {
    const missing = undocumentedRoutes(t.app.routeTable, operations).filter((key) => !(key in UNDOCUMENTED));
    expect(missing, `document these routes, or say here why they are not fuzzed:\n  ${missing.join('\n  ')}\n`).toEqual([]);
    const table = new Set(t.app.routeTable.map((r) => routeKey(r.method, r.url)));
    expect(Object.keys(UNDOCUMENTED).filter((key) => !table.has(key))).toEqual([]);
    const forms = new Set(operations.filter((o) => o.form).map((o) => routeKey(o.method, o.url)));
    expect(Object.keys(FORM_GAPS).filter((key) => !forms.has(key)), 'form gaps that name no operation with a form').toEqual([]);
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s: never a 5xx, always the wire shape',
    async (name, op) => {
      const { examples, arbitrary } = requestsFor(op, ids, bases);
      const seed = seedOf(name);
      turn = 0;
      try {
        const out = await fc.check(
          fc.asyncProperty(arbitrary, (draft) => answerOf(op, draft)),
          // Examples count among the runs: the random ones come on top.
          { seed, numRuns: examples.length + RUNS, examples: examples.map((d) => [d] as [Draft]) },
        );
        if (out.failed) {
          const cause = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
          throw new Error(
            `${name}: ${cause}\n  Run it again: FUZZ_SEED=${SEED} npx vitest run --project server server/security/contract-fuzz.test.ts -t "${name}" (seed ${seed}, path ${out.counterexamplePath ?? 'an example'})`,
          );
        }
      } finally {
        for (const caller of callers.slice(0, turn + 1)) await keepSignedIn(caller);
      }
    },
    120_000,
  );

  it('reached every handler: no request was left at a route’s limit', () => {
    expect(stoppedAtLimit).toEqual([]);
  });
});
