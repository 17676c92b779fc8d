import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { findChromium } from '../scripts/chromium-path.mjs';
import { freePort, startAppServer } from './app-server';
import { waitForQuietHost } from './quiet-host';
import { DEMO } from './page-session';
import { median } from './stats';

// Checks P2 and P3 (performance.md): Lighthouse's mobile preset (simulated slow 4G and a 4x slower CPU) on the built
// app with the demo world, three runs a page, medians; beside a one-heading static page served in the same runs. P2:
// FCP of / <= 1.3 x the static page's. P3: performance >= 95 on /, /auth/login, /feeds and /events, CLS <= 0.05.
// The signed-in pages run after signing in through the page, with the storage kept. `--runs N` changes the count.

const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt === -1 ? 3 : Number(process.argv[runsAt + 1]);

/** The reference: one heading, no script, served by Node as plainly as it gets. */
async function startStaticPage() {
  const html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Switchback</title></head><body><h1>Ride, hike, run and walk together</h1></body></html>';
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, stop: () => server.close() };
}

type Figures = { score: number; fcp: number; lcp: number; tbt: number; cls: number; kib: number; benchmarkIndex: number };

async function main() {
  const app = await startAppServer({ DEMO: '1' });
  const quiet = await waitForQuietHost();
  console.log(`host quiet after ${(quiet.ms / 1000).toFixed(0)} s${quiet.quiet ? '' : ' (it never got quiet: figures are of a busy host)'}`);
  const statics = await startStaticPage();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'switchback-lighthouse-'));
  const port = await freePort();
  const executablePath = await findChromium();
  // A persistent profile on a debugging port: Playwright signs in, Lighthouse then audits in the same profile.
  const browser = await chromium.launchPersistentContext(profile, {
    ...(executablePath ? { executablePath } : {}),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', `--remote-debugging-port=${port}`],
  });
  try {
    const audit = async (url: string, signedIn: boolean): Promise<Figures> => {
      const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: signedIn });
      const lhr = result!.lhr;
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: value('first-contentful-paint'),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        kib: value('total-byte-weight') / 1024,
        benchmarkIndex: lhr.environment.benchmarkIndex,
      };
    };
    // A visitor's state: the last run's session gone (Lighthouse's own storage reset leaves it signed in).
    const signOut = async () => {
      const page = await browser.newPage();
      const cdp = await browser.newCDPSession(page);
      await cdp.send('Storage.clearDataForOrigin', { origin: app.url, storageTypes: 'all' });
      await page.close();
    };
    const signIn = async () => {
      const page = await browser.newPage();
      await page.goto(`${app.url}/auth/login`);
      await page.getByLabel('E-mail').fill(DEMO.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/feeds$/);
      await page.close();
    };
    const pages: { name: string; url: string; signedIn: boolean }[] = [
      { name: 'static page', url: statics.url, signedIn: false },
      { name: '/', url: `${app.url}/`, signedIn: false },
      { name: '/auth/login', url: `${app.url}/auth/login`, signedIn: false },
      { name: '/feeds', url: `${app.url}/feeds`, signedIn: true },
      { name: '/events', url: `${app.url}/events`, signedIn: true },
    ];
    const runs = new Map<string, Figures[]>(pages.map((p) => [p.name, []]));
    for (let run = 0; run < RUNS; run++) {
      await signOut();
      for (const p of pages.filter((x) => !x.signedIn)) runs.get(p.name)!.push(await audit(p.url, false));
      await signIn();
      for (const p of pages.filter((x) => x.signedIn)) runs.get(p.name)!.push(await audit(p.url, true));
    }
    const mid = (name: string, key: keyof Figures) => median(runs.get(name)!.map((f) => f[key]));
    console.log(`Lighthouse ${RUNS} run(s) a page, mobile preset, medians:`);
    console.log('page             score   FCP ms   LCP ms   TBT ms    CLS    KiB');
    for (const p of pages) {
      const row = [mid(p.name, 'score').toFixed(0).padStart(5), mid(p.name, 'fcp').toFixed(0).padStart(8), mid(p.name, 'lcp').toFixed(0).padStart(8), mid(p.name, 'tbt').toFixed(0).padStart(8), mid(p.name, 'cls').toFixed(3).padStart(6), mid(p.name, 'kib').toFixed(0).padStart(6)];
      console.log(`${p.name.padEnd(14)} ${row.join(' ')}`);
    }
    console.log(`benchmarkIndex per run: ${runs.get('/')!.map((f) => f.benchmarkIndex.toFixed(0)).join(', ')}`);
    const ratio = mid('/', 'fcp') / mid('static page', 'fcp');
    const p2 = ratio <= 1.3;
    const p3 = ['/', '/auth/login', '/feeds', '/events'].every((name) => mid(name, 'score') >= 95 && mid(name, 'cls') <= 0.05);
    console.log(`P2 FCP of / = ${ratio.toFixed(2)} x the static page's (target <= 1.3 x): ${p2 ? 'PASS' : 'FAIL'}`);
    console.log(`P3 performance >= 95 and CLS <= 0.05 on /, /auth/login, /feeds, /events: ${p3 ? 'PASS' : 'FAIL'}`);
    process.exitCode = p2 && p3 ? 0 : 1;
  } finally {
    await browser.close();
    statics.stop();
    app.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

await main();
