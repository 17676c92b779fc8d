import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressImageData } from '#contract/media';
import { days, minutes } from '../../lib/clock';
import { startLocalS3 } from '../../test/local-s3';
import { createTestApp, okData, type TestApp } from '../../test/test-app';
import { sweepUnattachedUploads } from './sweeper';
import { imageForm, readExifGps, sidewaysJpegWithGps } from './test-images';

let s3: Awaited<ReturnType<typeof startLocalS3>>;
let t: TestApp;
let client: S3Client;
beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp({ env: s3.env });
  client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  client?.destroy();
  await t?.close();
  await s3?.stop();
});

const getObject = async (key: string) => {
  const res = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return { contentType: res.ContentType, bytes: Buffer.from(await res.Body!.transformToByteArray()) };
};
const listKeys = async (prefix: string) =>
  ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? []).map((o) => o.Key);

describe('media on an S3-compatible bucket (S3_* set)', () => {
  it('stores the sizes and the original in the bucket, serves them through the API, and sweeps them', async () => {
    expect(t.app.deps.storage.kind).toBe('s3');
    const member = await t.signUp();
    const jpeg = await sidewaysJpegWithGps();
    const form = imageForm(jpeg);
    const res = await t.app.inject({ method: 'POST', url: '/api/compress-image', payload: form.payload, headers: { ...form.headers, ...t.bearer(member.token) } });
    const image = okData(res, compressImageData).images[0]!;

    expect((await listKeys(`${image.key}/`)).sort()).toEqual([`${image.key}/display.webp`, `${image.key}/original.jpg`, `${image.key}/thumb.webp`]);
    const display = await getObject(`${image.key}/display.webp`);
    expect(display.contentType).toBe('image/webp');
    const meta = await sharp(display.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 300 });
    expect(readExifGps(meta.exif)).toBeNull();
    const original = await getObject(`${image.key}/original.jpg`);
    expect(original).toEqual({ contentType: 'image/jpeg', bytes: jpeg });
    // Nothing on local disk.
    expect(fs.existsSync(path.join(t.dataDir, 'media'))).toBe(false);

    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload).toEqual(display.bytes);
    expect((await t.app.inject({ method: 'GET', url: `/media/${image.key}/original.jpg` })).statusCode).toBe(404);

    t.clock.advance(days(1) + minutes(1));
    expect(await sweepUnattachedUploads(t.app.deps)).toBe(1);
    expect(await listKeys(`${image.key}/`)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
  });
});
