/**
 * bench:load's servers: the real built server (`node --enable-source-maps dist-server/index.mjs`, as `npm start` runs
 * it), spawned here so its pid gives its RSS and CPU from /proc and its log is read for warnings and errors.
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';
import { freePort, root, SERVER_ARGS } from '../app-server';
import { cpuOf, cpuOfCommand, cpuSince } from '../proc-cpu';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Builds the app when dist-server/ is missing; says when server/ or contract/ changed after the build. */
export function ensureBuilt() {
  const built = path.join(root, 'dist-server', 'index.mjs');
  if (!fs.existsSync(built)) {
    console.log('dist-server/ is missing: npm run build');
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
    return;
  }
  const at = fs.statSync(built).mtimeMs;
  const newer = ['server', 'contract'].flatMap((dir) =>
    (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && fs.statSync(path.join(root, dir, f)).mtimeMs > at).map((f) => `${dir}/${f}`),
  );
  if (newer.length) console.log(`note: ${newer.length} source files changed since dist-server/ was built (${newer.slice(0, 3).join(', ')}…); npm run build to measure them`);
}

export type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * The server on `databaseUrl`, production mode, warnings only, a temporary DATA_DIR, no Redis, the job runner polling
 * as by default; `env` on top. `recordTo`: the recording pass's server, with bench/load/record-hook.ts preloaded.
 */
export async function startServer(label: string, databaseUrl: string, env: Record<string, string>, recordTo?: string) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-bench-load-'));
  const { REDIS_URL: _bus, JOB_POLL_MS: _poll, AUTH_RATE_LIMIT: _limit, ...inherited } = process.env;
  const hook = pathToFileURL(path.join(import.meta.dirname, 'record-hook.ts')).href;
  // The recording server also names where a deprecated call came from (the measured ones run as `npm start` does).
  const args = recordTo ? ['--enable-source-maps', '--trace-deprecation', '--stack-trace-limit=40', '--import', 'tsx', '--import', hook, 'dist-server/index.mjs'] : [...SERVER_ARGS.built];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      S3_BUCKET: '',
      ...(recordTo ? { BENCH_RECORD_FILE: recordTo } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Warnings (pino level 40) and errors (50+), with their time. A line that is not pino's is an error, except Node's
  // own warnings (`(node:pid) …Warning: …`, and the lines of their stack or hint after them), which are warnings.
  const problems: { at: number; level: number; line: string }[] = [];
  let inNodeWarning = false;
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      let level = 50;
      try {
        level = (JSON.parse(line) as { level?: number }).level ?? 50;
        inNodeWarning = false;
      } catch {
        if (/^\(node:\d+\) \w*Warning: /.test(line)) inNodeWarning = true;
        if (inNodeWarning) level = 40;
      }
      if (level >= 40) problems.push({ at: Date.now(), level, line });
    });
  }
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (child.exitCode !== null || i > 480) throw new Error(`server ${label} did not start:\n${problems.slice(0, 5).map((p) => p.line).join('\n')}`);
    await sleep(250);
  }
  return {
    label,
    url,
    pid: child.pid!,
    problems,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** VmRSS of a process in kB (0 once it is gone). */
export function rssOf(pid: number) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export type CpuShare = { server: number; postgres: number; bench: number };

/** Starts a CPU meter over the server (if any), PostgreSQL and this process; `stop(count)` answers ms per unit of work. */
export function cpuMeter(serverPid?: number) {
  const server = serverPid ? cpuOf(serverPid) : 0;
  const bench = cpuOf(process.pid);
  const before = cpuOfCommand('postgres');
  return (count: number): CpuShare => {
    const database = cpuSince(before, cpuOfCommand('postgres'));
    return { server: serverPid ? (cpuOf(serverPid) - server) / count : 0, postgres: database / count, bench: (cpuOf(process.pid) - bench) / count };
  };
}

/** A thread's time on a CPU and waiting on a run queue for one, in ms so far (/proc/…/schedstat; 0 when unreadable). */
function schedOf(path: string) {
  try {
    const [run, wait] = fs.readFileSync(path, 'utf8').split(' ').map(Number);
    return { run: run! / 1e6, wait: wait! / 1e6 };
  } catch {
    return { run: 0, wait: 0 };
  }
}

/** Every PostgreSQL process's schedstat, by pid. */
function postgresSched() {
  const byPid = new Map<string, { run: number; wait: number }>();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('postgres')) byPid.set(pid, schedOf(`/proc/${pid}/schedstat`));
    } catch {
      // Ended while we looked.
    }
  }
  return byPid;
}

export type Contention = { serverRun: number; serverWait: number; postgresRun: number; postgresWait: number; benchWait: number };

/**
 * How much the processes of a measurement ran and how long they stood runnable without a CPU (the kernel's schedstat),
 * as shares of the wall time: the server's main thread (its event loop: run + wait at most 1), PostgreSQL's processes
 * summed (in cores, and processes waiting on average), this process's main thread. On a host shared with other work
 * the wait is what other tenants take; a side with more runnable threads (50 backends against one event loop) gets a
 * larger share of a contended CPU.
 */
export function contentionMeter(serverPid?: number) {
  const started = performance.now();
  const server = serverPid ? schedOf(`/proc/${serverPid}/task/${serverPid}/schedstat`) : { run: 0, wait: 0 };
  const postgres = postgresSched();
  const bench = schedOf(`/proc/${process.pid}/task/${process.pid}/schedstat`);
  return (): Contention => {
    const wall = performance.now() - started;
    const s = serverPid ? schedOf(`/proc/${serverPid}/task/${serverPid}/schedstat`) : { run: 0, wait: 0 };
    // Per process, so one that ended meanwhile (another client's backend) takes nothing away.
    const p = { run: 0, wait: 0 };
    for (const [pid, now] of postgresSched()) {
      p.run += now.run - (postgres.get(pid)?.run ?? 0);
      p.wait += now.wait - (postgres.get(pid)?.wait ?? 0);
    }
    const b = schedOf(`/proc/${process.pid}/task/${process.pid}/schedstat`);
    return {
      serverRun: (s.run - server.run) / wall,
      serverWait: (s.wait - server.wait) / wall,
      postgresRun: p.run / wall,
      postgresWait: p.wait / wall,
      benchWait: (b.wait - bench.wait) / wall,
    };
  };
}
