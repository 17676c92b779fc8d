/**
 * P13 (`npm run bench:live`): live positions fanned out to watchers. S sharers (default 1,000) each send one position
 * every 5 s, spread evenly over the 5 s, and W members (default 10) watch each sharer's session on a WebSocket; so
 * S x W sockets (10,000). Each position's `t` is the moment its sender sent it (epoch ms, this machine's clock); each
 * watcher records its arrival time minus `t`. Target: fan-out p99 <= 200 ms, no errors, flat server memory over the
 * steady phase (2 minutes); then the same with two server processes sharing Redis (sharers post to process A,
 * watchers are connected to process B).
 *
 * Set-up, per phase: a fresh PostgreSQL database (created here, dropped at the end) migrated by the app's own
 * `openDatabase`; the members, follow edges (each watcher an accepted follower of its sharer) and sessions (a random
 * token each, stored as its SHA-256 as `createSession` does) inserted in SQL: signing 11,000 members up through the API
 * would spend most of an hour on password hashing. Then the real server (`server/index.ts`, production mode, its own
 * process, spawned here so its pid gives its RSS) on that database; every sharer starts a session through
 * `POST /api/live` ({sportId: 35, audience: 'followers'}); the "X is live" notices those starts queue are left to
 * finish; the watchers connect (`/ws?token=`) and send `watch-live`, from `--clients` worker processes (default 2;
 * they record event-loop lag, printed so client delay can be told from the server's); then positions flow for a
 * warm-up (`--warmup`, 15 s) and the measured window (`--seconds`, 120 s). Positions go by `POST
 * /api/live/:id/positions` (keep-alive connections) or, with `--via socket`, as the socket's `live-positions` frame.
 *
 * Errors counted: a POST not answered 200 (or a socket batch not acked), a send skipped because the sharer's
 * previous one was still unanswered after 5 s, any watcher socket closing or refused (`live-gone`), any position a
 * watcher should have had and did not get within 3 s of the window's end, and every warning or error line the
 * server logs. Memory: each server's VmRSS read from /proc every 5 s in the window; flat means the median of the
 * window's last 20 s is within 10 % of its first 20 s's (and the least-squares slope is printed beside).
 *
 * Options: --sharers 1000 --watchers 10 (per sharer) --seconds 120 --warmup 15 --interval 5 --clients 2
 * --via http|socket; --one (only the one-process phase) or --redis (only the two-process Redis phase); default both.
 * PostgreSQL at BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432), Redis at BENCH_REDIS_URL (default
 * redis://127.0.0.1:6379). Not part of `npm test`.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Pool } from 'undici';
import WebSocket from 'ws';
import { openDatabase } from '../server/db/client';
import { randomToken, sha256 } from '../server/lib/secrets';
import { freePort, root } from './app-server';
import { median, percentile, slope } from './stats';
import { cpuOf, cpuOfCommand, cpuSince } from './proc-cpu';

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: {
    sharers: { type: 'string', default: '1000' },
    watchers: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '120' },
    warmup: { type: 'string', default: '15' },
    interval: { type: 'string', default: '5' },
    clients: { type: 'string', default: '2' },
    via: { type: 'string', default: 'http' },
    one: { type: 'boolean', default: false },
    redis: { type: 'boolean', default: false },
    worker: { type: 'boolean', default: false },
  },
});

const SHARERS = Number(args.sharers);
const WATCHERS = Number(args.watchers);
const SECONDS = Number(args.seconds);
const WARMUP_S = Number(args.warmup);
const INTERVAL_MS = Number(args.interval) * 1000;
const CLIENTS = Number(args.clients);
const VIA = args.via as 'http' | 'socket';
for (const [name, value] of Object.entries({ SHARERS, WATCHERS, SECONDS, CLIENTS })) {
  if (!(Number.isInteger(value) && value >= 1)) throw new Error(`--${name.toLowerCase()} takes a whole number of at least 1`);
}
if (VIA !== 'http' && VIA !== 'socket') throw new Error('--via is http or socket');
const TARGET_P99_MS = 200;
/** Flat memory: the window's last 20 s within this fraction of its first 20 s (medians of the 5 s samples). */
const FLAT_RSS = 0.1;
/** After the last send, how long watchers have to receive what is still on its way before a missing one counts. */
const DRAIN_MS = 3000;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (kb: number) => kb / 1024;

// ---------------------------------------------------------------------------------------------------------------
// Watcher worker process: holds its share of the watching sockets and records every position's delay.

type Watch = { token: string; liveId: number };
type ToWorker =
  | { type: 'connect'; url: string; watches: Watch[]; concurrency: number }
  | { type: 'collect'; from: number; to: number }
  | { type: 'close' };
type WorkerResult = {
  type: 'result';
  latencies: number[];
  /** Positions received in the window, by session: [liveId, count]. */
  received: [number, number][];
  closes: Record<string, number>;
  gone: number;
  socketErrors: number;
  lagP99: number;
  lagMax: number;
  sockets: number;
};
type FromWorker = { type: 'connected'; open: number; failed: number; ms: number; firstFailure?: string } | WorkerResult;

async function workerProcess() {
  const send = (m: FromWorker) => process.send!(m);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  const sockets: WebSocket[] = [];
  // Every position received: its session, its t and its delay; filtered by t when collected.
  const ids: number[] = [];
  const times: number[] = [];
  const delays: number[] = [];
  const closes: Record<string, number> = {};
  let gone = 0;
  let socketErrors = 0;
  let closing = false;

  function open(url: string, { token, liveId }: Watch) {
    return new Promise<string | undefined>((resolve) => {
      const socket = new WebSocket(`${url}?token=${token}`, { perMessageDeflate: false });
      let opened = false;
      socket.on('open', () => {
        opened = true;
        sockets.push(socket);
        socket.send(JSON.stringify({ type: 'watch-live', id: liveId }));
        resolve(undefined);
      });
      socket.on('message', (data) => {
        const at = Date.now();
        const m = JSON.parse(data.toString()) as { type: string; liveId?: number; points?: [number, number, number][] };
        if (m.type === 'live-position') {
          for (const p of m.points!) {
            ids.push(m.liveId!);
            times.push(p[2]);
            delays.push(at - p[2]);
          }
        } else if (m.type === 'live-gone') gone++;
      });
      socket.on('error', (err) => {
        socketErrors++;
        if (!opened) resolve(err.message);
      });
      socket.on('close', (code) => {
        if (!opened) return resolve(`closed ${code} before opening`);
        if (!closing) closes[code] = (closes[code] ?? 0) + 1;
      });
    });
  }

  process.on('message', async (m: ToWorker) => {
    if (m.type === 'connect') {
      const started = Date.now();
      let failed = 0;
      let firstFailure: string | undefined;
      let next = 0;
      // A few connects at a time: each costs the server a session lookup and a policy check.
      await Promise.all(
        Array.from({ length: m.concurrency }, async () => {
          while (next < m.watches.length) {
            const failure = await open(m.url, m.watches[next++]!);
            if (failure) {
              failed++;
              firstFailure ??= failure;
            }
          }
        }),
      );
      lag.enable();
      send({ type: 'connected', open: sockets.length, failed, ms: Date.now() - started, ...(firstFailure ? { firstFailure } : {}) });
    } else if (m.type === 'collect') {
      lag.disable();
      const latencies: number[] = [];
      const received = new Map<number, number>();
      for (let i = 0; i < times.length; i++) {
        if (times[i]! < m.from || times[i]! >= m.to) continue;
        latencies.push(delays[i]!);
        received.set(ids[i]!, (received.get(ids[i]!) ?? 0) + 1);
      }
      send({
        type: 'result',
        latencies,
        received: [...received],
        closes,
        gone,
        socketErrors,
        lagP99: lag.percentile(99) / 1e6,
        lagMax: lag.max / 1e6,
        sockets: sockets.filter((s) => s.readyState === WebSocket.OPEN).length,
      });
    } else {
      closing = true;
      for (const s of sockets) s.terminate();
      process.exit(0);
    }
  });
}

/** A worker process holding `watches`' sockets, spoken to over IPC. */
function startWorker() {
  const child = fork(import.meta.filename, ['--worker'], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const replies: FromWorker[] = [];
  const waiting: ((m: FromWorker) => void)[] = [];
  child.on('message', (m: FromWorker) => {
    const w = waiting.shift();
    if (w) w(m);
    else replies.push(m);
  });
  const next = () => new Promise<FromWorker>((resolve) => (replies.length ? resolve(replies.shift()!) : waiting.push(resolve)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid!,
    async connect(url: string, watches: Watch[]) {
      child.send({ type: 'connect', url, watches, concurrency: 32 } satisfies ToWorker);
      return (await next()) as Extract<FromWorker, { type: 'connected' }>;
    },
    async collect(from: number, to: number) {
      child.send({ type: 'collect', from, to } satisfies ToWorker);
      return (await next()) as WorkerResult;
    },
    async close() {
      if (child.exitCode === null) child.send({ type: 'close' } satisfies ToWorker);
      await exited;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The database: created, migrated by the app, filled in SQL, dropped.

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: `${POSTGRES_URL}/postgres` });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Members 1..S share; members S+1.. watch, W to a sharer, each an accepted follower of theirs; a session each. */
async function seedDatabase(name: string) {
  await adminQuery(`drop database if exists "${name}" with (force)`);
  await adminQuery(`create database "${name}"`);
  const url = `${POSTGRES_URL}/${name}`;
  const migrated = await openDatabase({ kind: 'postgres', url });
  await migrated.close();
  const total = SHARERS * (1 + WATCHERS);
  const tokens = Array.from({ length: total }, () => randomToken());
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into users (id, email, handle_name, first_name, last_name, referral_code) overriding system value
       select n, 'live' || n || '@bench.example', 'live' || n, 'Rider', 'Number' || n, 'LIVE' || n from generate_series(1, $1::int) n`,
      [total],
    );
    await client.query(`select setval(pg_get_serial_sequence('users', 'id'), $1::int)`, [total]);
    await client.query(
      `insert into follows (follower_id, followee_id, status, accepted_at)
       select w, 1 + (w - $1::int - 1) / $2::int, 'accepted', now() from generate_series($1::int + 1, $3::int) w`,
      [SHARERS, WATCHERS, total],
    );
    await client.query(
      `insert into sessions (user_id, token_hash, device_type, device, expires_at)
       select u, h, 1, 'bench', now() + interval '2 days' from unnest($1::int[], $2::text[]) as x(u, h)`,
      [tokens.map((_, i) => i + 1), tokens.map(sha256)],
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
  return { url, sharerTokens: tokens.slice(0, SHARERS), watcherTokens: tokens.slice(SHARERS) };
}

// ---------------------------------------------------------------------------------------------------------------
// The server: spawned here (not with startAppServer) for its pid and its log.

type Server = Awaited<ReturnType<typeof startServer>>;

async function startServer(label: string, env: Record<string, string>) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-bench-live-'));
  const { REDIS_URL: _notInherited, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { ...inherited, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'warn', S3_BUCKET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Warnings and errors (pino levels 40+), and any line that is not pino's.
  const problems: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      let level = 50;
      try {
        level = (JSON.parse(line) as { level?: number }).level ?? 50;
      } catch {
        // Not a log line: counted.
      }
      if (level >= 40) problems.push(line);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (child.exitCode !== null || i > 240) throw new Error(`server ${label} did not start:\n${problems.slice(0, 5).join('\n')}`);
    await sleep(250);
  }
  return {
    label,
    url,
    pid: child.pid!,
    problems,
    child: child as ChildProcess,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** VmRSS of a process in kB (0 once it is gone). */
function rssOf(pid: number) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** CPU (ms) of every PostgreSQL and Redis process on this machine, by pid. */
const serviceCpu = () => ({ postgres: cpuOfCommand('postgres'), redis: cpuOfCommand('redis-server') });

// ---------------------------------------------------------------------------------------------------------------
// The sharers.

/** Sharer i's position at step k: a grid of start points near Bern, ~20 m a step north-east. */
const positionOf = (i: number, k: number) => ({ lng: 7.3 + (i % 50) * 0.01 + k * 0.0002, lat: 46.8 + Math.floor(i / 50) * 0.01 + k * 0.0001 });

type Sent = { liveId: number; t: number; ok: boolean; ackMs: number };

function httpSender(url: string) {
  const pool = new Pool(url, { connections: 128, pipelining: 1, keepAliveTimeout: 60_000 });
  return {
    async start(token: string) {
      const res = await pool.request({
        path: '/api/live',
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ sportId: 35, audience: 'followers' }),
      });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`POST /api/live answered ${res.statusCode}: ${text}`);
      return (JSON.parse(text) as { data: { id: number } }).data.id;
    },
    /** Sends one position; answers whether it was taken (200) and the time to the answer. */
    async send(token: string, liveId: number, point: { t: number; lng: number; lat: number }) {
      const at = performance.now();
      try {
        const res = await pool.request({
          path: `/api/live/${liveId}/positions`,
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ points: [point] }),
        });
        await res.body.dump();
        return { ok: res.statusCode === 200, ackMs: performance.now() - at, status: String(res.statusCode) };
      } catch (err) {
        return { ok: false, ackMs: performance.now() - at, status: (err as Error).message };
      }
    },
    close: () => pool.close(),
  };
}

/** The sharers' own sockets (`--via socket`): a `live-positions` frame each time, answered `live-ack`. */
async function socketSenders(url: string, tokens: string[]) {
  const wsUrl = `${url.replace(/^http/, 'ws')}/ws`;
  const pending = new Map<number, (ok: boolean) => void>();
  const sockets: WebSocket[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < tokens.length) {
        const i = next++;
        const socket = new WebSocket(`${wsUrl}?token=${tokens[i]}`, { perMessageDeflate: false });
        await new Promise<void>((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
        });
        socket.on('message', (data) => {
          const m = JSON.parse(data.toString()) as { type: string };
          if (m.type === 'live-ack') pending.get(i)?.(true);
        });
        socket.on('close', () => pending.get(i)?.(false));
        sockets[i] = socket;
      }
    }),
  );
  return {
    send(i: number, liveId: number, point: { t: number; lng: number; lat: number }) {
      const at = performance.now();
      return new Promise<{ ok: boolean; ackMs: number; status: string }>((resolve) => {
        const timer = setTimeout(() => done(false, 'no live-ack in 10 s'), 10_000);
        const done = (ok: boolean, status = ok ? '200' : 'socket closed') => {
          clearTimeout(timer);
          pending.delete(i);
          resolve({ ok, ackMs: performance.now() - at, status });
        };
        pending.set(i, (ok) => done(ok));
        if (sockets[i]!.readyState !== WebSocket.OPEN) return done(false, 'socket closed');
        sockets[i]!.send(JSON.stringify({ type: 'live-positions', id: liveId, points: [point] }));
      });
    },
    close() {
      for (const s of sockets) s.terminate();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// One phase: one server, or two sharing Redis.

type PhaseResult = { name: string; p50: number; p95: number; p99: number; errors: number; rss: { label: string; start: number; end: number; growth: number }[]; pass: boolean; line: string };

async function runPhase(kind: 'one' | 'redis'): Promise<PhaseResult> {
  const name = kind === 'one' ? 'one process' : 'two processes through Redis';
  const dbName = `switchback_bench_live_${process.pid}_${kind}`;
  console.log(`\n== ${name}: ${SHARERS} sharers x ${WATCHERS} watchers (${SHARERS * WATCHERS} watching sockets), a position every ${INTERVAL_MS / 1000} s by ${VIA}`);
  const servers: Server[] = [];
  const workers: ReturnType<typeof startWorker>[] = [];
  let http: ReturnType<typeof httpSender> | undefined;
  let sockets: Awaited<ReturnType<typeof socketSenders>> | undefined;
  let at = Date.now();
  const step = (what: string) => {
    console.log(`  ${what} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
    at = Date.now();
  };
  try {
    const seeded = await seedDatabase(dbName);
    step(`database ${dbName}: ${SHARERS * (1 + WATCHERS)} members, ${SHARERS * WATCHERS} follows, a session each`);
    const env: Record<string, string> =
      kind === 'one' ? { DATABASE_URL: seeded.url } : { DATABASE_URL: seeded.url, REDIS_URL, REDIS_CHANNEL: `switchback-bench-live-${process.pid}` };
    const [a, b] = await Promise.all(kind === 'one' ? [startServer('A', env)] : [startServer('A', env), startServer('B', env)]);
    servers.push(a!, ...(b ? [b] : []));
    const watchServer = b ?? a!;
    step(`server${b ? 's A and B' : ''} started (pid ${servers.map((s) => s.pid).join(', ')})`);

    // Every sharer starts a session, as the app does.
    http = httpSender(a!.url);
    const liveIds: number[] = new Array(SHARERS);
    let nextStart = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (nextStart < SHARERS) {
          const i = nextStart++;
          liveIds[i] = await http!.start(seeded.sharerTokens[i]!);
        }
      }),
    );
    step(`${SHARERS} live sessions started on A`);
    // The "X is live" notices those starts queued: left to finish, so they do not run inside the window.
    const db = new pg.Client({ connectionString: seeded.url });
    await db.connect();
    for (let i = 0; i < 600; i++) {
      const { rows } = await db.query<{ n: string }>(`select count(*) as n from jobs where done_at is null and run_at <= now()`);
      if (Number(rows[0]!.n) === 0) break;
      await sleep(1000);
    }
    await db.end();
    step('the start notices sent (no job due)');

    // The watchers, split between the worker processes.
    const wsUrl = `${watchServer.url.replace(/^http/, 'ws')}/ws`;
    const watches: Watch[] = seeded.watcherTokens.map((token, j) => ({ token, liveId: liveIds[Math.floor(j / WATCHERS)]! }));
    for (let c = 0; c < CLIENTS; c++) workers.push(startWorker());
    const connected = await Promise.all(workers.map((w, c) => w.connect(wsUrl, watches.filter((_, j) => j % CLIENTS === c))));
    const openCount = connected.reduce((s, c) => s + c.open, 0);
    const failedCount = connected.reduce((s, c) => s + c.failed, 0);
    step(`${openCount} watcher sockets open on ${watchServer.label} from ${CLIENTS} processes${failedCount ? `, ${failedCount} failed (${connected.find((c) => c.firstFailure)?.firstFailure})` : ''}`);
    if (VIA === 'socket') {
      sockets = await socketSenders(a!.url, seeded.sharerTokens);
      step(`${SHARERS} sharer sockets open on A`);
    }
    const problemsBefore = servers.map((s) => s.problems.length);

    // Positions: sharer i at offset i/S of the interval, then every interval, on an absolute schedule.
    const sent: Sent[] = [];
    const errorsByStatus = new Map<string, number>();
    let skipped = 0;
    let running = true;
    const base = Date.now() + 500;
    const windowFrom = base + WARMUP_S * 1000;
    const windowTo = windowFrom + SECONDS * 1000;
    const sharerLoops = Array.from({ length: SHARERS }, async (_, i) => {
      let inFlight: Promise<unknown> | undefined;
      for (let k = 0; ; k++) {
        const due = base + (i / SHARERS) * INTERVAL_MS + k * INTERVAL_MS;
        if (due >= windowTo) break;
        await sleep(due - Date.now());
        if (!running) break;
        if (inFlight) {
          skipped++;
          continue;
        }
        const t = Date.now();
        const point = { t, ...positionOf(i, k) };
        const sending = VIA === 'http' ? http!.send(seeded.sharerTokens[i]!, liveIds[i]!, point) : sockets!.send(i, liveIds[i]!, point);
        inFlight = sending.then((r) => {
          inFlight = undefined;
          sent.push({ liveId: liveIds[i]!, t, ok: r.ok, ackMs: r.ackMs });
          if (!r.ok) errorsByStatus.set(r.status, (errorsByStatus.get(r.status) ?? 0) + 1);
        });
      }
      await inFlight;
    });

    // Memory and CPU through the window.
    await sleep(windowFrom - Date.now());
    step(`warm-up: ${WARMUP_S} s of positions`);
    const rssSamples: { at: number; kb: number[] }[] = [];
    const sample = () => rssSamples.push({ at: (Date.now() - windowFrom) / 1000, kb: servers.map((s) => rssOf(s.pid)) });
    sample();
    const cpuBefore = { servers: servers.map((s) => cpuOf(s.pid)), workers: workers.map((w) => cpuOf(w.pid)), bench: cpuOf(process.pid), services: serviceCpu() };
    const sampler = setInterval(sample, 5000);
    await Promise.all(sharerLoops);
    clearInterval(sampler);
    sample();
    const cpuAfter = { servers: servers.map((s) => cpuOf(s.pid)), workers: workers.map((w) => cpuOf(w.pid)), bench: cpuOf(process.pid), services: serviceCpu() };
    running = false;
    await sleep(DRAIN_MS);
    step(`window: ${SECONDS} s measured, then ${DRAIN_MS / 1000} s for the last positions`);

    // What arrived, against what should have.
    const results = await Promise.all(workers.map((w) => w.collect(windowFrom, windowTo)));
    const latencies = results.flatMap((r) => r.latencies);
    const received = new Map<number, number>();
    for (const r of results) for (const [id, n] of r.received) received.set(id, (received.get(id) ?? 0) + n);
    const inWindow = sent.filter((s) => s.t >= windowFrom && s.t < windowTo);
    const expected = new Map<number, number>();
    for (const s of inWindow) if (s.ok) expected.set(s.liveId, (expected.get(s.liveId) ?? 0) + WATCHERS);
    let missing = 0;
    let extra = 0;
    for (const [id, n] of expected) {
      const got = received.get(id) ?? 0;
      if (got < n) missing += n - got;
      else extra += got - n;
    }
    const failedSends = inWindow.filter((s) => !s.ok).length;
    const closes = results.reduce((sum, r) => sum + Object.values(r.closes).reduce((a, b) => a + b, 0), 0);
    const closeCodes = results.reduce<Record<string, number>>((acc, r) => {
      for (const [code, n] of Object.entries(r.closes)) acc[code] = (acc[code] ?? 0) + n;
      return acc;
    }, {});
    const gone = results.reduce((sum, r) => sum + r.gone, 0);
    const serverProblems = servers.map((s, i) => s.problems.slice(problemsBefore[i]));
    const problemCount = serverProblems.reduce((sum, p) => sum + p.length, 0);
    const errors = failedSends + skipped + closes + gone + missing + failedCount + problemCount;

    const ack = inWindow.filter((s) => s.ok).map((s) => s.ackMs);
    // Sorted once (a full run holds ~240,000 deliveries); percentile() takes the nearest rank at or below, as stats.ts.
    latencies.sort((x, y) => x - y);
    const p = (q: number) => (latencies.length ? percentile(latencies, q) : Infinity);
    const [p50, p95, p99, max] = [p(0.5), p(0.95), p(0.99), latencies.length ? latencies.at(-1)! : Infinity];
    console.log(
      `  fan-out (send -> watcher), ${latencies.length} deliveries of ${inWindow.length} positions sent in the window: ` +
        `p50 ${p50} ms, p95 ${p95} ms, p99 ${p99} ms, max ${max} ms`,
    );
    if (ack.length) {
      console.log(`  sender's answer (${VIA === 'http' ? '200 to the POST' : 'live-ack'}): p50 ${percentile(ack, 0.5).toFixed(1)} ms, p99 ${percentile(ack, 0.99).toFixed(1)} ms`);
    }
    console.log(
      `  errors ${errors}: sends failed ${failedSends}${errorsByStatus.size ? ` (${[...errorsByStatus].map(([s, n]) => `${s}: ${n}`).join(', ')})` : ''}, ` +
        `skipped (previous still unanswered) ${skipped}, deliveries missing ${missing}${extra ? ` (and ${extra} more than expected)` : ''}, ` +
        `sockets closed ${closes}${closes ? ` (${JSON.stringify(closeCodes)})` : ''}, refused (live-gone) ${gone}, connects failed ${failedCount}, ` +
        `server warnings/errors logged in the window ${problemCount}; sockets still open ${results.reduce((s, r) => s + r.sockets, 0)}`,
    );
    for (const [i, lines] of serverProblems.entries()) {
      for (const line of lines.slice(0, 3)) console.log(`    server ${servers[i]!.label}: ${line.slice(0, 300)}`);
    }
    if (problemsBefore.some((n) => n > 0)) {
      console.log(`  (server warnings/errors during set-up, not counted: ${problemsBefore.join(', ')}; first: ${servers.find((s) => s.problems.length)?.problems[0]?.slice(0, 300)})`);
    }
    console.log(`  watcher processes' event-loop lag: p99 ${results.map((r) => r.lagP99.toFixed(0)).join(', ')} ms, max ${results.map((r) => r.lagMax.toFixed(0)).join(', ')} ms`);

    const windowS = SECONDS;
    const cpuLine = [
      ...servers.map((s, i) => `server ${s.label} ${((cpuAfter.servers[i]! - cpuBefore.servers[i]!) / windowS / 10).toFixed(0)} %`),
      `PostgreSQL ${(cpuSince(cpuBefore.services.postgres, cpuAfter.services.postgres) / windowS / 10).toFixed(0)} %`,
      ...(kind === 'redis' ? [`Redis ${(cpuSince(cpuBefore.services.redis, cpuAfter.services.redis) / windowS / 10).toFixed(0)} %`] : []),
      `watcher processes ${((cpuAfter.workers.reduce((a, b) => a + b, 0) - cpuBefore.workers.reduce((a, b) => a + b, 0)) / windowS / 10).toFixed(0)} %`,
      `sharers (this process) ${((cpuAfter.bench - cpuBefore.bench) / windowS / 10).toFixed(0)} %`,
    ];
    console.log(`  CPU in the window (100 % = one core; ${os.cpus().length} cores): ${cpuLine.join(', ')}`);

    const rss = servers.map((s, i) => {
      const xs = rssSamples.map((r) => r.at);
      const ys = rssSamples.map((r) => r.kb[i]!);
      const first = median(rssSamples.filter((r) => r.at <= 20).map((r) => r.kb[i]!));
      const last = median(rssSamples.filter((r) => r.at >= SECONDS - 20).map((r) => r.kb[i]!));
      const perMin = slope(xs, ys) * 60;
      console.log(
        `  server ${s.label} RSS: ${mb(ys[0]!).toFixed(0)} MB at the window's start, ${mb(ys.at(-1)!).toFixed(0)} MB at its end, max ${mb(Math.max(...ys)).toFixed(0)} MB; ` +
          `first 20 s median ${mb(first).toFixed(0)} MB, last 20 s ${mb(last).toFixed(0)} MB (${(((last - first) / first) * 100).toFixed(1)} %), slope ${mb(perMin).toFixed(1)} MB/min`,
      );
      return { label: s.label, start: ys[0]!, end: ys.at(-1)!, growth: (last - first) / first };
    });
    const flat = rss.every((r) => r.growth <= FLAT_RSS);
    const pass = p99 <= TARGET_P99_MS && errors === 0 && flat;
    const rssText = rss.map((r) => `${rss.length > 1 ? `${r.label} ` : ''}${r.end >= r.start ? '+' : ''}${mb(r.end - r.start).toFixed(0)} MB`).join(', ');
    const line = `${name}: p99 ${p99} ms (target <= ${TARGET_P99_MS} ms), ${errors} errors, RSS ${rssText} over ${SECONDS} s${flat ? '' : ' (not flat)'}`;
    return { name, p50, p95, p99, errors, rss, pass, line };
  } finally {
    sockets?.close();
    await http?.close().catch(() => undefined);
    await Promise.all(workers.map((w) => w.close()));
    await Promise.all(servers.map((s) => s.stop()));
    await adminQuery(`drop database if exists "${dbName}" with (force)`).catch((err: unknown) => console.error(`could not drop ${dbName}:`, err));
  }
}

async function main() {
  if (args.worker) return workerProcess();
  const phases: ('one' | 'redis')[] = args.one && !args.redis ? ['one'] : args.redis && !args.one ? ['redis'] : ['one', 'redis'];
  const full = SHARERS === 1000 && WATCHERS === 10 && SECONDS >= 120 && INTERVAL_MS === 5000;
  const results: PhaseResult[] = [];
  for (const phase of phases) results.push(await runPhase(phase));
  const pass = results.every((r) => r.pass);
  const size = full ? '1,000 sharers x 10 watchers' : `SCALED DOWN: ${SHARERS} sharers x ${WATCHERS} watchers, ${SECONDS} s (target: 1,000 x 10, 120 s)`;
  console.log(`P13 live fan-out (${size}, by ${VIA}): ${results.map((r) => r.line).join('; ')} — ${pass ? 'PASS' : 'FAIL'}`);
  process.exitCode = pass ? 0 : 1;
}

await main();
