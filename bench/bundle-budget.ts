/**
 * P1: the JS (gzip) a browser asks for before the first paint of `/` and `/auth/login`, against a bare React +
 * TanStack Router + Query page built with the same Vite in the same run. Target: <= 1.5 x, and never map code.
 * Run: npm run bench:bundle (builds both, starts the server on a free port, measures in Chromium).
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from '../scripts/chromium-path.mjs';
import { barePageGzipBytes } from './bare-page';
import { describeFiles, kb, measurePageJs } from './page-js';

const root = path.resolve(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function main() {
  const reference = await barePageGzipBytes(path.join(root, 'bench', '.tmp'));
  execSync('npx vite build', { cwd: root, stdio: 'ignore' });
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-bench-'));
  // node itself (not npx), so stopping it stops the server.
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (let i = 0; i < 120; i++) {
      if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const executablePath = await findChromium();
    const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    const budget = reference * 1.5;
    let pass = true;
    for (const route of ['/', '/auth/login']) {
      const page = await browser.newPage();
      const js = await measurePageJs(page, `http://127.0.0.1:${port}${route}`);
      await page.close();
      const maps = js.files.filter((f) => f.hasMapCode).length;
      pass &&= js.beforePaintGzipBytes <= budget && maps === 0;
      console.log(
        `${route}: ${kb(js.beforePaintGzipBytes)} before first paint (${(js.beforePaintGzipBytes / reference).toFixed(2)} x bare), ` +
          `${kb(js.totalGzipBytes)} once idle; map code: ${maps ? 'YES' : 'none'}\n${describeFiles(js)}`,
      );
    }
    await browser.close();
    console.log(`P1 bundle: bare page ${kb(reference)}; target <= 1.5 x = ${kb(budget)} before first paint, no map code: ${pass ? 'PASS' : 'FAIL'}`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
