/**
 * P7: main-thread blocking while scrolling 1,000 feed posts and opening a map page, in Chromium with the CPU slowed
 * 4x (DevTools' throttling). Total blocking time is what long tasks hold the main thread past 50 ms each (the
 * PerformanceObserver `longtask` entries, as Lighthouse sums them). Target: <= 200 ms in all; the feed's DOM rows
 * bounded by the viewport all the way down (fewer than 40 posts rendered at any time).
 *
 * The app as users get it (Vite build, real server, embedded database with the demo world): the demo member posts
 * 1,000 posts through the API, signs in through the sign-in page, scrolls `/feeds?filter=mine` to the oldest post
 * with the mouse wheel, then goes to Events and opens the demo ride, whose page draws its route on the map.
 * Not part of `npm test` (the figure is an absolute time on a shared machine). Run: npm run bench:scroll [-- --wheel 500]
 */
import { parseArgs } from 'node:util';
import type { Page } from '@playwright/test';
import { launchChromium, startAppServer } from './app-server';

const TOTAL = 1000;
const BATCH = 25;
const CPU_SLOWDOWN = 4;
/**
 * Each wheel step scrolls this far, 50 ms apart: about 8,000 px a second, a hard fling all the way down (a mouse wheel
 * notch is 100 px; a fast trackpad fling peaks near 6,000 px/s). `--wheel 2000` jumps five screens a step instead,
 * which no hand does: then every step lays out ~10 new posts in one frame.
 */
const { values: args } = parseArgs({ options: { wheel: { type: 'string', default: '500' } } });
const WHEEL_PX = Number(args.wheel);
const MAX_ROWS = 40;
const DEMO = { email: 'maya@demo.switchback.app', password: 'Switchback1!' };

type Answer<T> = { code: number; message: string; data: T };

async function api<T>(base: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  const answer = (await res.json()) as Answer<T>;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${answer.message}`);
  return answer.data;
}

/** Long tasks since the last call, and their blocking time (each one's time past 50 ms). */
async function takeLongTasks(page: Page) {
  const tasks = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: { duration: number }[] };
    return w.__longTasks.splice(0);
  });
  return { count: tasks.length, blocking: tasks.reduce((n, t) => n + Math.max(0, t.duration - 50), 0), longest: Math.max(0, ...tasks.map((t) => t.duration)) };
}

/**
 * How fast this machine runs script right now: Lighthouse's benchmark index (string building and array copying, each
 * for half a second, in iterations a second), run in the page without throttling. The 4x slowdown multiplies the host's
 * own speed, and on a shared machine that speed moves (readings here ranged over 2x within an hour), so the index is
 * printed beside the result: a run on a slowed host reads lower, and its long tasks grow past 50 ms that otherwise do not.
 */
const BENCHMARK_INDEX = `(() => {
  let start = Date.now();
  let iterations = 0;
  while (Date.now() - start < 500) {
    let s = '';
    for (let j = 0; j < 10000; j++) s += 'a';
    if (s.length === 1) throw new Error('never: keeps the loop from being optimised away');
    iterations++;
  }
  const gc = iterations / ((Date.now() - start) / 1000);
  const a = [];
  const b = [];
  for (let i = 0; i < 100000; i++) a[i] = b[i] = i;
  start = Date.now();
  iterations = 0;
  while (iterations % 10 !== 0 || Date.now() - start < 500) {
    const from = iterations % 2 === 0 ? a : b;
    const to = iterations % 2 === 0 ? b : a;
    for (let j = 0; j < from.length; j++) to[j] = from[j];
    iterations++;
  }
  const noGc = iterations / ((Date.now() - start) / 1000);
  return Math.round((gc + noGc) / 2);
})()`;

async function main() {
  const app = await startAppServer({ DEMO: '1' });
  try {
    const { token } = await api<{ token: { access_token: string } }>(app.url, '/api/login', { method: 'POST', body: { ...DEMO, deviceType: 1 } });
    for (let start = 0; start < TOTAL; start += BATCH) {
      await Promise.all(
        Array.from({ length: BATCH }, (_, i) =>
          api(app.url, '/api/feed', { method: 'POST', token: token.access_token, body: { title: `Lap ${start + i + 1}`, description: 'Easy spin along the river. #laps', isDraft: false } }),
        ),
      );
    }
    const events = await api<{ list: { id: number; eventName: string; routeId: number | null }[] }>(app.url, '/api/challengeActivity?type=upcoming', { token: token.access_token });
    const ride = events.list.find((e) => e.routeId !== null);
    if (!ride) throw new Error('the demo world has no upcoming event with a route');

    const browser = await launchChromium();
    const page = await browser.newPage({ baseURL: app.url, viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: { duration: number }[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push({ duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto('/auth/login');
    await page.getByLabel('E-mail').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/feeds$/);
    await page.goto('/feeds?filter=mine');
    const feed = page.getByRole('feed', { name: 'Your posts' });
    await feed.getByRole('article').first().waitFor();
    await page.waitForTimeout(1000);
    const speedBefore: number = await page.evaluate(BENCHMARK_INDEX);

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await takeLongTasks(page);

    // Scrolled by the wheel to the end of the list (the demo member's own posts come on top of the 1,000), counting rows.
    const end = page.getByText('You’re all caught up.');
    let most = 0;
    let last = 0;
    const started = performance.now();
    let size = -1;
    for (let step = 0; step < 5000 && !(last === size && (await end.isVisible())); step++) {
      await page.mouse.wheel(0, WHEEL_PX);
      await page.waitForTimeout(50);
      const rows = await feed.getByRole('article').count();
      most = Math.max(most, rows);
      const lastRow = feed.getByRole('article').last();
      last = Number(await lastRow.getAttribute('aria-posinset'));
      size = Number(await lastRow.getAttribute('aria-setsize'));
    }
    if (last < TOTAL || last !== size) throw new Error(`the feed stopped at post ${last} of ${size}`);
    const scrolled = await takeLongTasks(page);
    const scrollSeconds = (performance.now() - started) / 1000;

    // To the map page the way a member goes: Events, then the ride; done once its map has drawn and things settle.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events', exact: true }).click();
    await page.getByRole('link', { name: ride.eventName, exact: true }).click();
    await page.locator('canvas').first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForTimeout(3000);
    const mapped = await takeLongTasks(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const speedAfter: number = await page.evaluate(BENCHMARK_INDEX);
    await browser.close();

    const total = scrolled.blocking + mapped.blocking;
    const pass = total <= 200 && most < MAX_ROWS;
    const line = (what: string, t: typeof scrolled) => `${what}: ${t.blocking.toFixed(0)} ms blocking in ${t.count} long tasks (longest ${t.longest.toFixed(0)} ms)`;
    console.log(`${line(`scrolling ${last} posts by ${WHEEL_PX} px wheel steps (${scrollSeconds.toFixed(0)} s)`, scrolled)}; at most ${most} posts rendered`);
    console.log(line(`opening "${ride.eventName}" with its map`, mapped));
    console.log(`host speed (benchmark index, unthrottled): ${speedBefore} before, ${speedAfter} after`);
    console.log(`P7 at ${CPU_SLOWDOWN}x CPU: ${total.toFixed(0)} ms total blocking time (target <= 200 ms), rows at most ${most} (target < ${MAX_ROWS}): ${pass ? 'PASS' : 'FAIL'}`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    app.stop();
  }
}

await main();
