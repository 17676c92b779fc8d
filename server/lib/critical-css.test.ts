import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criticalCss } from './critical-css';

// Issue 23, P2: a public prerendered page carries only the CSS its markup uses; the whole stylesheet follows.

const CSS = [
  '.card{padding:1rem}',
  '.unused-dialog{position:fixed}',
  '@media (min-width:40rem){.sm\\:flex{display:flex}.sm\\:unused{display:grid}}',
  '.dark{color-scheme:dark;--surface:#111}',
  '.dark\\:text-white:where(.dark,.dark *){color:#fff}',
  'html[data-booting] #root{pointer-events:none}',
  '@property --tw-translate-x{syntax:"*";inherits:false;initial-value:0}',
].join('');

let spaDir: string;
beforeAll(async () => {
  spaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-critical-'));
  await fs.mkdir(path.join(spaDir, 'assets'));
  await fs.writeFile(path.join(spaDir, 'assets', 'index-abc.css'), CSS);
});
afterAll(() => fs.rm(spaDir, { recursive: true, force: true }));

const page = (head: string) =>
  `<!doctype html><html><head><title>Switchback</title>${head}</head><body><div id="root"><main class="card sm:flex"><h1>Ride</h1></main></div></body></html>`;

describe('criticalCss', () => {
  it('inlines the rules the markup uses, and those of the theme and boot marks; the whole stylesheet comes after the paint', async () => {
    const out = await criticalCss(spaDir)(page(`<style data-href="/assets/index-abc.css">${CSS}</style>`));
    const inline = /<style>([^]*?)<\/style>/.exec(out)?.[1] ?? '';
    expect(inline).toContain('.card{padding:1rem}');
    expect(inline).toContain('.sm\\:flex{display:flex}');
    expect(inline).not.toContain('unused');
    // Set on <html> by the boot script before the first paint, not in the markup.
    expect(inline).toContain('.dark{color-scheme:dark');
    expect(inline).toContain('.dark\\:text-white');
    expect(inline).toContain('html[data-booting] #root');
    // Tailwind's utilities need their registered properties' initial values.
    expect(inline).toContain('@property --tw-translate-x');
    expect(out).not.toContain('data-href');
    // The whole stylesheet: named for the boot script, which adds it after the first paint; a link without scripts.
    expect(out).toContain('<head>\n    <meta name="switchback-stylesheet" content="/assets/index-abc.css">');
    expect(out).toMatch(/<\/main><\/div>.*<noscript><link rel="stylesheet" href="\/assets\/index-abc.css"><\/noscript><\/body>/s);
    expect(out.match(/rel="stylesheet"/g)).toHaveLength(1);
  });

  it('leaves a page without the marked stylesheet as it is', async () => {
    const html = page('<style>.card{padding:1rem}.unused-dialog{position:fixed}</style>');
    expect(await criticalCss(spaDir)(html)).toBe(html);
  });
});
