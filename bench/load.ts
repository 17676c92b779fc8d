/**
 * P6 and check 24 (`npm run bench:load`): the API under a sustained mixed load against the same SQL replayed raw, and
 * the feed beside a flood of bad sign-ins.
 *
 * P6: "API under 50 concurrent connections, mixed read/write, 60 s: throughput >= 0.7 x and p99 <= 1.5 x the same
 * statements replayed raw; 0 errors; flat RSS". On a fresh PostgreSQL database (bench/load/seed.ts: 500 members with
 * ~30 follows each and a session each in SQL; 3,000 posts, 2,000 comments, 4,000 reactions, 150 events and 500
 * activities through the API), the real built server (`node dist-server/index.mjs`, production mode, spawned here)
 * takes 50 keep-alive connections, each a closed loop of requests as random members, in the shares of
 * bench/load/mix.ts (reads 70 %: both feeds, events, profiles, notifications, activities; writes 30 %: posts,
 * comments, reactions, follows, unfollows), for a warm-up and then `--seconds` (60).
 *
 * The raw side: first a recording pass, on a server with bench/load/record-hook.ts preloaded, makes `--record`
 * requests of the same mix (4 at a time) and keeps every statement each caused (text, parameters, prepared name), so
 * each request is a unit; then 50 `pg` clients run those units round and round, each unit's statements in order on
 * one connection (ids an INSERT made swapped for the replay's own), for half the time before the API's window and
 * half after it (the host's speed drifts; the two halves bracket the API's). Requests a second against units a second
 * is the throughput ratio; p99 of a request against p99 of a unit the latency one. Beside them, for diagnosis only:
 * the units by 10 clients (the server's pool size), every unit once by one client (what each statement costs with
 * nothing beside it), the CPU per request of the server, PostgreSQL and this process, and figures by request kind.
 *
 * Errors: any answer not 2xx (none is expected: no kind of the mix is refused by design) and every error the server
 * logs (Node's own warnings are printed, not counted). RSS read from /proc every second of the window: flat when the
 * median of its last 10 s is within 10 % of its first 10 s's (bench:live's rule), slope printed beside.
 *
 * Check 24's flood: the server started again with the default AUTH_RATE_LIMIT (20 a minute per address); `GET
 * /api/feed` from 20 connections alone, beside 30 more connections sending `POST /api/login` with wrong passwords from
 * the same address, and (the control) beside 30 connections asking for a path that does not exist (a 404: no
 * database, no limiter, the cheapest answer the server gives), in four rounds (`--flood-seconds` a condition in all).
 * The rate limiter answers past the limit in `onRequest`, before the body is read or any password hashed. Target: the
 * feed's p99 beside the flood <= 2 x alone, the median round's ratio (as bench:feed's rounds); the control's ratio
 * says what any flood of that many connections costs the feed on these cores.
 *
 * The database (`BENCH_POSTGRES_URL`, default postgres://postgres@127.0.0.1:5432, trust auth) is created and dropped
 * here, even on failure. Builds the app first if dist-server/ is missing (and says when sources are newer than it).
 * Not part of `npm test`: on a shared machine only the ratios, measured in one run, mean anything.
 * Run: npm run bench:load [-- --seconds 60 --warmup 10 --connections 50 --record 1500 --flood-seconds 40
 *   --keep-recording <file.jsonl>]   (the last keeps the recorded statements, one JSON line each)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PG_SESSION_OPTIONS } from '../server/db/client';
import { runLoad, statusText, type LoadRequest, type LoadResult } from './load/http-load';
import { deck, KIND_NAMES, KINDS, random, requestMaker, type Kind } from './load/mix';
import { UNIT_HEADER } from './load/record-hook';
import { adminQuery, analyze, seedApi, seedSql, type Sizes } from './load/seed';
import { contentionMeter, cpuMeter, ensureBuilt, rssOf, startServer, type Contention, type CpuShare, type Server } from './load/server';
import { describe, describeText, planAndRun, readRecording, replay, runUnit, type ReplayResult, type StatementCosts } from './load/statements';
import { median, percentile, slope } from './stats';

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: {
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    record: { type: 'string', default: '1500' },
    'flood-seconds': { type: 'string', default: '40' },
    'keep-recording': { type: 'string' },
  },
});
const SECONDS = Number(args.seconds);
const WARMUP_S = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const RECORD = Number(args.record);
const FLOOD_S = Number(args['flood-seconds']);
for (const [name, value] of Object.entries({ seconds: SECONDS, warmup: WARMUP_S, connections: CONNECTIONS, record: RECORD, 'flood-seconds': FLOOD_S })) {
  if (!(Number.isInteger(value) && value >= 1)) throw new Error(`--${name} takes a whole number of at least 1`);
}
const SIZES: Sizes = { members: 500, posts: 3000, comments: 2000, reactions: 4000, events: 150, activities: 500 };
/** The server's PostgreSQL pool (`max` in server/db/client.ts): the raw side is also run with as many clients, to tell. */
const SERVER_POOL = 10;
/** Rounds of the flood phase: each measures the feed alone, beside the flood and beside the control, in turn. */
const FLOOD_ROUNDS = 4;
/** Connections of the flood phase: the feed's, and the bad sign-ins' beside it. */
const FEED_CONNECTIONS = 20;
const FLOOD_CONNECTIONS = 30;
const TARGET = { throughput: 0.7, p99: 1.5, flood: 2 };
/** Flat memory: the window's last 10 s within this fraction of its first 10 s (medians of the 1 s samples). */
const FLAT_RSS = 0.1;
/** The API's authentication limit outside the flood phase: the load signs nobody in, but nothing should be limited. */
const NO_AUTH_LIMIT = '1000000';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const cpuText = (c: CpuShare, withServer: boolean) =>
  `${withServer ? `server ${ms(c.server)}, ` : ''}PostgreSQL ${ms(c.postgres)}, bench process ${ms(c.bench)}`;

let at = Date.now();
function step(what: string) {
  console.log(`  ${what} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
  at = Date.now();
}

/**
 * Samples pg_stat_activity every 250 ms: how many of the database's connections (other than this sampler's) are
 * running a statement, and how many sit idle inside a transaction. During the API's window the raw side's clients
 * are connected but idle, so the busy ones are the server's pool's.
 */
function connectionStates(url: string, dbName: string) {
  const client = new pg.Client({ connectionString: url });
  const counts = { active: 0, inTransaction: 0, samples: 0 };
  let running = true;
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ state: string | null; n: number }>(
        `select state, count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend' group by state`,
        [dbName],
      );
      counts.samples++;
      for (const r of rows) {
        if (r.state === 'active') counts.active += r.n;
        else if (r.state?.startsWith('idle in transaction')) counts.inTransaction += r.n;
      }
      await sleep(250);
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { samples: counts.samples, active: counts.active / Math.max(1, counts.samples), inTransaction: counts.inTransaction / Math.max(1, counts.samples) };
    },
  };
}

async function waitForJobs(url: string) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    for (let i = 0; i < 300; i++) {
      const { rows } = await db.query<{ n: string }>(`select count(*) as n from jobs where done_at is null and run_at <= now()`);
      if (Number(rows[0]!.n) === 0) return;
      await sleep(1000);
    }
  } finally {
    await db.end();
  }
}

/** Merges two replay halves into one figure. */
function both(a: ReplayResult, b: ReplayResult) {
  const latencies = [...a.latencies, ...b.latencies].sort((x, y) => x - y);
  const byKind = new Map<Kind, number[]>();
  for (const r of [a, b]) for (const [k, xs] of r.byKind) byKind.set(k, [...(byKind.get(k) ?? []), ...xs]);
  return {
    count: latencies.length,
    perSecond: latencies.length / (a.seconds + b.seconds),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    byKind,
    errors: a.errors + b.errors,
    firstErrors: [...a.firstErrors, ...b.firstErrors].slice(0, 5),
  };
}

async function main() {
  ensureBuilt();
  const dbName = `switchback_bench_load_${process.pid}`;
  const recordFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-bench-load-sql-')), 'statements.jsonl');
  const servers: Server[] = [];
  const clients: pg.Client[] = [];
  const verdicts: { line: string; ok: boolean }[] = [];
  console.log(`bench:load: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up, ${SECONDS} s window; raw replay by ${CONNECTIONS} pg clients, ${SECONDS / 2} s before and after; ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  try {
    // ---- Data.
    const seeded = await seedSql(dbName, SIZES);
    step(`database ${dbName}: ${SIZES.members} members, ${seeded.follows} accepted follows, a session each (SQL)`);
    const recorder = await startServer('recording', seeded.url, { AUTH_RATE_LIMIT: NO_AUTH_LIMIT }, recordFile);
    servers.push(recorder);
    step(`recording server started (pid ${recorder.pid}, bench/load/record-hook.ts preloaded)`);
    const world = await seedApi(recorder.url, seeded.tokens, seeded.following, SIZES, (what) => step(`through the API: ${what}`));
    await waitForJobs(seeded.url);
    await analyze(seeded.url);
    step(`${world.publicPosts.length} of the posts by public members; jobs done; vacuum analyze`);

    // ---- Recording pass: the mix's requests, each tagged, with every statement they cause.
    const make = requestMaker(world, 11);
    const recordDeck = deck(RECORD, 1);
    const recordRequests = recordDeck.map((kind) => make(kind));
    const recording = await runLoad(recorder.url, 4, Infinity, (i) => recordRequests[i]!, { tag: (i) => `u${i}`, count: recordRequests.length });
    await fetch(`${recorder.url}/api/health`, { headers: { [UNIT_HEADER]: 'end' } });
    await sleep(1000);
    const recorderProblems = recorder.problems.filter((p) => p.level >= 50);
    const recorderWarnings = recorder.problems.filter((p) => p.level < 50);
    await recorder.stop();
    servers.length = 0;
    const kinds = new Map(recordRequests.map((r, i) => [`u${i}`, r.kind]));
    const recorded = readRecording(recordFile, kinds);
    const units = recorded.units;
    const empty = units.filter((u) => u.statements.length === 0).length;
    const statementCount = units.reduce((s, u) => s + u.statements.length, 0);
    step(
      `recording pass: ${recording.count} requests (${recording.errors} not 2xx${recording.errorSamples.length ? `: ${recording.errorSamples[0]}` : ''}), ` +
        `${statementCount} statements in ${units.length} units (${empty} with none), ${recorded.background} outside any request (job runner), ${recorded.failed.length} failed`,
    );
    for (const f of recorded.failed.slice(0, 3)) console.log(`    failed when recorded: ${f}`);
    // A warning's first line, and the frames of its stack in the app's own code (the rest is drizzle and pg).
    const shown = recorderWarnings.filter((p) => !/^\s+at /.test(p.line) || /\/(server|contract)\//.test(p.line));
    if (shown.length) console.log(`  the recording server's warnings (set-up included), with their stacks' frames in server/:\n${shown.slice(0, 20).map((p) => `    ${p.line.slice(0, 300)}`).join('\n')}`);
    if (recording.errors || empty || recorderProblems.length) {
      throw new Error(`the recording pass is not usable: ${recording.errors} errors, ${empty} empty units, ${recorderProblems.length} server errors ${recorderProblems[0]?.line ?? ''}`);
    }
    console.log('  statements a request, by kind (median; the most frequent ones):');
    for (const kind of KIND_NAMES) {
      const of = units.filter((u) => u.kind === kind);
      const names = new Map<string, number>();
      for (const u of of) for (const s of u.statements) names.set(describe(s), (names.get(describe(s)) ?? 0) + 1);
      const top = [...names].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([n, c]) => `${n} x${(c / of.length).toFixed(1)}`);
      console.log(`    ${kind.padEnd(14)} ${String(of.length).padStart(4)} units, ${median(of.map((u) => u.statements.length))} statements: ${top.join('; ')}`);
    }

    // Statements sent to a transaction's connection while it was busy (node-postgres' deprecation warning).
    const queued = units.flatMap((u) => u.statements.filter((st) => st.queued).map((st) => ({ kind: u.kind, name: describe(st) })));
    if (queued.length) {
      const byWhat = new Map<string, number>();
      for (const q of queued) byWhat.set(`${q.kind}: ${q.name}`, (byWhat.get(`${q.kind}: ${q.name}`) ?? 0) + 1);
      console.log(`  statements sent to a transaction's connection while it was still busy (pg queues them; pg 9 will refuse): ${queued.length}, in`);
      for (const [what, n] of [...byWhat].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`    ${n} x ${what}`);
    }
    if (args['keep-recording']) fs.copyFileSync(recordFile, args['keep-recording']);

    // ---- P6: raw half, API warm-up and window, raw half.
    const server = await startServer('measured', seeded.url, { AUTH_RATE_LIMIT: NO_AUTH_LIMIT });
    servers.push(server);
    step(`measured server started (pid ${server.pid}, ${mb(rssOf(server.pid))})`);
    for (let i = 0; i < CONNECTIONS; i++) clients.push(new pg.Client({ connectionString: seeded.url, options: PG_SESSION_OPTIONS }));
    await Promise.all(clients.map((c) => c.connect()));
    const cursor = { next: 0 };
    await replay(clients, units, Math.min(5, WARMUP_S), cursor);
    let meter = cpuMeter();
    let sched = contentionMeter();
    const rawA = await replay(clients, units, SECONDS / 2, cursor);
    const rawACpu = meter(rawA.count);
    const rawASched = sched();
    step(`raw replay, first half: ${rawA.perSecond.toFixed(0)} units/s, p99 ${ms(rawA.p99)}, ${rawA.errors} errors`);

    const loadDeck = deck(RECORD, 2);
    const loadRequest = (i: number): LoadRequest => make(loadDeck[i % loadDeck.length]!);
    const warm = await runLoad(server.url, CONNECTIONS, WARMUP_S, loadRequest);
    step(`API warm-up: ${warm.perSecond.toFixed(0)} requests/s, p99 ${ms(warm.p99)}, ${warm.errors} errors`);
    const problemsBefore = server.problems.length;
    const rss: { t: number; kb: number }[] = [];
    const windowStart = performance.now();
    const sample = () => rss.push({ t: (performance.now() - windowStart) / 1000, kb: rssOf(server.pid) });
    sample();
    const sampler = setInterval(sample, 1000);
    meter = cpuMeter(server.pid);
    sched = contentionMeter(server.pid);
    const connections = connectionStates(seeded.url, dbName);
    const api = await runLoad(server.url, CONNECTIONS, SECONDS, loadRequest);
    const apiCpu = meter(api.count);
    const apiSched = sched();
    clearInterval(sampler);
    sample();
    const held = await connections.stop();
    const windowProblems = server.problems.slice(problemsBefore);
    for (const p of server.problems.slice(0, problemsBefore).slice(0, 3)) console.log(`    server, before the window: ${p.line.slice(0, 300)}`);
    step(`API window: ${api.count} requests, ${api.perSecond.toFixed(0)} requests/s, p50 ${ms(api.p50)}, p99 ${ms(api.p99)}, ${api.errors} not 2xx`);

    meter = cpuMeter();
    sched = contentionMeter();
    const rawB = await replay(clients, units, SECONDS / 2, cursor);
    const rawBCpu = meter(rawB.count);
    const rawBSched = sched();
    step(`raw replay, second half: ${rawB.perSecond.toFixed(0)} units/s, p99 ${ms(rawB.p99)}, ${rawB.errors} errors`);
    // Diagnostic, not a target: the same units by as many clients as the server's pool has connections.
    const poolSized = await replay(clients.slice(0, SERVER_POOL), units, Math.min(15, SECONDS / 2), cursor);
    step(`raw replay by ${SERVER_POOL} clients (the server's pool): ${poolSized.perSecond.toFixed(0)} units/s, p99 ${ms(poolSized.p99)}`);
    // Diagnostic: every unit once, by one client, nothing beside it: what each statement and each kind costs alone.
    const costs: StatementCosts = new Map();
    const alone = new Map<Kind, number[]>();
    for (const unit of units) {
      const { ms: took, error } = await runUnit(clients[0]!, unit, costs);
      if (error) continue;
      const list = alone.get(unit.kind);
      if (list) list.push(took);
      else alone.set(unit.kind, [took]);
    }
    // The costliest reads explained: how much of each is planning (an unnamed statement is planned on every call).
    const explained = new Map<string, { planning: number; execution: number }>();
    for (const [name] of [...costs].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) {
      const instance = units.flatMap((u) => u.statements).find((st) => describeText(st) === name);
      // A named (prepared) statement is planned once per connection: only unnamed ones are explained.
      const times = instance && !instance.name ? await planAndRun(clients[0]!, instance).catch(() => undefined) : undefined;
      if (times) explained.set(name, times);
    }
    step(`every unit once by one client (statement costs without contention), the costliest reads explained`);
    await Promise.all(clients.splice(0).map((c) => c.end()));
    await server.stop();
    servers.length = 0;

    const raw = both(rawA, rawB);
    const rawCpu: CpuShare = {
      server: 0,
      postgres: (rawACpu.postgres * rawA.count + rawBCpu.postgres * rawB.count) / raw.count,
      bench: (rawACpu.bench * rawA.count + rawBCpu.bench * rawB.count) / raw.count,
    };
    console.log(`\n  P6, ${SECONDS} s: API ${api.perSecond.toFixed(0)} requests/s (p50 ${ms(api.p50)}, p99 ${ms(api.p99)}); raw ${raw.perSecond.toFixed(0)} units/s (p50 ${ms(raw.p50)}, p99 ${ms(raw.p99)}; halves ${rawA.perSecond.toFixed(0)} and ${rawB.perSecond.toFixed(0)})`);
    console.log(`  CPU per request: API ${cpuText(apiCpu, true)}; raw ${cpuText(rawCpu, false)}`);
    const schedText = (c: Contention, withServer: boolean) =>
      `${withServer ? `server's event loop on a CPU ${(c.serverRun * 100).toFixed(0)} %, waiting for one ${(c.serverWait * 100).toFixed(0)} % of the time; ` : ''}` +
      `PostgreSQL ${c.postgresRun.toFixed(2)} cores, ${c.postgresWait.toFixed(2)} processes waiting for a CPU on average; bench waiting ${(c.benchWait * 100).toFixed(0)} %`;
    console.log(`  scheduler (schedstat): API window: ${schedText(apiSched, true)}`);
    console.log(`                         raw halves: ${schedText(rawASched, false)} | ${schedText(rawBSched, false)}`);
    console.log(
      `  the server's database connections in the window (pg_stat_activity, ${held.samples} samples): on average ${held.active.toFixed(1)} running a statement, ` +
        `${held.inTransaction.toFixed(1)} idle in a transaction (waiting for the server), of the pool's ${SERVER_POOL}`,
    );
    console.log(
      `  cores busy: API ${((api.perSecond * (apiCpu.server + apiCpu.postgres + apiCpu.bench)) / 1000).toFixed(2)}, raw ${((raw.perSecond * (rawCpu.postgres + rawCpu.bench)) / 1000).toFixed(2)} ` +
        `(of ${os.cpus().length}); raw by ${SERVER_POOL} clients ${poolSized.perSecond.toFixed(0)} units/s (${(api.perSecond / poolSized.perSecond).toFixed(2)} x the API's)`,
    );
    // What the ratio would be if both sides had the same cores to themselves: their CPU per request, inverted.
    const cpuBound = (rawCpu.postgres + rawCpu.bench) / (apiCpu.server + apiCpu.postgres + apiCpu.bench);
    console.log(`  throughput ratio if both sides were bound by the same cores (raw CPU per unit / API CPU per request): ${cpuBound.toFixed(2)}`);
    console.log('  by kind (API answers in the window; raw units of both halves; a unit alone, by one client): share, p50 and p99, API / raw');
    for (const kind of KIND_NAMES) {
      const a = api.byKind.get(kind);
      const r = raw.byKind.get(kind);
      if (!a || !r) continue;
      const [ap50, ap99, rp50, rp99] = [percentile(a.latencies, 0.5), percentile(a.latencies, 0.99), percentile(r, 0.5), percentile(r, 0.99)];
      console.log(
        `    ${kind.padEnd(14)} ${((a.latencies.length / api.count) * 100).toFixed(1).padStart(5)} % ${KINDS[kind].write ? 'write' : 'read '}  ` +
          `API p50 ${ms(ap50).padStart(9)}, p99 ${ms(ap99).padStart(9)}; raw p50 ${ms(rp50).padStart(9)}, p99 ${ms(rp99).padStart(9)}; p50 ${(ap50 / rp50).toFixed(1)} x; ` +
          `alone ${ms(median(alone.get(kind) ?? [NaN]))}  [${statusText(a.statuses)}]`,
      );
    }
    const totalMs = [...costs.values()].reduce((a, c) => a + c.ms, 0);
    console.log('  where the database\'s time goes (every unit once by one client; statements by their total time):');
    for (const [name, c] of [...costs].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) {
      const e = explained.get(name);
      const plan = e ? ` (EXPLAIN: planning ${ms(e.planning)}, execution ${ms(e.execution)})` : '';
      console.log(`    ${((c.ms / totalMs) * 100).toFixed(1).padStart(5)} %  ${(c.n / units.length).toFixed(2)} a request, mean ${ms(c.ms / c.n).padStart(8)}  ${name}${plan}`);
    }
    if (raw.errors) console.log(`  raw replay errors ${raw.errors} (not the API's; first: ${raw.firstErrors.join(' | ')})`);

    // Errors, memory.
    const serverErrors = windowProblems.filter((p) => p.level >= 50);
    const warnings = windowProblems.length - serverErrors.length;
    const errors = api.errors + warm.errors + serverErrors.length;
    for (const s of [...warm.errorSamples, ...api.errorSamples].slice(0, 5)) console.log(`    not 2xx: ${s}`);
    for (const p of windowProblems.slice(0, 3)) console.log(`    server ${p.level >= 50 ? 'error' : 'warning'}: ${p.line.slice(0, 300)}`);
    const first = median(rss.filter((r) => r.t <= 10).map((r) => r.kb));
    const last = median(rss.filter((r) => r.t >= SECONDS - 10).map((r) => r.kb));
    const perMin = slope(rss.map((r) => r.t), rss.map((r) => r.kb)) * 60;
    const flat = last <= first * (1 + FLAT_RSS);
    console.log(
      `  server RSS: ${mb(rss[0]!.kb)} after the warm-up, ${mb(rss.at(-1)!.kb)} at the end, max ${mb(Math.max(...rss.map((r) => r.kb)))}; ` +
        `first 10 s median ${mb(first)}, last 10 s ${mb(last)} (${(((last - first) / first) * 100).toFixed(1)} %), slope ${(perMin / 1024).toFixed(1)} MB/min`,
    );

    const throughput = api.perSecond / raw.perSecond;
    const p99Ratio = api.p99 / raw.p99;
    verdicts.push(
      { line: `P6 throughput ratio ${throughput.toFixed(2)} (API ${api.perSecond.toFixed(0)} requests/s vs raw ${raw.perSecond.toFixed(0)} units/s; target >= ${TARGET.throughput}): ${pass(throughput >= TARGET.throughput)}`, ok: throughput >= TARGET.throughput },
      { line: `P6 p99 ratio ${p99Ratio.toFixed(2)} (API ${ms(api.p99)} vs raw ${ms(raw.p99)}; target <= ${TARGET.p99}): ${pass(p99Ratio <= TARGET.p99)}`, ok: p99Ratio <= TARGET.p99 },
      { line: `P6 errors ${errors} (${api.errors + warm.errors} answers not 2xx of ${api.count + warm.count}, ${serverErrors.length} server errors logged; ${warnings} warnings; target 0): ${pass(errors === 0)}`, ok: errors === 0 },
      { line: `P6 RSS ${mb(first)} -> ${mb(last)} over ${SECONDS} s (+${(((last - first) / first) * 100).toFixed(1)} %; flat: last 10 s <= ${1 + FLAT_RSS} x first 10 s): ${pass(flat)}`, ok: flat },
    );

    // ---- Check 24: the feed alone, and beside a flood of bad sign-ins, with the default sign-in limit.
    console.log('');
    const floodServer = await startServer('flood', seeded.url, {});
    servers.push(floodServer);
    step(`server started again with the default AUTH_RATE_LIMIT (pid ${floodServer.pid})`);
    const feedRnd = random(21);
    const feedRequest = (): LoadRequest => ({ kind: 'feed', method: 'GET', path: '/api/feed?filter_type=all', token: feedRnd.pick(world.members).token });
    const badRnd = random(22);
    const badSignIn = (): LoadRequest => ({
      kind: 'login',
      method: 'POST',
      path: '/api/login',
      body: JSON.stringify({ email: `load${1 + badRnd.int(world.members.length)}@bench.example`, password: 'not-the-password-1', deviceType: 1 }),
    });
    // The control: as many connections asking for a path that does not exist (404, no database, no limiter), the
    // cheapest answer the server gives. What it costs the feed is what any flood costs one event loop on these cores.
    const nowhere = (): LoadRequest => ({ kind: 'nowhere', method: 'GET', path: '/api/no-such-route' });
    await runLoad(floodServer.url, FEED_CONNECTIONS, Math.min(5, WARMUP_S), feedRequest);
    const segment = Math.max(1, Math.round(FLOOD_S / FLOOD_ROUNDS));
    const feeds: Record<'alone' | 'flood' | 'control', LoadResult[]> = { alone: [], flood: [], control: [] };
    const floods: LoadResult[] = [];
    const shares: Record<'alone' | 'flood' | 'control', CpuShare[]> = { alone: [], flood: [], control: [] };
    const floodProblemsBefore = floodServer.problems.length;
    /** The feed for a segment, with `beside` from FLOOD_CONNECTIONS more connections; CPU as % of one core. */
    const feedSegment = async (condition: 'alone' | 'flood' | 'control', beside?: () => LoadRequest) => {
      const metered = cpuMeter(floodServer.pid);
      const stop = { stopped: false };
      const [feed, other] = await Promise.all([
        runLoad(floodServer.url, FEED_CONNECTIONS, segment, feedRequest).finally(() => (stop.stopped = true)),
        beside ? runLoad(floodServer.url, FLOOD_CONNECTIONS, segment, beside, { stop }) : undefined,
      ]);
      shares[condition].push(metered(segment * 10));
      feeds[condition].push(feed);
      return { feed, other };
    };
    const cpuPercent = (c: CpuShare) => `server ${c.server.toFixed(0)} %, PostgreSQL ${c.postgres.toFixed(0)} %, bench ${c.bench.toFixed(0)} %`;
    const roundRatios: { flood: number; control: number }[] = [];
    for (let round = 0; round < FLOOD_ROUNDS; round++) {
      // Alone first in even rounds and last in odd ones, so a drifting host favours neither condition.
      const first = round % 2 === 0 ? await feedSegment('alone') : undefined;
      const { feed, other: flood } = await feedSegment('flood', badSignIn);
      const { feed: controlled, other: control } = await feedSegment('control', nowhere);
      const { feed: alone } = first ?? (await feedSegment('alone'));
      floods.push(flood!);
      roundRatios.push({ flood: feed.p99 / alone.p99, control: controlled.p99 / alone.p99 });
      const statuses = flood!.byKind.get('login')?.statuses ?? new Map<number, number>();
      step(
        `round ${round + 1}: feed alone p99 ${ms(alone.p99)} (${alone.perSecond.toFixed(0)}/s); beside bad sign-ins p99 ${ms(feed.p99)} (${feed.perSecond.toFixed(0)}/s; ` +
          `${flood!.perSecond.toFixed(0)} sign-ins/s [${statusText(statuses)}]); beside the control p99 ${ms(controlled.p99)} (${controlled.perSecond.toFixed(0)}/s; ${control!.perSecond.toFixed(0)} 404s/s)`,
      );
    }
    await floodServer.stop();
    servers.length = 0;
    const pooled = (rs: LoadResult[]) => percentile([...rs.flatMap((r) => r.latencies)].sort((a, b) => a - b), 0.99);
    const meanShare = (cs: CpuShare[]): CpuShare => ({ server: median(cs.map((c) => c.server)), postgres: median(cs.map((c) => c.postgres)), bench: median(cs.map((c) => c.bench)) });
    const [aloneP99, besideP99, controlP99] = [pooled(feeds.alone), pooled(feeds.flood), pooled(feeds.control)];
    // The figure: the median round's ratio (as bench:feed's), each round's conditions minutes apart at most.
    const floodRatio = median(roundRatios.map((r) => r.flood));
    const controlRatio = median(roundRatios.map((r) => r.control));
    const floodStatuses = new Map<number, number>();
    for (const f of floods) for (const [s, n] of f.byKind.get('login')?.statuses ?? []) floodStatuses.set(s, (floodStatuses.get(s) ?? 0) + n);
    const feedErrors = [...feeds.alone, ...feeds.flood, ...feeds.control].reduce((s, r) => s + r.errors, 0);
    const floodServerErrors = floodServer.problems.slice(floodProblemsBefore).filter((p) => p.level >= 50).length;
    const hashed = floodStatuses.get(400) ?? 0;
    console.log(
      `  bad sign-ins: ${[...floodStatuses.values()].reduce((a, b) => a + b, 0)} answered [${statusText(floodStatuses)}]: ` +
        `429 by the rate limiter before the body is read; 400 = a password checked (argon2), at most 20 (the default AUTH_RATE_LIMIT) a minute from one address`,
    );
    console.log(
      `  feed p99 ratios by round: beside bad sign-ins ${roundRatios.map((r) => r.flood.toFixed(2)).join(', ')} (median ${floodRatio.toFixed(2)}); ` +
        `beside the control ${roundRatios.map((r) => r.control.toFixed(2)).join(', ')} (median ${controlRatio.toFixed(2)})`,
    );
    console.log(`  feed p99 pooled over the rounds: alone ${ms(aloneP99)}, beside bad sign-ins ${ms(besideP99)} (${(besideP99 / aloneP99).toFixed(2)} x), beside the control ${ms(controlP99)} (${(controlP99 / aloneP99).toFixed(2)} x)`);
    console.log(`  CPU (% of one core, median of the rounds): alone ${cpuPercent(meanShare(shares.alone))}; bad sign-ins ${cpuPercent(meanShare(shares.flood))}; control ${cpuPercent(meanShare(shares.control))}`);
    const floodOk = floodRatio <= TARGET.flood && feedErrors === 0 && floodServerErrors === 0;
    verdicts.push({
      line:
        `Check 24 feed p99 beside ${FLOOD_CONNECTIONS} connections of bad sign-ins / alone: ${floodRatio.toFixed(2)} (median of ${FLOOD_ROUNDS} rounds; pooled ${ms(besideP99)} / ${ms(aloneP99)}; ` +
        `target <= ${TARGET.flood}; control ${controlRatio.toFixed(2)}); ${hashed} passwords hashed, feed errors ${feedErrors}, server errors ${floodServerErrors}: ${pass(floodOk)}`,
      ok: floodOk,
    });
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
    await adminQuery(`drop database if exists "${dbName}" with (force)`).catch((err: unknown) => console.error(`could not drop ${dbName}:`, err));
    fs.rmSync(path.dirname(recordFile), { recursive: true, force: true });
  }

  console.log('');
  for (const v of verdicts) console.log(v.line);
  const ok = verdicts.every((v) => v.ok);
  const full = SECONDS >= 60 && CONNECTIONS === 50;
  console.log(`P6 and check 24 (${full ? `${CONNECTIONS} connections, ${SECONDS} s` : `SCALED: ${CONNECTIONS} connections, ${SECONDS} s; target 50 connections, 60 s`}): ${pass(ok)}`);
  process.exitCode = ok ? 0 : 1;
}

await main();
