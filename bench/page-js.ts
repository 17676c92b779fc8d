import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';

export type PageJsFile = { url: string; gzipBytes: number; beforeReady: boolean; hasMapCode: boolean };
export type PageJs = {
  files: PageJsFile[];
  /**
   * Check P1's figure: JS the page asked for before it was shown and answering: its first contentful paint, or for a
   * prerendered page, which paints before any script, the moment its script took the markup over (`switchback:ready`,
   * main.tsx).
   */
  beforeReadyGzipBytes: number;
  /** Everything until the network was idle, lazy chunks loaded after the paint included. */
  totalGzipBytes: number;
};

const MAP_CODE = /maplibre|mapbox-gl/i;
// A chunk's file name listed in another chunk's preload map is not that chunk's code.
const CHUNK_NAME = /assets\/[\w.-]+\.js/g;

/**
 * Every JavaScript file a browser loads to show `url`, gzipped as a server would send it, each marked by whether
 * the page requested it before it was shown and answering (see `beforeReadyGzipBytes`). Counts what the page really fetched, not what the build
 * says it might.
 */
export async function measurePageJs(page: Page, url: string): Promise<PageJs> {
  const bodies = new Map<string, Promise<Buffer>>();
  const onResponse = (res: Response) => {
    const isJs = res.request().resourceType() === 'script' || /\.m?js$/.test(new URL(res.url()).pathname);
    if (isJs && !bodies.has(res.url())) bodies.set(res.url(), res.body());
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  const timing = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY;
    const ready = performance.getEntriesByName('switchback:ready')[0]?.startTime;
    return {
      cutoff: ready === undefined ? fcp : Math.max(fcp, ready),
      starts: Object.fromEntries(performance.getEntriesByType('resource').map((e) => [e.name, e.startTime])),
    };
  });
  // What arrives after this is neither before the paint nor waited for: a body read once the page is closed fails.
  page.off('response', onResponse);
  const files: PageJsFile[] = [];
  for (const [fileUrl, body] of bodies) {
    const buf = await body;
    files.push({
      url: fileUrl,
      gzipBytes: gzipSync(buf, { level: 9 }).length,
      beforeReady: (timing.starts[fileUrl] ?? 0) < timing.cutoff,
      hasMapCode: MAP_CODE.test(fileUrl) || MAP_CODE.test(buf.toString('utf8').replace(CHUNK_NAME, '')),
    });
  }
  const sum = (list: PageJsFile[]) => list.reduce((n, f) => n + f.gzipBytes, 0);
  return { files, beforeReadyGzipBytes: sum(files.filter((f) => f.beforeReady)), totalGzipBytes: sum(files) };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB (${bytes} B)`;

/** One line per file, largest first, for a run's log. */
export const describeFiles = (js: PageJs) =>
  [...js.files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((f) => `  ${kb(f.gzipBytes).padStart(9)}  ${f.beforeReady ? 'before ready' : 'after ready '}  ${new URL(f.url).pathname}`)
    .join('\n');
