import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressImageData, type UploadedImage } from '#contract/media';
import { uploads } from '../../db/schema/media';
import { days, hours, minutes } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { createTestApp, okData, type TestApp } from '../../test/test-app';
import { attachUpload, detachUploads } from './attach';
import { startUploadSweeper, sweepUnattachedUploads } from './sweeper';
import { imageForm, solid, unsigned } from './test-images';
import { uploadKeyFromUrl } from './upload-files';

let t: TestApp;
let alice: Awaited<ReturnType<TestApp['signUp']>>;
let bob: Awaited<ReturnType<TestApp['signUp']>>;
beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = [await t.signUp(), await t.signUp()];
});
afterAll(() => t?.close());

async function uploadAs(token: string, type = 'profile'): Promise<UploadedImage> {
  const form = imageForm(await solid(40, 30, 'png'), { type });
  const res = await t.app.inject({ method: 'POST', url: '/api/compress-image', payload: form.payload, headers: { ...form.headers, ...t.bearer(token) } });
  return okData(res, compressImageData).images[0]!;
}

const filesOnDisk = (key: string) => fs.existsSync(path.join(t.dataDir, 'media', key));
const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode === 200;
const rowOf = async (key: string) => (await t.db.select().from(uploads).where(eq(uploads.key, key)))[0];

async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('attachUpload', () => {
  it('attaches the member’s own upload and returns its display URL', async () => {
    const image = await uploadAs(alice.token);
    const url = await attachUpload(t.db, { userId: alice.userId, key: image.key, field: 'profileImage', purpose: 'profile' });
    expect(url).toBe(unsigned(image.url));
    expect(uploadKeyFromUrl(url)).toBe(image.key);
    expect((await rowOf(image.key))?.attachedAt).toBeInstanceOf(Date);
    // Saving the same form again is fine.
    expect(await attachUpload(t.db, { userId: alice.userId, key: image.key, field: 'profileImage' })).toBe(unsigned(image.url));
  });

  it('refuses someone else’s upload, an unknown or malformed key, and another purpose, on the caller’s field', async () => {
    const bobs = await uploadAs(bob.token);
    const alices = await uploadAs(alice.token, 'feed');
    for (const [key, purpose] of [
      [bobs.key, undefined],
      ['A'.repeat(22), undefined],
      ['../../etc/passwd', undefined],
      [alices.key, 'profile'],
    ] as const) {
      const err = await refusal(attachUpload(t.db, { userId: alice.userId, key, field: 'profileCoverImage', purpose }));
      expect(err.statusCode).toBe(400);
      expect(err.message).toBe('Upload the image again.');
      expect(err.errors).toEqual({ profileCoverImage: ['Upload the image again.'] });
    }
    expect((await rowOf(bobs.key))?.attachedAt).toBeNull();
  });
});

describe('unattached uploads', () => {
  it('are removed, files and row, a day after upload; attached ones stay', async () => {
    const kept = await uploadAs(alice.token);
    await attachUpload(t.db, { userId: alice.userId, key: kept.key, field: 'profileImage' });
    const abandoned = await uploadAs(alice.token);
    const detached = await uploadAs(alice.token);
    await attachUpload(t.db, { userId: alice.userId, key: detached.key, field: 'profileImage' });
    await detachUploads(t.db, { userId: alice.userId, keys: [detached.key] });
    // Someone else cannot detach Alice's upload.
    await detachUploads(t.db, { userId: bob.userId, keys: [kept.key] });

    t.clock.advance(hours(23));
    await sweepUnattachedUploads(t.app.deps);
    expect(filesOnDisk(abandoned.key)).toBe(true);
    expect(await served(abandoned.url)).toBe(true);

    t.clock.advance(hours(1) + minutes(1));
    expect(await sweepUnattachedUploads(t.app.deps)).toBeGreaterThanOrEqual(2);
    for (const gone of [abandoned, detached]) {
      expect(await rowOf(gone.key)).toBeUndefined();
      expect(filesOnDisk(gone.key)).toBe(false);
      expect(await served(gone.url)).toBe(false);
    }
    expect(await rowOf(kept.key)).toBeDefined();
    expect(filesOnDisk(kept.key)).toBe(true);
    expect(await served(kept.url)).toBe(true);
    // Too late to attach a swept upload.
    const err = await refusal(attachUpload(t.db, { userId: alice.userId, key: abandoned.key, field: 'profileImage' }));
    expect(err.statusCode).toBe(400);
  });

  it('are swept once when the sweeper starts, and stopping it waits for that sweep', async () => {
    const abandoned = await uploadAs(bob.token);
    t.clock.advance(days(1) + minutes(1));
    const log = { info: () => {}, error: (o: unknown) => expect.fail(String(o)) };
    const sweeper = startUploadSweeper(t.app.deps, log, hours(1));
    await sweeper.stop();
    expect(await rowOf(abandoned.key)).toBeUndefined();
    expect(filesOnDisk(abandoned.key)).toBe(false);
  });
});
