import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startLocalS3 } from '../../test/local-s3';
import { createStorage } from './create-storage';
import type { Storage } from './storage';

let dataDir: string;
let s3: Awaited<ReturnType<typeof startLocalS3>>;
const stores: Record<'local' | 's3', Storage> = {} as never;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-storage-'));
  s3 = await startLocalS3();
  stores.local = createStorage(loadConfig({ DATA_DIR: dataDir }));
  stores.s3 = createStorage(loadConfig({ DATA_DIR: dataDir, ...s3.env }));
});
afterAll(async () => {
  await Promise.all(Object.values(stores).map((s) => s.close()));
  await s3?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('%s storage', (kind) => {
  it('is the kind the configuration asks for', () => {
    expect(stores[kind].kind).toBe(kind);
  });

  it('puts, gets and removes objects, one by one or by folder', async () => {
    const store = stores[kind];
    await store.put('k1/a.json', Buffer.from('{"a":1}'), 'application/json');
    await store.put('k1/b.json', Buffer.from('{"b":2}'), 'application/json');
    await store.put('k2/c.json', Buffer.from('{"c":3}'), 'application/json');

    const a = await store.get('k1/a.json');
    expect(a).toMatchObject({ contentType: 'application/json', size: 7 });
    expect(await text(a!.stream)).toBe('{"a":1}');
    expect(await store.get('k1/missing.json')).toBeNull();

    await store.remove(['k1/a.json', 'k1/never-there.json']);
    expect(await store.get('k1/a.json')).toBeNull();
    await store.removePrefix('k1/');
    expect(await store.get('k1/b.json')).toBeNull();
    expect(await store.get('k2/c.json')).not.toBeNull();
    await store.removePrefix('nothing-here/');
  });

  it('refuses keys that could leave the store, and prefixes that are not folders', async () => {
    const store = stores[kind];
    for (const key of ['../escape.json', 'a/../../escape.json', '/etc/passwd', 'a//b.json', 'a/.hidden', 'a\\b.json', '']) {
      await expect(store.put(key, Buffer.from('x'), 'application/json'), key).rejects.toThrow(/Invalid storage key/);
      await expect(store.get(key), key).rejects.toThrow(/Invalid storage key/);
    }
    await expect(store.removePrefix('k2')).rejects.toThrow(/must end with/);
    await expect(store.removePrefix('../')).rejects.toThrow(/Invalid storage key/);
  });
});

describe('local storage', () => {
  it('keeps files under DATA_DIR/media and will not store a type its extension does not say', async () => {
    await stores.local.put('k3/x.webp', Buffer.from('RIFF'), 'image/webp');
    expect(await fs.readFile(path.join(dataDir, 'media', 'k3', 'x.webp'), 'utf8')).toBe('RIFF');
    await expect(stores.local.put('k3/y.webp', Buffer.from('x'), 'text/html')).rejects.toThrow(/extension/);
  });
});

describe('S3 settings', () => {
  it('choose S3 only when S3_BUCKET is set, and want both keys or neither', () => {
    expect(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'media' }).s3).toEqual({
      bucket: 'media',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });
});
