import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, root, SERVER_ARGS } from './app-server';
import { median } from './stats';

// Issue 27: the server's start-up time and memory, run as `npm start` runs it (the build's compiled JavaScript)
// against the TypeScript run by tsx as before, in the same run, alternating, on copies of one migrated embedded
// database (a restart, the usual start). Start-up: from spawn until /api/health answers. Memory: the process's
// resident set once it has answered and served the home page and a few API reads. `--runs N` (default 5).

const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt === -1 ? 5 : Number(process.argv[runsAt + 1]);

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function startOnce(args: readonly string[], dataDir: string) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...args], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (performance.now() - started > 60_000) throw new Error(`${args.join(' ')} did not start within 60 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  for (const p of ['/', '/auth/login', '/api/config', '/api/health']) await fetch(`${url}${p}`).then((r) => r.arrayBuffer());
  await new Promise((r) => setTimeout(r, 1000));
  const mb = rssMb(child.pid!);
  child.kill('SIGTERM');
  await exited;
  return { ms, mb };
}

async function main() {
  execSync('npm run build --silent', { cwd: root, stdio: 'ignore' });
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-start-'));
  await startOnce(SERVER_ARGS.built, template); // migrates it once
  const kinds = { 'tsx (TypeScript)': SERVER_ARGS.source, 'built (npm start)': SERVER_ARGS.built } as const;
  const figures = new Map<string, { ms: number; mb: number }[]>(Object.keys(kinds).map((k) => [k, []]));
  for (let run = 0; run < RUNS; run++) {
    for (const [name, args] of Object.entries(kinds)) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-start-'));
      fs.cpSync(template, dir, { recursive: true });
      figures.get(name)!.push(await startOnce(args, dir));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  fs.rmSync(template, { recursive: true, force: true });
  console.log(`Server start-up, ${RUNS} runs each, medians (a migrated embedded database, NODE_ENV=production):`);
  for (const [name, rows] of figures) {
    console.log(`${name.padEnd(20)} start ${median(rows.map((r) => r.ms)).toFixed(0).padStart(5)} ms   RSS ${median(rows.map((r) => r.mb)).toFixed(0).padStart(4)} MB`);
  }
}

await main();
