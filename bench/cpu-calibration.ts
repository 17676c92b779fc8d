/**
 * CPU slowdown calibrated to a device, as Chrome DevTools' throttling presets do it (CalibrationController in
 * devtools-frontend, 2024). A DevTools slowdown is relative to the host: 4x of a fast desktop is a mid-tier phone,
 * 4x of a shared 2-core machine having a slow hour is a low-tier one (this machine's benchmark index moved 2.5x within
 * a day). So instead of a fixed factor, the slowdown is bisected until the page scores a given device's benchmark
 * index, measured in the same run (performance.md: a reference in the same run, because the machines are noisy).
 */
import type { CDPSession, Page } from '@playwright/test';

/** DevTools' mid-tier phone (a Pixel 5): the device its 4x preset stands for on a high-end desktop. */
export const MID_TIER_SCORE = 1000;

/**
 * Lighthouse's BenchmarkIndex (string building, then array copying, each for half of `durationMs`), in its units:
 * iterations a second divided by 10, so figures compare with Lighthouse's and DevTools' tables. A string to evaluate
 * in the page (named functions passed through tsx would carry its helpers along).
 */
const benchmarkIndex = (durationMs: number) => `(() => {
  const half = ${durationMs} / 2;
  let start = Date.now();
  let iterations = 0;
  while (Date.now() - start < half) {
    let s = '';
    for (let j = 0; j < 10000; j++) s += 'a';
    if (s.length === 1) throw new Error('never: keeps the loop from being optimised away');
    iterations++;
  }
  const gc = iterations / 10 / ((Date.now() - start) / 1000);
  const a = [];
  const b = [];
  for (let i = 0; i < 100000; i++) a[i] = b[i] = i;
  start = Date.now();
  iterations = 0;
  while (iterations % 10 !== 0 || Date.now() - start < half) {
    const from = iterations % 2 === 0 ? a : b;
    const to = iterations % 2 === 0 ? b : a;
    for (let j = 0; j < from.length; j++) to[j] = from[j];
    iterations++;
  }
  const noGc = iterations / 10 / ((Date.now() - start) / 1000);
  return Math.round((gc + noGc) / 2);
})()`;

/** The page's benchmark index at the given slowdown. */
export async function scoreAt(page: Page, cdp: CDPSession, rate: number, durationMs = 1000): Promise<number> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return page.evaluate(benchmarkIndex(durationMs));
}

// The throttling backend keeps hundredths of a rate.
const hundredths = (n: number) => Math.round(n * 100) / 100;

export type Calibration = { rate: number; score: number; host: number };

/**
 * Sets the slowdown at which the page scores `target` (within 3 %: the index itself wobbles about that much here)
 * and answers it with the score reached and the host's own score. A host slower than the target runs unthrottled,
 * which makes the check stricter, never looser.
 */
export async function calibrateCpu(page: Page, cdp: CDPSession, target: number): Promise<Calibration> {
  await scoreAt(page, cdp, 1, 500); // warm-up: V8 optimises the loops
  const host = await scoreAt(page, cdp, 1);
  if (host <= target) return { rate: 1, score: host, host };
  // Scores fall as the rate rises: `fast` scores above the target, `slow` below. Kept: the nearest rate measured.
  let fast = 1;
  let slow = (host / target) * 1.5;
  let rate = hundredths(host / target);
  let best = { rate: 1, score: host };
  for (let step = 0; step < 8; step++) {
    const score = await scoreAt(page, cdp, rate);
    if (Math.abs(score - target) < Math.abs(best.score - target)) best = { rate, score };
    if (Math.abs(score - target) <= target * 0.03) break;
    if (score < target) slow = rate;
    else fast = rate;
    rate = hundredths((fast + slow) / 2);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: best.rate });
  return { ...best, host };
}
