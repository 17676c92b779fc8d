/**
 * P9: a Strava bulk export of 200 activities (FIT, GPX and TCX mixed, a third gzipped; 30–90 minutes each at one
 * sample a second) imported through `POST /api/activity/import` on a started server (multipart, storage, the jobs
 * table, the worker threads, every number and both views with their map pictures, the database rows) against the
 * same files read by the parsing libraries alone (yauzl and zlib to unzip, @garmin/fitsdk's decoder, fast-xml-parser
 * with the readers' options), in one run. Target: server import time <= 1.5 x the libraries alone; server RSS growth
 * < 300 MB.
 *
 * Each side runs in a fresh process of its own (the libraries alone in a child of this script; the server with a
 * fresh data folder), so neither inherits the other's warm caches, and the server's RSS is the server's alone. Rounds
 * alternate the two; times are medians. The server uses PostgreSQL when DATABASE_URL is set (a fresh database per
 * round is made from it), PGlite otherwise; the last line says which (performance.md: never mix the two).
 * Run: npm run bench:import [-- --runs N --count N]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Decoder, Stream } from '@garmin/fitsdk';
import { fromBufferPromise } from 'yauzl';
import { safeXmlParser } from '../server/lib/safe-xml';
import { stravaExport } from './activity-files';
import { root } from './app-server';
import { median } from './stats';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const RUNS = flag('runs', 3);
const COUNT = flag('count', 200);
const MB = 1024 * 1024;

/** Child process: the zip read by the libraries alone, every file decoded, once; prints `{ms}`. */
async function librariesAlone(zipPath: string) {
  const started = performance.now();
  const zip = await fromBufferPromise(fs.readFileSync(zipPath), { lazyEntries: true });
  const gpx = safeXmlParser(['trk', 'trkseg', 'trkpt', 'rte', 'rtept', 'wpt']);
  const tcx = safeXmlParser(['Activity', 'Lap', 'Track', 'Trackpoint']);
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: { fileName: string }) => {
      zip.openReadStream(entry as never, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const name = entry.fileName.replace(/\.gz$/, '');
          const bytes = entry.fileName.endsWith('.gz') ? gunzipSync(Buffer.concat(chunks)) : Buffer.concat(chunks);
          if (name.endsWith('.fit')) new Decoder(Stream.fromBuffer(bytes)).read();
          else if (name.endsWith('.gpx')) gpx.parse(bytes.toString('utf8'));
          else if (name.endsWith('.tcx')) tcx.parse(bytes.toString('utf8'));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  console.log(JSON.stringify({ ms: performance.now() - started }));
}

function run(command: string[], env: Record<string, string> = {}) {
  return spawn(process.execPath, ['--import', 'tsx', ...command], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
}

async function timeAlone(zipPath: string) {
  const child = run(['bench/activity-import.ts', '--alone', zipPath]);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  await new Promise((resolve) => child.on('exit', resolve));
  return (JSON.parse(out.trim().split('\n').at(-1)!) as { ms: number }).ms;
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** A member's session on the server, through the sign-up calls and the code in the mail folder. */
async function signUp(url: string, dataDir: string) {
  const post = async (p: string, data: unknown) => {
    const res = await fetch(`${url}/api/${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(data) });
    const body = (await res.json()) as { message: string; data: Record<string, unknown> };
    if (res.status !== 200) throw new Error(`${p}: ${body.message}`);
    return body.data;
  };
  const email = `bench${Date.now()}@example.com`;
  await post('register', { email });
  let otp = '';
  for (let i = 0; i < 100 && !otp; i++) {
    const dir = path.join(dataDir, 'mail');
    const mail = fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).find((m) => m.includes(email)) : undefined;
    otp = mail?.match(/Your Switchback code is: (\d{4})/)?.[1] ?? '';
    if (!otp) await new Promise((r) => setTimeout(r, 100));
  }
  const { token } = await post('verify_otp', { email, otp, type: 1 });
  const session = await post('register/complete', { token, password: 'Bench-mark1!', handleName: `b${Date.now()}`, firstName: 'Bench', lastName: 'Rider', dob: '1990-05-17', gender: 'female', deviceType: 1 });
  return (session.token as { access_token: string }).access_token;
}

async function timeServer(zip: Buffer, databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-import-'));
  const port = 4700 + Math.floor(Math.random() * 200);
  const url = `http://127.0.0.1:${port}`;
  const server: ChildProcess = run(['server/index.ts'], { PORT: String(port), DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl ?? '' });
  try {
    for (let i = 0; i < 240; i++) {
      if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const token = await signUp(url, dataDir);
    const idleRss = rssOf(server.pid!);
    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(server.pid!))), 50);
    const started = performance.now();
    const form = new FormData();
    form.append('timeZone', 'Europe/Zurich');
    form.append('file', new Blob([new Uint8Array(zip)]), 'export.zip');
    const res = await fetch(`${url}/api/activity/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const { data } = (await res.json()) as { data: { id: number } };
    let status = '';
    let outcomes: { outcome: string }[] = [];
    while (status !== 'done' && status !== 'failed') {
      await new Promise((r) => setTimeout(r, 100));
      const polled = (await (await fetch(`${url}/api/activity/import/${data.id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { status: string; outcomes: { outcome: string }[] } };
      ({ status, outcomes } = polled.data);
    }
    const ms = performance.now() - started;
    clearInterval(sampler);
    const imported = outcomes.filter((o) => o.outcome === 'imported').length;
    if (imported !== COUNT) throw new Error(`${imported} of ${COUNT} imported (${status})`);
    return { ms, growth: peakRss - idleRss };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (args[0] === '--alone') return librariesAlone(args[1]!);
  const { zip } = await stravaExport(COUNT);
  const zipPath = path.join(os.tmpdir(), `switchback-bench-${process.pid}.zip`);
  fs.writeFileSync(zipPath, zip);
  const base = process.env.DATABASE_URL;
  const alone: number[] = [];
  const server: number[] = [];
  const growth: number[] = [];
  try {
    for (let round = 0; round < RUNS; round++) {
      alone.push(await timeAlone(zipPath));
      let databaseUrl: string | undefined;
      if (base) {
        // A fresh database per round (the same files would otherwise be duplicates of the round before).
        const name = `switchback_bench_import_${process.pid}_${round}`;
        const { default: pg } = await import('pg');
        const admin = new pg.Client({ connectionString: base });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const u = new URL(base);
        u.pathname = `/${name}`;
        databaseUrl = u.toString();
      }
      const s = await timeServer(zip, databaseUrl);
      server.push(s.ms);
      growth.push(s.growth);
      console.log(`round ${round + 1}: libraries alone ${alone.at(-1)!.toFixed(0)} ms, server ${s.ms.toFixed(0)} ms, RSS +${(s.growth / MB).toFixed(0)} MB`);
    }
  } finally {
    fs.rmSync(zipPath, { force: true });
  }
  const ratio = median(server) / median(alone);
  const rss = Math.max(...growth) / MB;
  const pass = ratio <= 1.5 && rss < 300;
  console.log(
    `P9 import of ${COUNT} activities (${(zip.length / MB).toFixed(0)} MB zip) on ${base ? 'PostgreSQL' : 'PGlite'}: server ${median(server).toFixed(0)} ms vs libraries alone ${median(alone).toFixed(0)} ms = ${ratio.toFixed(2)} x (target <= 1.5 x); RSS growth ${rss.toFixed(0)} MB (target < 300 MB): ${pass ? 'PASS' : 'FAIL'}`,
  );
}

await main();
