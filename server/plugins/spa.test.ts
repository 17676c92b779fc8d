import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countriesData } from '#contract/profile';
import { parse } from 'zod/v4/core';
import { createTestApp, type TestApp } from '../test/test-app';

// Issue 23: what the built app is sent as. Built files go compressed as the build made them (Brotli or gzip, by
// Accept-Encoding), API JSON and the page on the fly; photos and videos never. An address of the app is its page; any
// other is the same page with status 404, and a missing asset or API path a plain 404.

let t: TestApp;
let buildDir: string;
let spaDir: string;
const script = `export const greeting = ${JSON.stringify('Ride on. '.repeat(400))};\n`;

beforeAll(async () => {
  buildDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-spa-'));
  spaDir = path.join(buildDir, 'dist');
  await fs.mkdir(path.join(spaDir, 'assets'), { recursive: true });
  // The prerendering module as `vite build --ssr` leaves it beside the SPA: it renders with the configuration given.
  await fs.mkdir(path.join(buildDir, 'dist-ssr'));
  await fs.writeFile(
    path.join(buildDir, 'dist-ssr', 'prerender.js'),
    `export const PRERENDERED_PATHS = ['/', '/auth/login'];
export const SHELL_PATHS = ['/moderation'];
export async function renderPage(path, config) { return '<main><h1>Page ' + path + '</h1><p>' + (config.googleClientId ? 'with Google' : 'without Google') + '</p></main>'; }`,
  );
  await fs.writeFile(
    path.join(spaDir, 'index.html'),
    `<!doctype html><html><head><title>Switchback</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/router-def456.js">
    </head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
  );
  await fs.writeFile(
    path.join(spaDir, 'app-routes.json'),
    JSON.stringify({
      '/': [],
      '/auth/login': ['/assets/login-aa11.js'],
      '/feeds/$feedId': ['/assets/feed-bb22.js', '/assets/post-card-cc33.js'],
      '/profile/$username': ['/assets/profile-layout-dd44.js'],
      '/profile/$username/': ['/assets/profile-layout-dd44.js', '/assets/profile-ee55.js'],
      '/moderation/': ['/assets/moderation-ff66.js'],
    }),
  );
  const asset = path.join(spaDir, 'assets', 'index-abc123.js');
  await fs.writeFile(asset, script);
  await fs.writeFile(`${asset}.br`, zlib.brotliCompressSync(script));
  await fs.writeFile(`${asset}.gz`, zlib.gzipSync(script));
  await fs.copyFile(path.join(import.meta.dirname, '../../public/favicon.ico'), path.join(spaDir, 'favicon.ico'));
  // Already compressed formats, made large enough to be worth compressing if they were text.
  await fs.writeFile(path.join(spaDir, 'trail.webp'), Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), Buffer.alloc(8000, 7)]));
  await fs.writeFile(path.join(spaDir, 'clip.mp4'), Buffer.concat([Buffer.from('\0\0\0\x18ftypmp42'), Buffer.alloc(8000, 7)]));
  await fs.copyFile(path.join(import.meta.dirname, '../../public/robots.txt'), path.join(spaDir, 'robots.txt'));
  t = await createTestApp({ spaDir });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(buildDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compression', () => {
  it('sends a built script as the build compressed it: Brotli or gzip by Accept-Encoding, else as it is', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses API JSON and the page on the fly, and never a photo or a video', async () => {
    // The countries' list: public, and some kilobytes.
    const api = await get('/api/country', 'br');
    expect(api.headers['content-encoding']).toBe('br');
    expect(api.headers.vary).toMatch(/accept-encoding/i);
    const answer = JSON.parse(zlib.brotliDecompressSync(api.rawPayload).toString()) as { data: unknown };
    expect(parse(countriesData, answer.data)).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Germany' })]));
    expect((await get('/api/country', 'gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await get('/api/country');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(api.rawPayload.length * 3);

    const page = await get('/auth/login', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');

    for (const [url, type] of [
      ['/trail.webp', 'image/webp'],
      ['/clip.mp4', 'video/mp4'],
    ]) {
      const media = await get(url!, 'br, gzip');
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toBe(type);
      expect(media.headers['content-encoding'], url).toBeUndefined();
      expect(media.rawPayload.length).toBeGreaterThan(8000);
    }
  });
});

describe('addresses', () => {
  it.each(['/', '/auth/login', '/feeds/42', '/profile/mayatrails', '/profile/mayatrails/', '/moderation', '/feeds/42?from=share'])('answers the app’s page %s with 200', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root"');
  });

  it.each(['/nowhere', '/feeds/42/extra', '/profile', '/wp-login.php'])('answers %s with the page and a real 404, where the router shows not-found', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root">');
  });

  it('sends a prerendered page with its markup in #root and the configuration it was rendered with; other pages empty', async () => {
    const login = await get('/auth/login');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<div id="root"><main><h1>Page /auth/login</h1><p>without Google</p></main></div>');
    expect(login.body).toMatch(/<meta name="switchback-config" content="[^"]*googleClientId&quot;:null/);
    expect((await get('/')).body).toContain('<h1>Page /</h1>');
    // Its scripts start after the first paint (server/lib/boot-script.ts): named in <meta>s, not tags that load them;
    // the entry's imports and the route's own code among them.
    expect(login.body).toContain('<meta name="switchback-entry" content="/assets/index-abc123.js">');
    expect(login.body).toContain('<meta name="switchback-preload" content="/assets/router-def456.js /assets/login-aa11.js">');
    expect(login.body).not.toMatch(/<script type="module"|rel="modulepreload"/);
    // A signed-in list's shell: marked for the boot script and main.tsx, its scripts after the paint too.
    const moderation = (await get('/moderation')).body;
    expect(moderation).toContain('<div id="root" data-shell inert><main><h1>Page /moderation</h1>');
    expect(moderation).toContain('<meta name="switchback-shell">');
    expect(moderation).toContain('<meta name="switchback-preload" content="/assets/router-def456.js /assets/moderation-ff66.js">');
    expect(moderation).not.toMatch(/<script type="module"|rel="modulepreload"/);
    // Not a prerendered page: the empty shell the script fills, its script loading at once.
    const shell = (await get('/feeds/42')).body;
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(shell).not.toContain('switchback-entry');
    // Its route's code is asked for beside the entry, not after the entry has run.
    expect(shell).toContain('<link rel="modulepreload" crossorigin href="/assets/feed-bb22.js"><link rel="modulepreload" crossorigin href="/assets/post-card-cc33.js">');
    // A member's page is their profile's index, with its layout's code.
    expect((await get('/profile/mayatrails')).body.match(/href="\/assets\/profile-[^"]+"/g)).toEqual(['href="/assets/profile-layout-dd44.js"', 'href="/assets/profile-ee55.js"']);
    // A 404 preloads nothing of a route.
    expect((await get('/nowhere')).body).not.toMatch(/login-aa11|feed-bb22|profile-/);
  });

  it('answers a missing asset or API path with a plain 404, never the page as a script', async () => {
    for (const url of ['/assets/index-gone999.js', '/api/nothing-here']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Not found.' });
    }
  });

  it('serves robots.txt (public pages allowed, the app and API not) and favicon.ico', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toMatch(/^User-agent: \*$/m);
    expect(robots.body).toMatch(/^Allow: \/auth\/login$/m);
    expect(robots.body).toMatch(/^Disallow: \/$/m);
    expect((await get('/favicon.ico')).rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });
});
