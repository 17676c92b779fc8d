import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressImageData, IMAGE_MAX_BYTES } from '#contract/media';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { imageForm, multipartForm, pngBomb, readExifGps, sidewaysJpegWithGps, solid, webpChunks } from './test-images';

let t: TestApp;
let member: Awaited<ReturnType<TestApp['signUp']>>;
beforeAll(async () => {
  t = await createTestApp();
  member = await t.signUp();
});
afterAll(() => t?.close());

const upload = (form: { payload: Buffer; headers: Record<string, string> }, headers: Record<string, string> = t.bearer(member.token)) =>
  t.app.inject({ method: 'POST', url: '/api/compress-image', payload: form.payload, headers: { ...form.headers, ...headers } });
const fetchMedia = (url: string) => t.app.inject({ method: 'GET', url });
const uploaded = async (res: Awaited<ReturnType<typeof upload>>) => okData(res, compressImageData).images[0]!;

describe('POST /api/compress-image', () => {
  it('turns a sideways phone photo upright and strips its GPS, EXIF, XMP and ICC profile', async () => {
    const jpeg = await sidewaysJpegWithGps();
    // The input really carries all of it (GPS read by hand, not by the library under test).
    const input = await sharp(jpeg).metadata();
    expect(input).toMatchObject({ width: 300, height: 200, orientation: 6 });
    expect(readExifGps(input.exif)).toEqual({ latitudeRef: 'N', latitude: [51, 30, 0], longitudeRef: 'W', longitude: [0, 7, 30] });
    expect(input.xmp).toBeDefined();
    expect(input.icc).toBeDefined();

    const image = await uploaded(await upload(imageForm(jpeg, { type: 'feed', orientation: '6' })));
    expect(image).toMatchObject({ width: 200, height: 300, dimens: '200:300' });
    expect(image.key).toMatch(/^[A-Za-z0-9_-]{22,}$/);

    for (const url of [image.url, image.thumbnail]) {
      const res = await fetchMedia(url);
      expect(res.statusCode).toBe(200);
      const out = await sharp(res.rawPayload).metadata();
      expect(out).toMatchObject({ format: 'webp', width: 200, height: 300 });
      expect(out.exif).toBeUndefined();
      expect(out.xmp).toBeUndefined();
      expect(out.icc).toBeUndefined();
      expect(out.iptc).toBeUndefined();
      expect(out.orientation).toBeUndefined();
      // Not even an empty metadata chunk in the file: only the image itself.
      expect(webpChunks(res.rawPayload)).toEqual(['VP8 ']);
      expect(res.rawPayload.includes('Acme')).toBe(false);
    }

    // Upright: the red half, stored on the left, is now on top.
    const { data, info } = await sharp((await fetchMedia(image.url)).rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [topR, , topB] = pixel(100, 20);
    const [bottomR, , bottomB] = pixel(100, 280);
    expect(topR).toBeGreaterThan(150);
    expect(topB).toBeLessThan(100);
    expect(bottomB).toBeGreaterThan(150);
    expect(bottomR).toBeLessThan(100);
  });

  it('accepts PNG, GIF and WebP (and the field name `image`), answering the display size', async () => {
    for (const format of ['png', 'gif', 'webp'] as const) {
      const file = await solid(64, 48, format, format !== 'gif');
      const image = await uploaded(await upload(imageForm(file, { field: 'image', filename: `x.${format}`, contentType: `image/${format}` })));
      expect(image, format).toMatchObject({ width: 64, height: 48, dimens: '64:48' });
      expect((await fetchMedia(image.url)).statusCode).toBe(200);
    }
  });

  it('makes the display size and thumbnail by purpose, never enlarging', async () => {
    const wide = await solid(3000, 1000, 'png');
    const avatar = await uploaded(await upload(imageForm(wide, { type: 'profile' })));
    expect(avatar).toMatchObject({ width: 1024, height: 341, dimens: '1024:341' });
    expect(await sharp((await fetchMedia(avatar.thumbnail)).rawPayload).metadata()).toMatchObject({ width: 400, height: 133 });

    const cover = await uploaded(await upload(imageForm(wide, { type: 'cover' })));
    expect(cover).toMatchObject({ width: 2400, height: 800 });

    const small = await uploaded(await upload(imageForm(await solid(120, 90, 'png'))));
    expect(small).toMatchObject({ width: 120, height: 90 });
    expect(await sharp((await fetchMedia(small.thumbnail)).rawPayload).metadata()).toMatchObject({ width: 120, height: 90 });
  });

  it('decides the type from the bytes: HTML named .png, SVG and other files are 415', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n');
    for (const [file, filename, contentType] of [
      [html, 'cat.png', 'image/png'],
      [svg, 'logo.svg', 'image/svg+xml'],
      [svg, 'logo.png', 'image/png'],
      [pdf, 'doc.jpg', 'image/jpeg'],
    ] as const) {
      const res = await upload(imageForm(file, { filename, contentType }));
      expect(res.statusCode, filename).toBe(415);
      expect(body(res)).toEqual({
        code: 415,
        message: 'Only PNG, JPEG, GIF or WebP images can be uploaded.',
        errors: { image: ['Only PNG, JPEG, GIF or WebP images can be uploaded.'] },
      });
    }
  });

  it('refuses a polyglot: PNG magic followed by HTML is not decodable, so nothing is stored', async () => {
    const polyglot = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await upload(imageForm(polyglot, { filename: 'x.png', contentType: 'image/png' }));
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toHaveProperty('image');
  });

  it('refuses a 1 KB PNG declaring 30,000 x 30,000 pixels fast, without decoding it', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(1100);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const res = await upload(imageForm(bomb, { filename: 'bomb.png', contentType: 'image/png' }));
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({ code: 413, message: 'That image is too large: images can be up to 40 megapixels.' });
    expect(elapsed).toBeLessThan(500);
    // Decoding would need 2.7 GB; the header alone is read.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it('answers 413 for a body over the limit, before reading it when its length is declared', async () => {
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 1024 * 1024, 0xff);
    const declared = await upload(imageForm(big));
    expect(declared.statusCode).toBe(413);
    expect(body(declared)).toEqual({
      code: 413,
      message: 'That image is too large: images can be up to 20 MB.',
      errors: { image: ['That image is too large: images can be up to 20 MB.'] },
    });

    // Just over the limit, so the length check lets it through: the parser stops at the limit.
    const justOver = await upload(imageForm(big.subarray(0, IMAGE_MAX_BYTES + 1)));
    expect(justOver.statusCode).toBe(413);
    expect(body(justOver)).toMatchObject({ code: 413, message: 'That image is too large: images can be up to 20 MB.' });
  });

  it('takes at most 60 uploads a minute from one member, without slowing anyone else', async () => {
    const [busy, other] = [await t.signUp(), await t.signUp()];
    const form = imageForm(await solid(8, 8, 'png'));
    for (let i = 0; i < 60; i++) expect((await upload(form, t.bearer(busy.token))).statusCode).toBe(200);
    const limited = await upload(form, t.bearer(busy.token));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await upload(form, t.bearer(other.token))).statusCode).toBe(200);
  });

  it('asks for a sign-in first', async () => {
    const res = await upload(imageForm(await solid(10, 10, 'png')), {});
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ code: 401 });
  });

  it('names the field that is wrong: no image, an unknown type, a bad orientation, a non-multipart body', async () => {
    const png = await solid(10, 10, 'png');
    const noImage = await upload(multipartForm([{ name: 'type', value: 'feed' }]));
    expect(noImage.statusCode).toBe(400);
    expect(body(noImage).errors).toHaveProperty('image');

    const badType = await upload(imageForm(png, { type: 'admin' }));
    expect(badType.statusCode).toBe(400);
    expect(body(badType).errors).toHaveProperty('type');

    const badOrientation = await upload(imageForm(png, { orientation: '99' }));
    expect(badOrientation.statusCode).toBe(400);
    expect(body(badOrientation).errors).toHaveProperty('orientation');

    const json = await t.app.inject({ method: 'POST', url: '/api/compress-image', payload: { image: 'x' }, headers: t.bearer(member.token) });
    expect(json.statusCode).toBe(415);
  });

  it('answers 400, not 500, for a form that is cut short or malformed, and 413 for too many parts', async () => {
    const form = imageForm(await solid(10, 10, 'png'));
    for (const [payload, contentType] of [
      [form.payload.subarray(0, form.payload.length - 30), form.headers['content-type']],
      [Buffer.from('not a form at all'), 'multipart/form-data; boundary=xyz'],
      [Buffer.from('no boundary'), 'multipart/form-data'],
    ] as const) {
      const res = await upload({ payload, headers: { 'content-type': contentType } });
      expect(res.statusCode, payload.toString('latin1', 0, 20)).toBe(400);
      expect(body(res)).toMatchObject({ code: 400, errors: { image: [expect.any(String)] } });
    }
    const manyFields = multipartForm(Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, value: 'v' })));
    expect((await upload(manyFields)).statusCode).toBe(413);
  });
});

describe('GET /media/<key>/<file>', () => {
  it('serves the sizes with a fixed type and nosniff; not yet saved onto anything, only to the uploader’s browser', async () => {
    const image = await uploaded(await upload(imageForm(await solid(50, 40, 'png'), { filename: 'evil.html', contentType: 'text/html' })));
    for (const url of [image.url, image.thumbnail]) {
      const res = await fetchMedia(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
  });

  it('keeps the original as sent, for the export only: it is never served', async () => {
    const jpeg = await sidewaysJpegWithGps();
    const image = await uploaded(await upload(imageForm(jpeg)));
    // Stored byte for byte (GPS and all: it is the member's own data) ...
    expect(await fs.readFile(path.join(t.dataDir, 'media', image.key, 'original.jpg'))).toEqual(jpeg);
    // ... but no path reaches it.
    for (const url of [
      `/media/${image.key}/original.jpg`,
      `/media/${image.key}/original.webp`,
      `/media/${image.key}/..%2F${image.key}%2Foriginal.jpg`,
      `/media/${image.key}/display.jpg`,
      `/media/${image.key}/`,
      `/media/${image.key}`,
      `/media/..%2F${image.key}/original.jpg`,
      `/media/${'A'.repeat(22)}/display.webp`,
      `/media/${image.key.slice(0, 21)}/display.webp`,
    ]) {
      const res = await fetchMedia(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.rawPayload.includes(jpeg.subarray(0, 64))).toBe(false);
    }
  });
});

describe('OpenAPI', () => {
  it('documents the upload as a multipart form', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> }; responses?: Record<string, unknown> }>>;
    }>();
    const op = doc.paths['/api/compress-image']?.post;
    expect(op?.requestBody?.content).toHaveProperty('multipart/form-data');
    expect(op?.responses).toHaveProperty('200');
    expect(doc.paths['/media/{key}/{file}']?.get).toBeDefined();
  });
});
