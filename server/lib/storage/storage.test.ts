import { randomBytes } from 'node:crypto';
import { ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { startLocalS3 } from '../../test/local-s3';
import { createStorage } from './create-storage';
import { RangeNotSatisfiable, type Storage } from './storage';

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
      await expect(store.putFile(key, path.join(dataDir, 'anything.json'), 'application/json'), key).rejects.toThrow(/Invalid storage key/);
      await expect(store.get(key, { start: 0 }), key).rejects.toThrow(/Invalid storage key/);
    }
    await expect(store.removePrefix('k2')).rejects.toThrow(/must end with/);
    await expect(store.removePrefix('../')).rejects.toThrow(/Invalid storage key/);
  });

  it('stores a file from disk byte for byte', async () => {
    const store = stores[kind];
    const source = path.join(dataDir, `${kind}-source.mp4`);
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    await fs.writeFile(source, bytes);

    await store.putFile('v1/video.mp4', source, 'video/mp4');
    const got = await store.get('v1/video.mp4');
    expect(got).toMatchObject({ contentType: 'video/mp4', size: bytes.length });
    expect(got!.range).toBeUndefined();
    expect((await buffer(got!.stream)).equals(bytes)).toBe(true);
    // The source is the caller's to remove.
    expect((await fs.readFile(source)).equals(bytes)).toBe(true);

    // A source that is not there stores nothing.
    await expect(store.putFile('v1/other.mp4', path.join(dataDir, 'not-there.mp4'), 'video/mp4')).rejects.toThrow(/ENOENT/);
    expect(await store.get('v1/other.mp4')).toBeNull();
    await store.removePrefix('v1/');
  });

  it('reads byte ranges, saying which bytes and the whole size', async () => {
    const store = stores[kind];
    // Byte i is i % 256, so each slice's values are known.
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
    await store.put('r1/bytes.json', bytes, 'application/json');
    const read = async (range: { start: number; end?: number }) => {
      const got = (await store.get('r1/bytes.json', range))!;
      return { size: got.size, range: got.range, contentType: got.contentType, bytes: [...(await buffer(got.stream))] };
    };

    expect(await read({ start: 0, end: 99 })).toEqual({
      size: 1000,
      range: { start: 0, end: 99 },
      contentType: 'application/json',
      bytes: Array.from({ length: 100 }, (_, i) => i),
    });
    expect(await read({ start: 300, end: 303 })).toMatchObject({ size: 1000, range: { start: 300, end: 303 }, bytes: [44, 45, 46, 47] });
    // Open-ended: to the last byte.
    expect(await read({ start: 990 })).toMatchObject({
      size: 1000,
      range: { start: 990, end: 999 },
      bytes: [222, 223, 224, 225, 226, 227, 228, 229, 230, 231],
    });
    // An end past the last byte stops at the last byte.
    expect(await read({ start: 998, end: 5000 })).toMatchObject({ size: 1000, range: { start: 998, end: 999 }, bytes: [230, 231] });
    expect(await read({ start: 999, end: 999 })).toMatchObject({ size: 1000, range: { start: 999, end: 999 }, bytes: [231] });
    expect(await read({ start: 0 })).toMatchObject({ size: 1000, range: { start: 0, end: 999 }, bytes: [...bytes] });

    // A start at or past the end is refused with the size, for a 416.
    for (const start of [1000, 5000]) {
      const err = await store.get('r1/bytes.json', { start }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RangeNotSatisfiable);
      expect(err).toMatchObject({ size: 1000 });
    }
    // So is any range of an empty object.
    await store.put('r1/empty.json', Buffer.alloc(0), 'application/json');
    await expect(store.get('r1/empty.json', { start: 0 })).rejects.toMatchObject({ name: 'RangeNotSatisfiable', size: 0 });
    expect((await store.get('r1/empty.json'))!.size).toBe(0);
    // A missing object is still null, range or not.
    expect(await store.get('r1/missing.json', { start: 0, end: 9 })).toBeNull();
    // Ranges no request could mean are a caller's bug, not a 416.
    for (const range of [{ start: -1 }, { start: 10, end: 9 }, { start: 1.5 }, { start: 0, end: Number.NaN }]) {
      await expect(store.get('r1/bytes.json', range), JSON.stringify(range)).rejects.toThrow(/Invalid byte range/);
    }
    await store.removePrefix('r1/');
  });
});

describe('local storage', () => {
  it('keeps files under DATA_DIR/media and will not store a type its extension does not say', async () => {
    await stores.local.put('k3/x.webp', Buffer.from('RIFF'), 'image/webp');
    expect(await fs.readFile(path.join(dataDir, 'media', 'k3', 'x.webp'), 'utf8')).toBe('RIFF');
    await expect(stores.local.put('k3/y.webp', Buffer.from('x'), 'text/html')).rejects.toThrow(/extension/);
  });

  it('copies a file into place under a temporary name, leaving none behind', async () => {
    const source = path.join(dataDir, 'copied.mp4');
    await fs.writeFile(source, randomBytes(3 * 1024 * 1024));
    await stores.local.putFile('k4/v.mp4', source, 'video/mp4');
    await expect(stores.local.putFile('k4/missing.mp4', path.join(dataDir, 'not-there.mp4'), 'video/mp4')).rejects.toThrow(/ENOENT/);
    await expect(stores.local.putFile('k4/w.webp', source, 'video/mp4')).rejects.toThrow(/extension/);
    expect(await fs.readdir(path.join(dataDir, 'media', 'k4'))).toEqual(['v.mp4']);
    expect((await fs.readFile(path.join(dataDir, 'media', 'k4', 'v.mp4'))).equals(await fs.readFile(source))).toBe(true);
  });
});

describe('S3 storage', () => {
  it('streams a file from disk, and tries again from a new stream when S3 asks it to slow down', async () => {
    const source = path.join(dataDir, 'retried.mp4');
    const bytes = randomBytes(64 * 1024);
    await fs.writeFile(source, bytes);
    const slowDown = Object.assign(new Error('Please reduce your request rate.'), {
      name: 'SlowDown',
      $metadata: { httpStatusCode: 503 },
    });
    const send = vi.spyOn(S3Client.prototype, 'send').mockRejectedValueOnce(slowDown);
    let calls: unknown[];
    try {
      await stores.s3.putFile('k5/v.mp4', source, 'video/mp4');
    } finally {
      calls = send.mock.calls.map(([command]) => command);
      send.mockRestore();
    }
    const puts = calls.filter((c) => c instanceof PutObjectCommand);
    expect(puts).toHaveLength(2);
    expect(puts.map((c) => c.input.ContentLength)).toEqual([bytes.length, bytes.length]);
    const [first, second] = puts.map((c) => c.input.Body);
    expect(first).toBeInstanceOf(ReadStream);
    expect(second).toBeInstanceOf(ReadStream);
    expect(second).not.toBe(first);
    expect((await buffer((await stores.s3.get('k5/v.mp4'))!.stream)).equals(bytes)).toBe(true);
  });

  it('asks for the size when a service refuses a range without giving it', async () => {
    await stores.s3.put('k6/a.json', Buffer.from('{"a":1}'), 'application/json');
    const bare416 = Object.assign(new Error('InvalidRange'), { name: 'InvalidRange', $metadata: { httpStatusCode: 416 } });
    const send = vi.spyOn(S3Client.prototype, 'send').mockRejectedValueOnce(bare416);
    try {
      await expect(stores.s3.get('k6/a.json', { start: 7 })).rejects.toMatchObject({ name: 'RangeNotSatisfiable', size: 7 });
      const sent = send.mock.calls.map(([command]) => command.constructor.name);
      expect(sent).toEqual(['GetObjectCommand', 'HeadObjectCommand']);
    } finally {
      send.mockRestore();
    }
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
