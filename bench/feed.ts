/**
 * P4 and P5 on the PostgreSQL database `npm run bench:seed` filled (1 M posts, 100 k members; bench/feed-database.ts).
 *
 * P4: `GET /api/feed?filter_type=…` (page 1) on the real server (production mode, its own process) loaded by
 * autocannon, against the same SQL run raw: every statement the server sent PostgreSQL for one such request (recorded
 * in the server process from its pg clients: the session lookup, the page, its capped count…, with
 * their parameters), run in order, round after round, by as many `pg` clients as autocannon has connections, for as
 * long, in the same run. So the ratio is what the API layer adds to its database work: HTTP, validation, mapping, JSON.
 * The two sides take turns in short rounds, each round's ratio measured, the side going first alternating, and the
 * median ratio is the figure: this host's speed moves within a minute (another machine's load), and one long window
 * each compared whichever side had the faster minute.
 * Target: endpoint >= 0.8 x raw SQL; its p99 is printed beside, and, for reference, the ratio against the list query
 * alone (`feedPageQuery(…).list`, which the bench checks is among the recorded statements).
 * P5: page 500 (reached by walking 499 `next_cursor`s, asked with its cursor as the web app asks) against page 1,
 * one request at a time, the two alternating so a busy machine slows both alike; medians. Target: <= 1.2 x.
 * Both for `filter_type=all` and `following` (the bench member follows 2,000 members, so it has 500+ pages).
 * On Linux each P4 line is followed by the CPU time per request of the server, PostgreSQL and this process (autocannon
 * or the pg loop): on a machine where all three share the cores, that is what the ratio is made of.
 *
 * Not part of `npm test`: the machine is shared and noisy, so only the ratios, measured in one run, mean anything.
 * Run: npm run bench:feed [-- --connections 32 --rounds 5 --duration 8 --warmup 5]   (BENCH_DATABASE_URL as for bench:seed)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { PG_SESSION_OPTIONS, type Db } from '../server/db/client';
import { FEED_PER_PAGE, feedPageQuery, type FeedListPlan } from '../server/modules/feeds/feed-list';
import { BENCH_VIEWER_ID, benchDatabaseUrl, databaseName, MARK_DONE, readMark } from './feed-database';
import { median, percentile } from './stats';
import { cpuOf, cpuOfCommand, cpuSince } from './proc-cpu';

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: {
    server: { type: 'boolean', default: false },
    connections: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '5' },
    duration: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '5' },
    pairs: { type: 'string', default: '150' },
  },
});
const CONNECTIONS = Number(args.connections);
const ROUNDS = Number(args.rounds);
if (!(Number.isInteger(ROUNDS) && ROUNDS >= 1)) throw new Error(`--rounds takes a whole number of at least 1, not ${args.rounds}`);
/** Seconds each side runs in a round. */
const DURATION_S = Number(args.duration);
const WARMUP_S = Number(args.warmup);
/** Page-1 / page-500 request pairs timed for P5 (after a tenth as many unmeasured). */
const PAIRS = Number(args.pairs);
const DEEP_PAGE = 500;
const FILTERS = ['all', 'following'] as const;
type Filter = (typeof FILTERS)[number];

const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;

type CpuPerCall = { server: number; bench: number; postgres: number };
const cpuAvailable = fs.existsSync('/proc/self/stat');

/**
 * Where the CPU goes, read from /proc (Linux only): the server child, this process (autocannon or the pg loop), and
 * every PostgreSQL process on this machine (so anything else using this server counts too; nothing when the database
 * is on another machine). Per process, so one that ends meanwhile (another client's backend) takes nothing away.
 * Shows what the endpoint does beyond its list query, per request.
 */
function cpuMeter(serverPid: number) {
  return {
    start() {
      const server = cpuOf(serverPid);
      const bench = cpuOf(process.pid);
      const before = cpuOfCommand('postgres');
      return (count: number): CpuPerCall => {
        const database = cpuSince(before, cpuOfCommand('postgres'));
        return { server: (cpuOf(serverPid) - server) / count, bench: (cpuOf(process.pid) - bench) / count, postgres: database / count };
      };
    },
  };
}

/** CPU per call summed over several metered runs, weighted by their calls. */
function cpuTotal() {
  const sum: CpuPerCall = { server: 0, bench: 0, postgres: 0 };
  let calls = 0;
  return {
    add(perCall: CpuPerCall, count: number) {
      sum.server += perCall.server * count;
      sum.bench += perCall.bench * count;
      sum.postgres += perCall.postgres * count;
      calls += count;
    },
    perCall: (): CpuPerCall => ({ server: sum.server / calls, bench: sum.bench / calls, postgres: sum.postgres / calls }),
  };
}

/** A statement as node-postgres sends it: drizzle names its prepared ones, which PostgreSQL then plans once per connection. */
type Statement = { text: string; values: unknown[]; name?: string };

/**
 * Child process: the real server on a free port, production serializer, warnings only, on the bench database, with
 * a session for the bench member. Prints `{address, token}`, then serves; a stdin line `record <path>` makes one
 * request for `<path>` itself and prints every statement the server sent PostgreSQL meanwhile (as `{statements}`);
 * `done` revokes the session and ends.
 */
async function serverProcess(databaseUrl: string) {
  const { inArray, sql } = await import('drizzle-orm');
  const { buildApp } = await import('../server/app');
  const { loadConfig } = await import('../server/config');
  const { openDatabase } = await import('../server/db/client');
  const { sessions } = await import('../server/db/schema/auth');
  const { systemClock } = await import('../server/lib/clock');
  const { createSession } = await import('../server/modules/auth/sessions');
  const { sha256 } = await import('../server/lib/secrets');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-bench-feed-'));
  const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DEMO: '0', S3_BUCKET: '' };
  const config = { ...loadConfig(env), spaDir: undefined };
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  const app = await buildApp({ config, db: database.db });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { access_token } = await createSession(database.db, systemClock, { userId: BENCH_VIEWER_ID, deviceType: 1, ttlDays: 1 });
    // P14's other member: one who follows about 20 (the seed's members follow ~50 on average, spread widely).
    const { rows: few } = (await database.db.execute(
      sql`select follower_id as id, count(*)::integer as n from follows where status = 'accepted' and follower_id between 2000 and 12000 group by follower_id having count(*) between 18 and 22 order by follower_id limit 1`,
    )) as unknown as { rows: { id: number; n: number }[] };
    if (!few[0]) throw new Error('no seeded member follows about 20: reseed (npm run bench:seed -- --force)');
    const light = await createSession(database.db, systemClock, { userId: few[0].id, deviceType: 1, ttlDays: 1 });
    let recording: Statement[] | undefined;
    // Every query of the pool's clients passes here (drizzle's node-postgres driver calls Client#query with a config).
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      // query(config) or query(config, values), as drizzle calls it.
      const config = args[0] as { text?: string; values?: unknown[]; name?: string };
      const values = Array.isArray(args[1]) ? (args[1] as unknown[]) : (config.values ?? []);
      if (recording && typeof config === 'object' && config.text) recording.push({ text: config.text, values, ...(config.name ? { name: config.name } : {}) });
      return query.apply(this, args);
    } as typeof pg.Client.prototype.query;
    console.log(JSON.stringify({ address, token: access_token, few: { token: light.access_token, userId: few[0].id, follows: few[0].n } }));
    for await (const line of readline.createInterface({ input: process.stdin })) {
      if (line === 'done') break;
      if (line.startsWith('record ')) {
        recording = [];
        const res = await fetch(`${address}${line.slice('record '.length)}`, { headers: { authorization: `Bearer ${access_token}` } });
        if (res.status !== 200) throw new Error(`${line}: answered ${res.status}`);
        await res.arrayBuffer();
        console.log(JSON.stringify({ statements: recording }));
        recording = undefined;
      }
    }
    await database.db.delete(sessions).where(inArray(sessions.tokenHash, [sha256(access_token), sha256(light.access_token)]));
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The server child, spoken to in lines (as bench/image-pipeline.ts does). */
async function startServer(databaseUrl: string) {
  const proc = spawn(process.execPath, [...process.execArgv, import.meta.filename, '--server'], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: proc.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the server process ended');
    return JSON.parse(value as string) as unknown;
  };
  const { address, token, few } = (await nextLine()) as { address: string; token: string; few: { token: string; userId: number; follows: number } };
  return {
    address,
    token,
    few,
    pid: proc.pid!,
    /** Every statement the server sends PostgreSQL to answer one GET of `pathAndQuery`, in order. */
    async record(pathAndQuery: string) {
      proc.stdin.write(`record ${pathAndQuery}\n`);
      return ((await nextLine()) as { statements: Statement[] }).statements;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.stdin.end('done\n');
      }),
  };
}

type Page = { list: { id: number }[]; current_page: number; next_cursor?: string | null };

function feedClient(address: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const pathOf = (filter: Filter, cursor?: { page: number; cursor: string }) =>
    `/api/feed?filter_type=${filter}` + (cursor ? `&page=${cursor.page}&cursor=${encodeURIComponent(cursor.cursor)}` : '');
  return {
    headers,
    pathOf,
    async get(pathAndQuery: string): Promise<Page> {
      const res = await fetch(`${address}${pathAndQuery}`, { headers });
      if (res.status !== 200) throw new Error(`GET ${pathAndQuery} answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: Page }).data;
    },
  };
}

/** autocannon on one URL for `seconds`; throws on any error or non-200 answer. */
async function load(url: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  if (result.errors || result.non2xx || result.timeouts) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers under load`);
  }
  return { perSecond: result.requests.total / result.duration, p99: result.latency.p99, p50: result.latency.p50, count: result.requests.total };
}

/** The text of the list query `GET /api/feed?filter_type=…` runs for `viewerId`'s page 1. */
async function pageOneSql(db: Db, filter: Filter) {
  // What listFeeds plans for a query string holding only filter_type (no search, dates, author or page).
  const plan: FeedListPlan = {
    viewerId: BENCH_VIEWER_ID,
    kind: 'post',
    filter,
    perPage: FEED_PER_PAGE,
    // Page 1 of `following` reads the viewer's timeline (server/modules/feeds/timelines.ts).
    followed: filter === 'following' ? 'entries' : undefined,
  };
  return feedPageQuery(db, plan).list.getQuery().sql;
}

/** A statement in a line: its name or the start of its text. */
const describe = (s: Statement) => s.name ?? s.text.replace(/\s+/g, ' ').slice(0, 40);

/**
 * `clients` pg connections each running `statements` in order, back to back, for `seconds`: rounds a second and the
 * p99 of a round. rowMode 'array' and the statement's name when it has one: how drizzle's node-postgres driver sends
 * them (a named one is prepared once per connection, as the server's pool does).
 */
async function rawLoop(clients: pg.Client[], statements: Statement[], seconds: number) {
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < until) {
        const at = performance.now();
        for (const statement of statements) await client.query({ ...statement, rowMode: 'array' });
        latencies.push(performance.now() - at);
      }
    }),
  );
  return { perSecond: latencies.length / ((performance.now() - started) / 1000), p99: percentile(latencies, 0.99), count: latencies.length };
}

/** Page DEEP_PAGE's cursor: page 1, then 499 `next_cursor`s followed. */
async function deepCursor(api: ReturnType<typeof feedClient>, filter: Filter) {
  let page = await api.get(api.pathOf(filter));
  while (page.current_page < DEEP_PAGE - 1) {
    if (!page.next_cursor) throw new Error(`filter_type=${filter} ends at page ${page.current_page}; reseed (npm run bench:seed -- --force)`);
    page = await api.get(api.pathOf(filter, { page: page.current_page + 1, cursor: page.next_cursor }));
  }
  if (!page.next_cursor) throw new Error(`filter_type=${filter} ends at page ${page.current_page}`);
  const deep = { page: DEEP_PAGE, cursor: page.next_cursor };
  const check = await api.get(api.pathOf(filter, deep));
  if (check.current_page !== DEEP_PAGE || check.list.length !== FEED_PER_PAGE) throw new Error(`page ${DEEP_PAGE} of filter_type=${filter} is not a full page`);
  return deep;
}

/**
 * `a` and `b` run one at a time, alternating which goes first so neither always runs right after the other, `PAIRS`
 * times each after a tenth as many unmeasured: the median milliseconds of each.
 */
async function alternate(a: () => Promise<unknown>, b: () => Promise<unknown>) {
  const timed = async (run: () => Promise<unknown>) => {
    const at = performance.now();
    await run();
    return performance.now() - at;
  };
  const aTimes: number[] = [];
  const bTimes: number[] = [];
  for (let i = -Math.ceil(PAIRS / 10); i < PAIRS; i++) {
    let x: number, y: number;
    if (i % 2 === 0) {
      x = await timed(a);
      y = await timed(b);
    } else {
      y = await timed(b);
      x = await timed(a);
    }
    if (i >= 0) {
      aTimes.push(x);
      bTimes.push(y);
    }
  }
  return [median(aTimes), median(bTimes)] as const;
}

/** Page 1 and page 500 asked one at a time, alternating: median latencies of each. */
async function pageLatencies(api: ReturnType<typeof feedClient>, filter: Filter, deep: { page: number; cursor: string }) {
  const [page1, far] = await alternate(() => api.get(api.pathOf(filter)), () => api.get(api.pathOf(filter, deep)));
  return { page1, deep: far };
}

/** How many the bench member follows (bench/seed-feed.ts POWER_FOLLOWS, read back in `followingBySize`). */
let BENCH_FOLLOWS = 0;

/**
 * P14: page 1 of `following` for the bench member (who follows ~2,000) and for one who follows ~20, asked one at a
 * time, alternating, after both timelines are made: the ratio of the medians. For reference, the same two pages read
 * from the posts themselves (each member's plan past the timeline: `newest` and `members`), raw through the bench's
 * own pool, as the feed was read before timelines.
 */
async function followingBySize(db: Db, heavy: ReturnType<typeof feedClient>, light: ReturnType<typeof feedClient>, few: { userId: number; follows: number }) {
  const { rows } = (await db.execute(sql`select count(*)::integer as n from follows where follower_id = ${BENCH_VIEWER_ID} and status = 'accepted'`)) as unknown as { rows: { n: number }[] };
  BENCH_FOLLOWS = rows[0]!.n;
  const page = heavy.pathOf('following');
  const [many, twenty] = await alternate(() => heavy.get(page), () => light.get(page));
  console.log(`  P14 following page 1, one request at a time, ${PAIRS} each: member following ${BENCH_FOLLOWS} median ${ms(many)}, member ${few.userId} following ${few.follows} median ${ms(twenty)}; ratio ${(many / twenty).toFixed(2)}`);
  const before = (viewerId: number, followed: 'newest' | 'members') => {
    const q = feedPageQuery(db, { viewerId, kind: 'post', filter: 'following', perPage: FEED_PER_PAGE, followed });
    return () => q.list.execute(q.values);
  };
  const [manyRaw, twentyRaw] = await alternate(before(BENCH_VIEWER_ID, 'newest'), before(few.userId, 'members'));
  console.log(`    the same pages read from the posts (no timeline), their list query raw: ${ms(manyRaw)} and ${ms(twentyRaw)}; ratio ${(manyRaw / twentyRaw).toFixed(2)}`);
  return many / twenty;
}

async function main() {
  const url = benchDatabaseUrl();
  if (args.server) return serverProcess(url.toString());
  const mark = await readMark(url);
  if (!mark?.startsWith(MARK_DONE)) {
    throw new Error(`${databaseName(url)} is not seeded${mark === undefined ? ' (it does not exist)' : ''}: run npm run bench:seed first.`);
  }

  // The raw side opens its sessions as the app does (PG_SESSION_OPTIONS), so both run the same plans.
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1, options: PG_SESSION_OPTIONS });
  const db = drizzle(pool) as unknown as Db;
  const clients = Array.from({ length: CONNECTIONS }, () => new pg.Client({ connectionString: url.toString(), options: PG_SESSION_OPTIONS }));
  await Promise.all(clients.map((c) => c.connect()));
  const server = await startServer(url.toString());
  const api = feedClient(server.address, server.token);
  const cpu = cpuMeter(server.pid);
  let p14: number | undefined;
  const results: Record<Filter, { endpoint: { perSecond: number; p99: number; p50: number }; raw: { perSecond: number; p99: number }; ratio: number; page1: number; deep: number }> =
    {} as never;
  try {
    console.log(
      `${databaseName(url)} (${mark}); ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s a side after ${WARMUP_S} s warm-up; ` +
        `bench member ${BENCH_VIEWER_ID}`,
    );
    for (const filter of FILTERS) {
      const target = `${server.address}${api.pathOf(filter)}`;
      // Once before recording: the first `following` read makes the member's timeline, which is not what a page costs.
      await api.get(api.pathOf(filter));
      // P4's raw side: every statement the endpoint sent PostgreSQL for one such request, captured from the server.
      const statements = await server.record(api.pathOf(filter));
      const listText = await pageOneSql(db, filter);
      const list = statements.find((s) => s.text === listText);
      if (!list) throw new Error(`filter_type=${filter}: the endpoint did not run feedPageQuery's SQL`);
      console.log(`  filter_type=${filter}: the endpoint sends ${statements.length} statements a request (${statements.map(describe).join('; ')})`);
      await load(target, api.headers, WARMUP_S);
      await rawLoop(clients, statements, WARMUP_S);
      const endpointCpu = cpuTotal();
      const rawCpu = cpuTotal();
      const rounds: { endpoint: Awaited<ReturnType<typeof load>>; raw: Awaited<ReturnType<typeof rawLoop>>; ratio: number }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const runEndpoint = async () => {
          const metered = cpu.start();
          const result = await load(target, api.headers, DURATION_S);
          endpointCpu.add(metered(result.count), result.count);
          return result;
        };
        const runRaw = async () => {
          const metered = cpu.start();
          const result = await rawLoop(clients, statements, DURATION_S);
          rawCpu.add(metered(result.count), result.count);
          return result;
        };
        const endpointFirst = round % 2 === 0;
        const first = endpointFirst ? await runEndpoint() : await runRaw();
        const second = endpointFirst ? await runRaw() : await runEndpoint();
        const [endpoint, raw] = (endpointFirst ? [first, second] : [second, first]) as [Awaited<ReturnType<typeof load>>, Awaited<ReturnType<typeof rawLoop>>];
        rounds.push({ endpoint, raw, ratio: endpoint.perSecond / raw.perSecond });
      }
      const ratio = median(rounds.map((r) => r.ratio));
      const endpoint = { perSecond: median(rounds.map((r) => r.endpoint.perSecond)), p50: median(rounds.map((r) => r.endpoint.p50)), p99: median(rounds.map((r) => r.endpoint.p99)) };
      const rawResult = { perSecond: median(rounds.map((r) => r.raw.perSecond)), p99: median(rounds.map((r) => r.raw.p99)) };
      const listOnly = await rawLoop(clients, [list], DURATION_S);
      console.log(`  filter_type=${filter} page 1, medians of ${ROUNDS} rounds of ${DURATION_S} s a side: endpoint ${endpoint.perSecond.toFixed(0)} req/s (p50 ${ms(endpoint.p50)}, p99 ${ms(endpoint.p99)}); ` +
        `its SQL raw ${rawResult.perSecond.toFixed(0)} rounds/s (p99 ${ms(rawResult.p99)}); ratio ${ratio.toFixed(2)} (rounds ${rounds.map((r) => r.ratio.toFixed(2)).join(', ')})` +
        ` (its list query alone raw ${listOnly.perSecond.toFixed(0)} q/s: ${(endpoint.perSecond / listOnly.perSecond).toFixed(2)})`);
      if (cpuAvailable) {
        const [e, r] = [endpointCpu.perCall(), rawCpu.perCall()];
        console.log(`    CPU per request: endpoint server ${ms(e.server)}, PostgreSQL ${ms(e.postgres)}, autocannon ${ms(e.bench)}; ` +
          `raw PostgreSQL ${ms(r.postgres)}, pg loop ${ms(r.bench)}`);
      }
      const deep = await deepCursor(api, filter);
      const latency = await pageLatencies(api, filter, deep);
      console.log(`  filter_type=${filter} one request at a time, ${PAIRS} each: page 1 median ${ms(latency.page1)}, page ${DEEP_PAGE} median ${ms(latency.deep)}; ratio ${(latency.deep / latency.page1).toFixed(2)}`);
      results[filter] = { endpoint, raw: rawResult, ratio, ...latency };
    }
    p14 = await followingBySize(db, api, feedClient(server.address, server.few.token), server.few);
  } finally {
    await server.stop();
    await Promise.all(clients.map((c) => c.end()));
    await pool.end();
  }

  const throughput = FILTERS.map((f) => results[f].ratio);
  const deepRatio = FILTERS.map((f) => results[f].deep / results[f].page1);
  const pass = throughput.every((r) => r >= 0.8) && deepRatio.every((r) => r <= 1.2) && p14 !== undefined && p14 <= 1.5;
  const each = (xs: number[]) => FILTERS.map((f, i) => `${f} ${xs[i]!.toFixed(2)}`).join(', ');
  console.log(
    `P4 feed endpoint vs its SQL raw (postgres): ${each(throughput)} x (target >= 0.8 x), p99 ${FILTERS.map((f) => `${f} ${ms(results[f].endpoint.p99)}`).join(', ')}; ` +
      `P5 page ${DEEP_PAGE} vs page 1: ${each(deepRatio)} x (target <= 1.2 x); ` +
      `P14 following page 1, a member following ${BENCH_FOLLOWS} vs one following ~20: ${p14?.toFixed(2)} x (target <= 1.5 x): ${pass ? 'PASS' : 'FAIL'}`,
  );
  process.exitCode = pass ? 0 : 1;
}

await main();
