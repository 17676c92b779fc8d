import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from '../scripts/chromium-path.mjs';

export const root = path.resolve(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * The app as users get it, for the browser benchmarks: built with Vite, served by the real server on a free port
 * with a fresh embedded database in a temporary folder (`env` adds settings, e.g. `DEMO=1`). `stop` ends the server
 * and removes the folder.
 */
export async function startAppServer(env: Record<string, string> = {}) {
  execSync('npm run build', { cwd: root, stdio: 'ignore' });
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-bench-'));
  // node itself (not npx), so stopping it stops the server.
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    dataDir,
    stop() {
      server.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Chromium as the e2e suite runs it (the OS package; never a download), WebGL through SwiftShader for maps. */
export async function launchChromium() {
  const executablePath = await findChromium();
  return chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--use-angle=swiftshader'],
  });
}
