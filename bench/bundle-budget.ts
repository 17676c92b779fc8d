/**
 * P1: the JS (gzip) a browser loads for `/` and `/auth/login` against a bare React + TanStack Router + Query page
 * built with the same Vite in the same run. Target: <= 1.5 x the bare page, and never any map code.
 * Run: npm run bench:bundle (builds both, starts the server on a free port, measures in Chromium).
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { findChromium } from '../scripts/chromium-path.mjs';
import { kb, measurePageJs } from './page-js';

const root = path.resolve(import.meta.dirname, '..');
const bareDir = path.join(root, 'bench', '.tmp', 'bare-page');

async function buildBarePage() {
  fs.rmSync(bareDir, { recursive: true, force: true });
  fs.mkdirSync(bareDir, { recursive: true });
  fs.writeFileSync(path.join(bareDir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>');
  fs.writeFileSync(
    path.join(bareDir, 'main.tsx'),
    `import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
const rootRoute = createRootRoute({ component: Outlet });
function Home() { const q = useQuery({ queryKey: ['n'], queryFn: async () => 1 }); return <h1>Hello {q.data}</h1>; }
const router = createRouter({ routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home })]) });
createRoot(document.getElementById('root')!).render(<QueryClientProvider client={new QueryClient()}><RouterProvider router={router} /></QueryClientProvider>);
`,
  );
  await build({ root: bareDir, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir: 'dist', target: 'es2022' } });
  const assets = path.join(bareDir, 'dist', 'assets');
  return fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((n, f) => n + gzipSync(fs.readFileSync(path.join(assets, f)), { level: 9 }).length, 0);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function main() {
  const reference = await buildBarePage();
  execSync('npx vite build', { cwd: root, stdio: 'ignore' });
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-bench-'));
  const server = spawn('npx', ['tsx', 'server/index.ts'], { cwd: root, env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'warn' }, stdio: 'ignore' });
  try {
    for (let i = 0; i < 120; i++) {
      if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const executablePath = await findChromium();
    const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    const budget = reference * 1.5;
    let ok = true;
    for (const route of ['/', '/auth/login']) {
      const page = await browser.newPage();
      const js = await measurePageJs(page, `http://127.0.0.1:${port}${route}`);
      await page.close();
      const maps = js.files.filter((f) => f.hasMapCode);
      ok &&= js.totalGzipBytes <= budget && maps.length === 0;
      console.log(`${route.padEnd(12)} ${kb(js.totalGzipBytes)} in ${js.files.length} files (${(js.totalGzipBytes / reference).toFixed(2)} x bare), map code: ${maps.length ? 'YES' : 'none'}`);
    }
    await browser.close();
    console.log(`P1 bundle: bare page ${kb(reference)}; target <= 1.5 x = ${kb(budget)} and no map code: ${ok ? 'PASS' : 'FAIL'}`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    server.kill('SIGTERM');
  }
}

await main();
