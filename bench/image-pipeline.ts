/**
 * P8: a 12 MP JPEG uploaded through `POST /api/compress-image` on a started server (HTTP, multipart, sniffing,
 * resizing, storage on disk, the database row) against sharp alone doing the same image work on the same file
 * (header read, then an upright 2048 px WebP and a 400 px WebP, one after the other as the server does), in one run. Target: <= 1.5 x sharp alone; RSS growth < 150 MB.
 *
 * The server and sharp alone each run in a fresh process of their own, so neither inherits the other's warm caches or
 * freed memory, and the server's RSS is the server's alone (the uploading client is this process). Their runs
 * alternate, so a busy machine slows both alike; times are medians.
 * The server uses PostgreSQL when DATABASE_URL is set, PGlite otherwise; the last line names which (performance.md:
 * never mix the two). PGlite holds several hundred MB before the first upload, which sharp then partly reuses, so for
 * memory the PostgreSQL figure is the one to trust.
 * Run: npm run bench:image [DATABASE_URL=postgres://... for the PostgreSQL figure]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import sharp from 'sharp';
import { IMAGE_MAX_PIXELS } from '#contract/media';
import { median } from './stats';

const RUNS = 7;
const WIDTH = 4000;
const HEIGHT = 3000;
const MB = 1024 * 1024;

type Memory = { idleRss: number; peakRss: number };

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const list = (ms: number[]) => ms.map((m) => m.toFixed(0)).join(', ');

/** A photo-like 12 MP JPEG: smooth gradients with sensor-like noise, so it neither compresses to nothing nor is pure noise. */
async function twelveMegapixelJpeg() {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 42;
  const noise = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 24) / 8 - 16;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      raw[i] = (x / WIDTH) * 200 + 30 + noise();
      raw[i + 1] = (y / HEIGHT) * 180 + 40 + noise();
      raw[i + 2] = 128 + 100 * Math.sin((x + y) / 300) + noise();
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

/** Samples this process's RSS every few ms (sharp works off the main thread, so sampling keeps up). */
function watchRss() {
  const idleRss = process.memoryUsage.rss();
  let peakRss = idleRss;
  const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 5);
  return (): Memory => {
    clearInterval(timer);
    return { idleRss, peakRss: Math.max(peakRss, process.memoryUsage.rss()) };
  };
}

/**
 * Child process: the image work of the endpoint, written with sharp directly. Does it once per `run` line on stdin,
 * printing `{ms}`, and at `done` prints `{idleRss, peakRss}`.
 */
async function sharpAloneProcess(jpeg: Buffer) {
  const open = () => sharp(jpeg, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' });
  const size = (edge: number) =>
    open().rotate().resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  const stop = watchRss();
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (line === 'done') break;
    const started = performance.now();
    await open().metadata();
    await size(2048);
    await size(400);
    console.log(JSON.stringify({ ms: performance.now() - started }));
  }
  console.log(JSON.stringify(stop()));
}

/**
 * Child process: the real server on a free port with one signed-in member. Prints `{address, token}`, serves until
 * its stdin says `done`, then prints `{idleRss, peakRss, database}` and exits.
 */
async function serverProcess() {
  const { eq } = await import('drizzle-orm');
  const { buildApp } = await import('../server/app');
  const { loadConfig } = await import('../server/config');
  const { openDatabase } = await import('../server/db/client');
  const { users } = await import('../server/db/schema/users');
  const { systemClock } = await import('../server/lib/clock');
  const { createSession } = await import('../server/modules/auth/sessions');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-bench-image-'));
  const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DEMO: '0', S3_BUCKET: '' };
  const config = { ...loadConfig(env), spaDir: undefined };
  const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir });
  const app = await buildApp({ config, db: database.db });
  const name = `bench${randomBytes(4).toString('hex')}`;
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const [user] = await database.db
      .insert(users)
      .values({ email: `${name}@example.com`, handleName: name, firstName: 'Bench', lastName: 'Mark', referralCode: name })
      .returning();
    const { access_token } = await createSession(database.db, systemClock, { userId: user!.id, deviceType: 1, ttlDays: 1 });
    const stop = watchRss();
    console.log(JSON.stringify({ address, token: access_token }));
    for await (const line of readline.createInterface({ input: process.stdin })) if (line === 'done') break;
    const memory = stop();
    // The bench member goes, and its uploads with it (rows cascade; files go with the data folder).
    await database.db.delete(users).where(eq(users.id, user!.id));
    console.log(JSON.stringify({ ...memory, database: database.kind }));
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A child process spoken to in lines: commands to its stdin, one JSON answer a line from its stdout. */
function child(...args: string[]) {
  const proc = spawn(process.execPath, [...process.execArgv, import.meta.filename, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: proc.stdout })[Symbol.asyncIterator]();
  return {
    async read<T>() {
      const { value, done } = await lines.next();
      if (done) throw new Error(`the ${args[0]} process ended early`);
      return JSON.parse(value as string) as T;
    },
    send: (line: string) => proc.stdin.write(`${line}\n`),
    end: () => proc.stdin.end(),
  };
}

/** Runs both sides alternately (a warm-up each, then RUNS timed runs each), so a busy machine slows both alike. */
async function measure(jpegPath: string, jpeg: Buffer) {
  const alone = child('--sharp', jpegPath);
  const server = child('--server');
  try {
    const { address, token } = await server.read<{ address: string; token: string }>();
    const uploadOnce = async () => {
      const form = new FormData();
      form.append('image[]', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
      form.append('type', 'feed');
      form.append('orientation', '-2');
      const started = performance.now();
      const res = await fetch(`${address}/api/compress-image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      return performance.now() - started;
    };
    const sharpOnce = async () => {
      alone.send('run');
      return (await alone.read<{ ms: number }>()).ms;
    };
    await sharpOnce();
    await uploadOnce();
    const sharpMs: number[] = [];
    const endpointMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      sharpMs.push(await sharpOnce());
      endpointMs.push(await uploadOnce());
    }
    alone.send('done');
    server.send('done');
    return {
      alone: { ms: sharpMs, ...(await alone.read<Memory>()) },
      endpoint: { ms: endpointMs, ...(await server.read<Memory & { database: string }>()) },
    };
  } finally {
    alone.end();
    server.end();
  }
}

async function main() {
  if (process.argv.includes('--server')) return serverProcess();
  const sharpFlag = process.argv.indexOf('--sharp');
  if (sharpFlag > 0) return sharpAloneProcess(fs.readFileSync(process.argv[sharpFlag + 1]!));

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-bench-jpeg-'));
  try {
    const jpegPath = path.join(dir, '12mp.jpg');
    const jpeg = await twelveMegapixelJpeg();
    fs.writeFileSync(jpegPath, jpeg);
    const { alone, endpoint } = await measure(jpegPath, jpeg);

    const ratio = median(endpoint.ms) / median(alone.ms);
    const growth = endpoint.peakRss - endpoint.idleRss;
    const pass = ratio <= 1.5 && growth < 150 * MB;
    console.log(`12 MP JPEG: ${WIDTH}x${HEIGHT}, quality 90, ${(jpeg.length / MB).toFixed(1)} MB; ${RUNS} timed runs each, alternating, after a warm-up`);
    console.log(`  sharp alone (header, upright 2048 px + 400 px WebP): median ${median(alone.ms).toFixed(0)} ms [${list(alone.ms)}]; RSS ${mb(alone.idleRss)} -> ${mb(alone.peakRss)}`);
    console.log(`  POST /api/compress-image, client to server over HTTP: median ${median(endpoint.ms).toFixed(0)} ms [${list(endpoint.ms)}]; server RSS ${mb(endpoint.idleRss)} idle -> ${mb(endpoint.peakRss)}`);
    console.log(
      `P8 image upload (${endpoint.database}): ${ratio.toFixed(2)} x sharp alone (target <= 1.5 x), ` +
        `server RSS growth ${mb(growth)} (target < 150 MB): ${pass ? 'PASS' : 'FAIL'}`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
