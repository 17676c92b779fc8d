import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from '../scripts/chromium-path.mjs';

export const root = path.resolve(import.meta.dirname, '..');

/** A port nothing listens on now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** How Node runs the server: as `npm start` does, the build's compiled code (dist-server/), or its TypeScript by tsx. */
export const SERVER_ARGS = { built: ['--enable-source-maps', 'dist-server/index.mjs'], source: ['--import', 'tsx', 'server/index.ts'] } as const;

/**
 * The app as users get it, for the browser benchmarks and the e2e test of a deploy under an open tab: built with
 * Vite (unless `build: false`), served by the real server on a free port (or `port`) with a fresh embedded database
 * in a temporary folder (or `dataDir`, to start again on the same data), from `spaDir` when given (a copy of the
 * build beside its `dist-ssr`); `env` adds settings, e.g. `DEMO=1`. `stop` ends the server and, unless told to keep
 * it, removes the data folder; it resolves once the server has exited and its port is free.
 */
export async function startAppServer(
  env: Record<string, string> = {},
  { build = true, port, dataDir, spaDir }: { build?: boolean; port?: number; dataDir?: string; spaDir?: string } = {},
) {
  if (build) execSync('npm run build', { cwd: root, stdio: 'ignore' });
  const listenOn = port ?? (await freePort());
  const data = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-bench-'));
  const { REDIS_URL: _sharedBus, ...inherited } = process.env;
  // node itself (not npx), so stopping it stops the server; on its own, without the suite's shared live bus.
  const server = spawn(process.execPath, [...SERVER_ARGS.built], {
    cwd: root,
    env: { ...inherited, PORT: String(listenOn), DATA_DIR: data, DEMO: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', ...(spaDir ? { SPA_DIR: spaDir } : {}), ...env },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${listenOn}`;
  for (let i = 0; i < 240; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    port: listenOn,
    dataDir: data,
    async stop({ keepData = false }: { keepData?: boolean } = {}) {
      server.kill('SIGTERM');
      await exited;
      if (!keepData) fs.rmSync(data, { recursive: true, force: true });
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
