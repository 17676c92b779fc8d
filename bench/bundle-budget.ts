/**
 * P1: the JS (gzip) a browser asks for before the first paint of `/` and `/auth/login`, against a bare React +
 * TanStack Router + Query page built with the same Vite in the same run. Target: <= 1.5 x, and never map code.
 * Run: npm run bench:bundle (builds both, starts the server on a free port, measures in Chromium).
 */
import path from 'node:path';
import { launchChromium, root, startAppServer } from './app-server';
import { barePageGzipBytes } from './bare-page';
import { describeFiles, kb, measurePageJs } from './page-js';

async function main() {
  const reference = await barePageGzipBytes(path.join(root, 'bench', '.tmp'));
  const app = await startAppServer();
  try {
    const browser = await launchChromium();
    const budget = reference * 1.5;
    let pass = true;
    for (const route of ['/', '/auth/login']) {
      const page = await browser.newPage();
      const js = await measurePageJs(page, `${app.url}${route}`);
      await page.close();
      const maps = js.files.filter((f) => f.hasMapCode).length;
      pass &&= js.beforeReadyGzipBytes <= budget && maps === 0;
      console.log(
        `${route}: ${kb(js.beforeReadyGzipBytes)} before it answers (${(js.beforeReadyGzipBytes / reference).toFixed(2)} x bare), ` +
          `${kb(js.totalGzipBytes)} once idle; map code: ${maps ? 'YES' : 'none'}\n${describeFiles(js)}`,
      );
    }
    await browser.close();
    console.log(`P1 bundle: bare page ${kb(reference)}; target <= 1.5 x = ${kb(budget)} before it answers, no map code: ${pass ? 'PASS' : 'FAIL'}`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    app.stop();
  }
}

await main();
