import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

export type PageJs = { files: { url: string; gzipBytes: number; hasMapCode: boolean }[]; totalGzipBytes: number };

const MAP_CODE = /maplibre|mapbox-gl/i;

/**
 * Every JavaScript file a browser loads to show `url`, lazy route chunks included, gzipped as a server would send
 * it (check P1). Counts what the page really fetched, not what the build says it might.
 */
export async function measurePageJs(page: Page, url: string): Promise<PageJs> {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type === 'script' || res.url().endsWith('.js')) bodies.set(res.url(), res.body());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const files = [];
  for (const [fileUrl, body] of bodies) {
    const buf = await body;
    files.push({ url: fileUrl, gzipBytes: gzipSync(buf, { level: 9 }).length, hasMapCode: MAP_CODE.test(fileUrl) || MAP_CODE.test(buf.toString('utf8')) });
  }
  return { files, totalGzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0) };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
