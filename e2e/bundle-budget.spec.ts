import path from 'node:path';
import { barePageGzipBytes } from '../bench/bare-page';
import { describeFiles, kb, measurePageJs } from '../bench/page-js';
import { expect, test } from './support/test';

// P1 (performance.md): the JS a signed-out visitor's browser asks for before the landing and sign-in pages are shown
// and answering (prerendered, they paint before any script: until their script has taken them over) is at most 1.5 x a bare React + TanStack Router + Query page built with the same Vite in this run;
// no page loads map code, before or after its paint.
let reference = 0;
test.beforeAll(async () => {
  // A folder per worker: the two tests run side by side, each worker building the reference once.
  reference = await barePageGzipBytes(path.resolve('bench', '.tmp', `e2e-${test.info().workerIndex}`));
});

for (const path of ['/', '/auth/login']) {
  test(`P1: JS before ${path} answers fits the budget and holds no map code`, async ({ page }) => {
    const js = await measurePageJs(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    console.log(
      `P1 ${path}: ${kb(js.beforeReadyGzipBytes)} before it answers = ${(js.beforeReadyGzipBytes / reference).toFixed(2)} x the bare page ` +
        `(${kb(reference)}); ${kb(js.totalGzipBytes)} once idle\n${describeFiles(js)}`,
    );
    expect(js.files.filter((f) => f.beforeReady).length, 'scripts before it answers').toBeGreaterThan(0);
    expect(js.files.filter((f) => f.hasMapCode).map((f) => f.url), 'files with map code').toEqual([]);
    expect(js.beforeReadyGzipBytes, `gzip bytes of JS before ${path} answers`).toBeLessThanOrEqual(1.5 * reference);
  });
}
