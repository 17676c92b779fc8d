/**
 * P7: main-thread blocking while scrolling 1,000 feed posts and opening a map page, in Chromium with the CPU slowed
 * the way DevTools' 4x preset means it: to a mid-tier phone. The slowdown is calibrated in the run (cpu-calibration.ts)
 * before each part, because 4x of this shared host ranges from that phone to a low-tier one as the host's own speed
 * moves; `--cpu 4` applies a fixed 4x instead. Total blocking time is what long tasks hold the main thread past 50 ms
 * each (the PerformanceObserver `longtask` entries, as Lighthouse sums them). Target: <= 200 ms in all; the feed's DOM
 * rows bounded by the viewport all the way down (fewer than 40 posts rendered at any time).
 *
 * The app as users get it (Vite build, real server, embedded database with the demo world): the demo member posts
 * 1,000 posts through the API; then, in a fresh browser each run, signs in through the sign-in page, scrolls
 * `/feeds?filter=mine` to the oldest post with the mouse wheel, goes to Events and opens the demo ride, whose page
 * draws its route on the map. Not part of `npm test` (the figure is an absolute time on a shared machine).
 * Run: npm run bench:scroll [-- --wheel 500] [--cpu mid-tier|<fixed rate>] [--runs 5]
 */
import { parseArgs } from 'node:util';
import type { CDPSession, Page } from '@playwright/test';
import { launchChromium, startAppServer } from './app-server';
import { calibrateCpu, MID_TIER_SCORE, scoreAt, type Calibration } from './cpu-calibration';
import { api, DEMO, signedInPage, takeLongTasks } from './page-session';
import { median } from './stats';

const TOTAL = 1000;
const BATCH = 25;
/**
 * Each wheel step scrolls this far, 50 ms apart: about 8,000 px a second, a hard fling all the way down (a mouse wheel
 * notch is 100 px; a fast trackpad fling peaks near 6,000 px/s). `--wheel 2000` jumps five screens a step instead,
 * which no hand does: then every step lays out ~10 new posts in one frame.
 */
const { values: args } = parseArgs({
  options: { wheel: { type: 'string', default: '500' }, cpu: { type: 'string', default: 'mid-tier' }, runs: { type: 'string', default: '5' } },
});
const WHEEL_PX = Number(args.wheel);
/**
 * The verdict is on the median run, as Lighthouse advises for its own figures (docs/variability.md: the median of five
 * runs halves the spread): on this shared host one run in several lands in a minute when other machines take the CPU
 * (steal time here went from 1 % to 38 % within a run).
 */
const RUNS = Number(args.runs);
if (!(Number.isInteger(RUNS) && RUNS >= 1)) throw new Error(`--runs takes a whole number of at least 1, not ${args.runs}`);
const FIXED_RATE = args.cpu === 'mid-tier' ? null : Number(args.cpu);
if (FIXED_RATE !== null && !(FIXED_RATE >= 1)) throw new Error(`--cpu takes mid-tier or a slowdown of at least 1, not ${args.cpu}`);
const MAX_ROWS = 40;

/** Slows the page's CPU for the next part: calibrated to the mid-tier phone, or the fixed rate asked for. */
async function slowDown(page: Page, cdp: CDPSession): Promise<Calibration> {
  if (FIXED_RATE === null) return calibrateCpu(page, cdp, MID_TIER_SCORE);
  const host = await scoreAt(page, cdp, 1);
  return { rate: FIXED_RATE, score: await scoreAt(page, cdp, FIXED_RATE), host };
}

type Ride = { eventName: string };

/** One run in a fresh browser (nothing cached, as a member arriving): sign in, scroll to the end, open the ride's map. */
async function measureOnce(baseURL: string, ride: Ride) {
  const browser = await launchChromium();
  try {
    const page = await signedInPage(browser, baseURL, { width: 1280, height: 800 });
    await page.goto('/feeds?filter=mine');
    const feed = page.getByRole('feed', { name: 'Your posts' });
    await feed.getByRole('article').first().waitFor();
    await page.waitForTimeout(1000);

    const cdp = await page.context().newCDPSession(page);
    const forScroll = await slowDown(page, cdp);
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
    const forMap = await slowDown(page, cdp);
    await takeLongTasks(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events', exact: true }).click();
    await page.getByRole('link', { name: ride.eventName, exact: true }).click();
    await page.locator('canvas').first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForTimeout(3000);
    const mapped = await takeLongTasks(page);
    const hostAfter = await scoreAt(page, cdp, 1);
    return { scrolled, mapped, most, last, scrollSeconds, forScroll, forMap, hostAfter, total: scrolled.blocking + mapped.blocking };
  } finally {
    await browser.close();
  }
}

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

    const line = (what: string, t: { blocking: number; count: number; longest: number }) =>
      `${what}: ${t.blocking.toFixed(0)} ms blocking in ${t.count} long tasks (longest ${t.longest.toFixed(0)} ms)`;
    const cpu = (what: string, c: Calibration) => `${what} ${c.rate}x (host ${c.host} -> ${c.score})`;
    const totals: number[] = [];
    let most = 0;
    for (let run = 1; run <= RUNS; run++) {
      const r = await measureOnce(app.url, ride);
      totals.push(r.total);
      most = Math.max(most, r.most);
      console.log(`run ${run} of ${RUNS}: ${r.total.toFixed(0)} ms total blocking time`);
      console.log(`  ${line(`scrolling ${r.last} posts by ${WHEEL_PX} px wheel steps (${r.scrollSeconds.toFixed(0)} s)`, r.scrolled)}; at most ${r.most} posts rendered`);
      console.log(`  ${line(`opening "${ride.eventName}" with its map`, r.mapped)}`);
      console.log(`  CPU as Lighthouse's benchmark index: ${cpu('scroll at', r.forScroll)}, ${cpu('map at', r.forMap)}, host ${r.hostAfter} at the end`);
    }

    const middle = median(totals);
    const pass = middle <= 200 && most < MAX_ROWS;
    const device = FIXED_RATE === null ? `a mid-tier phone's CPU (benchmark index ${MID_TIER_SCORE})` : `${FIXED_RATE}x CPU`;
    console.log(
      `P7 at ${device}: median ${middle.toFixed(0)} ms total blocking time of ${RUNS} runs (${totals.map((t) => t.toFixed(0)).join(', ')}; target <= 200 ms), rows at most ${most} (target < ${MAX_ROWS}): ${pass ? 'PASS' : 'FAIL'}`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    app.stop();
  }
}

await main();
