import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import WebSocket from 'ws';
import { parse, type $ZodType, type output } from 'zod/v4/core';
import { activityImport } from '#contract/activities';
import { authSession, verifyOtpData } from '#contract/auth';
import { feed } from '#contract/feeds';
import { compressImageData } from '#contract/media';
import { freePort, root, SERVER_ARGS } from '../bench/app-server';
import { latestCode } from '../server/test/mailbox';
import { startLocalS3 } from '../server/test/local-s3';

// Issue 27, the scale-out path: PostgreSQL + Redis + an S3-compatible store (s3rver) + two API processes of the built
// server behind nginx with deploy/nginx-switchback.conf (round robin, no sticky sessions). What must hold when a
// member's requests land on either node: sign up on one and sign in on the other; a photo uploaded through one is
// served by the other; a follow made on one reaches a socket held by the other (and one held through nginx); jobs
// enqueued through the balancer run once each; a rate limit counts requests to both nodes; nginx spreads requests.
// `npm run test:nodes`; PostgreSQL from NODES_POSTGRES_URL or TEST_DATABASE_URL's server, Redis from REDIS_URL.

const started = performance.now();
const adminUrl = new URL(process.env.NODES_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
adminUrl.pathname = '/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const AUTH_LIMIT = 6;
const METRICS_TOKEN = randomBytes(24).toString('hex');

const failures: string[] = [];
function check(name: string, ok: boolean, detail = '') {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${ok || !detail ? '' : `: ${detail}`}`);
  if (!ok) failures.push(name);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(what: string, read: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

type Answer = { status: number; body: { code: number; message: string; data?: unknown } };
async function call(base: string, method: string, url: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
/** The `data` of a success, parsed by its contract schema. */
function data<T extends $ZodType>(answer: Answer, schema: T, what: string): output<T> {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return parse(schema, answer.body.data);
}

// --- The topology ---------------------------------------------------------------------------------------------

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-nodes-'));
const dbName = `switchback_nodes_${randomBytes(4).toString('hex')}`;
const children: ChildProcess[] = [];
let stopS3: (() => Promise<void>) | undefined;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Each node's own data folder (its mail files): nothing on a node's disk is shared, as on two machines. */
const dataDirs = new Map<string, string>();

function startNode(port: number, env: Record<string, string>) {
  const base = `http://127.0.0.1:${port}`;
  dataDirs.set(base, fs.mkdtempSync(path.join(work, 'node-')));
  const child = spawn(process.execPath, [...SERVER_ARGS.built], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDirs.get(base)! },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  child.once('exit', (code) => code && code !== 0 && console.error(`node on :${port} exited ${code}:\n${log}`));
  children.push(child);
  return base;
}

/** deploy/nginx-switchback.conf with this run's nodes and port, inside a main config of its own (no root paths). */
function startNginx(port: number, nodes: string[]) {
  const site = fs
    .readFileSync(path.join(root, 'deploy/nginx-switchback.conf'), 'utf8')
    .replace(/^\s*listen 80;$/m, `    listen 127.0.0.1:${port};`)
    .replace(/(upstream switchback \{\n)(?:.*\n)*?(\s*keepalive)/, (_m, head: string, tail: string) => `${head}${nodes.map((n) => `    server ${n.replace('http://', '')} max_fails=2 fail_timeout=10s;\n`).join('')}${tail}`);
  fs.writeFileSync(path.join(work, 'site.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(work, name)};`;
  fs.writeFileSync(
    path.join(work, 'nginx.conf'),
    `worker_processes 1;\npid ${path.join(work, 'nginx.pid')};\nerror_log ${path.join(work, 'nginx-error.log')} warn;\n` +
      `events { worker_connections 512; }\nhttp {\n  access_log off;\n  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}\n  include ${path.join(work, 'site.conf')};\n}\n`,
  );
  const test = spawnSync('nginx', ['-t', '-q', '-c', path.join(work, 'nginx.conf'), '-p', work]);
  if (test.error) throw new Error('nginx is not installed here (Debian: apt-get install -y nginx; .ci/run does it).');
  if (test.status !== 0) throw new Error(`nginx refused the config: ${test.stderr.toString()}`);
  children.push(spawn('nginx', ['-c', path.join(work, 'nginx.conf'), '-p', work, '-g', 'daemon off;'], { stdio: 'ignore' }));
  return `http://127.0.0.1:${port}`;
}

async function up(base: string) {
  await until(`${base} to be ready`, async () => ((await fetch(`${base}/api/ready`).then((r) => r.ok, () => false)) ? true : undefined), 90_000);
}

// --- Members ---------------------------------------------------------------------------------------------------

async function signUp(base: string, name: string) {
  const email = `${name.toLowerCase()}-${randomBytes(3).toString('hex')}@example.com`;
  await call(base, 'POST', '/api/register', undefined, { email });
  const code = await until('the sign-up code', () => latestCode(dataDirs.get(base)!, email).catch(() => undefined));
  const { token } = data(await call(base, 'POST', '/api/verify_otp', undefined, { email, otp: code, type: 1 }), verifyOtpData, 'verify');
  const session = data(
    await call(base, 'POST', '/api/register/complete', undefined, {
      token,
      password: 'Trail-mix1!',
      handleName: `${name}${randomBytes(3).toString('hex')}`,
      firstName: name,
      lastName: 'Rider',
      dob: '1990-05-17',
      gender: 'female',
      deviceType: 3,
    }),
    authSession,
    'complete sign-up',
  );
  return { email, token: session.token.access_token, userId: session.user.userId };
}

function gpx(startSeconds: number) {
  const points = Array.from({ length: 60 }, (_, i) => {
    const time = new Date((startSeconds + i * 5) * 1000).toISOString();
    return `<trkpt lat="${(46.0 + i * 0.0003).toFixed(6)}" lon="${(7.7 + i * 0.0002).toFixed(6)}"><ele>${1600 + i}</ele><time>${time}</time></trkpt>`;
  });
  return `<?xml version="1.0"?><gpx version="1.1" creator="two-nodes" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Ride</name><trkseg>${points.join('')}</trkseg></trk></gpx>`;
}

/** A socket as a browser opens it, collecting the frames it receives. */
function socket(base: string, token: string) {
  const frames: { type: string; notification?: { type?: string } }[] = [];
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws?token=${token}`);
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
  ws.on('error', () => {});
  const open = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('close', (code) => reject(new Error(`socket closed ${code}`)));
  });
  return { frames, open, close: () => ws.close() };
}

async function metric(base: string, series: string) {
  const text = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => r.text());
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

// --- The run ---------------------------------------------------------------------------------------------------

async function main() {
  if (!fs.existsSync(path.join(root, 'dist-server/index.mjs'))) spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  await admin(`CREATE DATABASE ${dbName}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${dbName}`;
  const s3 = await startLocalS3();
  stopS3 = s3.stop;
  const [p1, p2, lbPort] = [await freePort(), await freePort(), await freePort()];
  const env = {
    ...s3.env,
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_CHANNEL: `switchback:nodes:${dbName}`,
    DEMO: '0',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JOB_POLL_MS: '200',
    TRUST_PROXY: '1',
    AUTH_RATE_LIMIT: String(AUTH_LIMIT),
    METRICS_TOKEN,
  };
  // One node first: it applies the migrations; the second then finds them applied.
  const node1 = startNode(p1, env);
  await up(node1);
  const node2 = startNode(p2, env);
  await up(node2);
  const lb = startNginx(lbPort, [node1, node2]);
  await up(lb);
  console.log(`two nodes (:${p1}, :${p2}) behind nginx (:${lbPort}), PostgreSQL ${dbName}, Redis, s3rver ${s3.endpoint}`);

  // Sign up on node 1, sign in on node 2, and the session works on both.
  const ana = await signUp(node1, 'Ana');
  const signIn = await call(node2, 'POST', '/api/login', undefined, { email: ana.email, password: 'Trail-mix1!', deviceType: 3 });
  const anaToken = data(signIn, authSession, 'sign in on node 2').token.access_token;
  const me = await call(node1, 'GET', `/api/user-profile?userId=${ana.userId}`, anaToken);
  check('signed up on node 1, signed in on node 2, the session answers on node 1', me.status === 200 && (me.body.data as { userId?: number }).userId === ana.userId, JSON.stringify(me.body));

  // A photo uploaded through node 2 is served by node 1, before and after it is on a post.
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } }).png().toBuffer();
  const form = new FormData();
  form.append('type', 'feed');
  form.append('image[]', new Blob([png], { type: 'image/png' }), 'trail.png');
  const image = data(await call(node2, 'POST', '/api/compress-image', anaToken, form), compressImageData, 'upload').images[0]!;
  const fromNode2 = await fetch(`${node2}${image.url}`, { headers: { authorization: `Bearer ${anaToken}` } });
  const viaNode2 = Buffer.from(await fromNode2.arrayBuffer());
  const fromNode1 = await fetch(`${node1}${image.url}`, { headers: { authorization: `Bearer ${anaToken}` } });
  const bytes = Buffer.from(await fromNode1.arrayBuffer());
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  check('a photo uploaded through node 2 is served by node 1, the same bytes', fromNode1.status === 200 && bytes.length > 0 && sha(bytes) === sha(viaNode2), `status ${fromNode1.status}`);
  const post = data(await call(node2, 'POST', '/api/feed', anaToken, { title: 'Two nodes', description: 'Up the switchbacks', isDraft: false, images: [image.key] }), feed, 'post');
  const read = data(await call(node1, 'GET', `/api/feed/${post.id}`, anaToken), feed, 'the post on node 1');
  const shown = await fetch(`${node1}${read.images[0]!.url}`, { headers: { authorization: `Bearer ${anaToken}` } });
  check('the post made on node 2 reads on node 1, and its photo loads there', shown.status === 200 && read.title === 'Two nodes', `${shown.status}`);

  // A follow made on node 1 reaches Ben's sockets on node 2 and through nginx.
  const ben = await signUp(node2, 'Ben');
  const onNode2 = socket(node2, ben.token);
  const throughLb = socket(lb, ben.token);
  await Promise.all([onNode2.open, throughLb.open]);
  const follow = await call(node1, 'POST', '/api/follow', anaToken, { userId: ben.userId });
  if (follow.status !== 200) throw new Error(`follow: ${JSON.stringify(follow.body)}`);
  const heard = (s: ReturnType<typeof socket>) => until('the follow notification', async () => (s.frames.some((f) => f.type === 'notification') ? true : undefined), 10_000).catch(() => false);
  const [heard2, heardLb] = await Promise.all([heard(onNode2), heard(throughLb)]);
  check('a follow made on node 1 notifies a socket on node 2', heard2 === true, JSON.stringify(onNode2.frames));
  check('... and a socket held through nginx', heardLb === true, JSON.stringify(throughLb.frames));
  onNode2.close();
  throughLb.close();

  // Jobs enqueued through the balancer (activity imports) run once each, whichever node claims them.
  const imports: number[] = [];
  for (let i = 0; i < 6; i++) {
    const file = new FormData();
    file.append('timeZone', 'Europe/Zurich');
    file.append('file', new Blob([gpx(Date.UTC(2026, 5, 1 + i, 7) / 1000)], { type: 'application/gpx+xml' }), `ride-${i}.gpx`);
    imports.push(data(await call(lb, 'POST', '/api/activity/import', anaToken, file), activityImport, 'import').id);
  }
  const outcomes = await until('the imports to finish', async () => {
    const all = await Promise.all(imports.map(async (id) => data(await call(lb, 'GET', `/api/activity/import/${id}`, anaToken), activityImport, 'import status')));
    return all.every((i) => i.status === 'done' || i.status === 'failed') ? all : undefined;
  }, 60_000);
  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  await db.connect();
  const activities = await db.query('select count(*)::int as n from activities where user_id = $1', [ana.userId]);
  const runs = await db.query("select attempts, done_at is not null as done from jobs where kind like 'activit%'");
  await db.end();
  check(
    `${imports.length} imports through nginx: each imported once, ${imports.length} activities, every job run once`,
    outcomes.every((o) => o.outcomes.length === 1 && o.outcomes[0]!.outcome === 'imported') &&
      activities.rows[0].n === imports.length &&
      runs.rows.length >= imports.length &&
      runs.rows.every((r) => r.attempts === 1 && r.done),
    JSON.stringify({ outcomes: outcomes.map((o) => o.outcomes), activities: activities.rows[0], jobs: runs.rows }),
  );

  // The sign-in limit is one allowance across both nodes (counted in Redis), not one each. From a client address of
  // its own (as nginx forwards it; TRUST_PROXY=1), so the sign-ins above do not count.
  const statuses: number[] = [];
  for (let i = 0; i < AUTH_LIMIT + 1; i++) {
    const base = i % 2 === 0 ? node1 : node2;
    const bad = { email: 'nobody@example.com', password: 'Wrong-pass1!', deviceType: 3 };
    statuses.push((await call(base, 'POST', '/api/login', undefined, bad, { 'x-forwarded-for': '203.0.113.7' })).status);
  }
  check(`${AUTH_LIMIT} bad sign-ins alternating between the nodes use up one allowance: the next is 429`, statuses.slice(0, -1).every((s) => s === 400) && statuses.at(-1) === 429, statuses.join(','));

  // nginx spreads requests over both nodes (no stickiness).
  const before = await Promise.all([node1, node2].map((n) => metric(n, 'http_requests_total{method="GET",route="/api/health",status="200"}')));
  for (let i = 0; i < 10; i++) await fetch(`${lb}/api/health`);
  const after = await Promise.all([node1, node2].map((n) => metric(n, 'http_requests_total{method="GET",route="/api/health",status="200"}')));
  const served = after.map((n, i) => n - before[i]!);
  check('nginx sends requests to both nodes', served[0]! >= 3 && served[1]! >= 3 && served[0]! + served[1]! === 10, `node 1 served ${served[0]}, node 2 ${served[1]}`);
}

async function cleanUp() {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined)));
  await stopS3?.();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  fs.rmSync(work, { recursive: true, force: true });
}

try {
  await main();
} catch (err) {
  console.error(err);
  failures.push('the run itself');
} finally {
  await cleanUp();
}
console.log(`${failures.length === 0 ? 'All passed' : `FAILED: ${failures.join('; ')}`} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exitCode = failures.length === 0 ? 0 : 1;
