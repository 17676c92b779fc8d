import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 27: the server as `npm start` runs it, stopped the way a deploy stops it (SIGTERM). Requests already in flight
// are answered, no new connection is taken, and one that never completes is cut at the grace instead of holding the
// deploy; then the process exits cleanly.

const GRACE_MS = 3000;
let server: ChildProcess;
let output = '';
let dataDir: string;
let port: string;

async function logged(pattern: RegExp, timeoutMs: number) {
  const started = Date.now();
  for (;;) {
    const match = pattern.exec(output);
    if (match) return match;
    if (server.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    if (Date.now() - started > timeoutMs) throw new Error(`not logged: ${pattern}\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A sign-in whose body is sent in two parts: the request is in flight from the first part until `finish`. */
function signInInFlight() {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-pass1!', deviceType: 3, deviceToken: 'web' });
  const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/login', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
  const answer = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
  req.write(body.slice(0, 10));
  return { answer, finish: () => req.end(body.slice(10)) };
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-shutdown-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '0', DATABASE_URL: '', REDIS_URL: '', SHUTDOWN_GRACE_MS: String(GRACE_MS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A fresh embedded database migrates before listening: slow on a busy machine, so wait generously.
  port = (await logged(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/, 90_000))[1]!;
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('answers the requests in flight, takes no new connection, cuts one that never ends at the grace, and exits 0', { timeout: 60_000 }, async () => {
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(await ready.json()).toEqual({ code: 200, message: 'Ready.', data: { database: 'up', migrations: 'applied' } });

    const finishing = signInInFlight();
    const hung = signInInFlight();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) => server.once('exit', (code) => resolve({ code, at: Date.now() })));
    const signalled = Date.now();
    server.kill('SIGTERM');
    await logged(/SIGTERM: shutting down/, 10_000);

    const refused = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => `answered ${r.status}`, (err: { cause?: { code?: string } }) => err.cause?.code);
    expect(refused).toBe('ECONNREFUSED');

    finishing.finish();
    expect(await finishing.answer).toEqual({ status: 400, body: JSON.stringify({ code: 400, message: 'The e-mail or password is incorrect.' }) });

    expect(await hung.answer).toEqual({ error: 'ECONNRESET' });
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeGreaterThanOrEqual(GRACE_MS - 100);
    expect(at - signalled).toBeLessThan(GRACE_MS + 5000);
    expect(output).toContain('requests still running past the grace');
  });
});
