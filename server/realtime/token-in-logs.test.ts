import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '#contract/realtime';
import { closedWithin, openSocket } from './test-socket';

// Browsers put the socket's bearer token in the URL (`/ws?token=`). The server as `npm start` runs it, logging every
// request (LOG_LEVEL=debug), must never write that token down.

let server: ChildProcess;
let output = '';
let dataDir: string;

async function logged(pattern: RegExp, timeoutMs = 20_000) {
  const started = Date.now();
  for (;;) {
    const match = pattern.exec(output);
    if (match) return match;
    if (server.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    if (Date.now() - started > timeoutMs) throw new Error(`not logged: ${pattern}\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-logs-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '0',
      JOB_POLL_MS: '0',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
}, 60_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('request logs', () => {
  it('never hold the token a browser put in the socket URL', { timeout: 120_000 }, async () => {
    // A fresh embedded database migrates before listening: slow on a busy machine, so wait generously.
    const port = (await logged(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/, 90_000))[1];
    const token = randomBytes(32).toString('base64url');

    const s = openSocket(`ws://127.0.0.1:${port}/ws`, { token });
    expect(await closedWithin(s)).toMatchObject({ code: WS_CLOSE.unauthorized });
    const res = await fetch(`http://127.0.0.1:${port}/api/health?token=${token}&page=2`);
    expect(res.status).toBeLessThan(500);

    await logged(/"url":"\/ws\?token=\[redacted\]"/);
    await logged(/"url":"\/api\/health\?token=\[redacted\]&page=2"/);
    expect(output).not.toContain(token);
  });
});
