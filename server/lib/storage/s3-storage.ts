import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { AppConfig } from '../../config';
import { assertByteRange, assertObjectKey, assertPrefix, RangeNotSatisfiable, type Storage } from './storage';

export type S3Settings = NonNullable<AppConfig['s3']>;

type SdkError = { name?: string; code?: string; $metadata?: { httpStatusCode?: number }; ActualObjectSize?: unknown };

const statusOf = (err: unknown) => (err as SdkError).$metadata?.httpStatusCode;
const isNotFound = (err: unknown) => err instanceof NoSuchKey || statusOf(err) === 404;

/** A refusal or a broken connection that the same request may get past a moment later. */
function isTransient(err: unknown) {
  const status = statusOf(err);
  if (status !== undefined) return status >= 500 || status === 429;
  const { name, code } = err as SdkError;
  return name === 'TimeoutError' || ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT'].includes(code ?? '');
}

/** Tries of one putFile(): see there. */
const PUT_FILE_ATTEMPTS = 3;

/** Objects in one bucket of any S3-compatible service (AWS, MinIO, R2, Ceph, s3rver in tests). */
export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Without keys the SDK's default chain applies (environment, instance or task role).
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // The SDK's newer default checksums on every request are not understood by every S3-compatible service.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  async function removeKeys(keys: readonly string[]) {
    // DeleteObjects takes at most 1,000 keys a call.
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      const res = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
      if (res.Errors?.length) throw new Error(`S3 could not delete ${res.Errors.map((e) => `${e.Key}: ${e.Code}`).join(', ')}`);
    }
  }

  /** The size of the object, or null when there is none. */
  async function sizeOf(key: string) {
    try {
      return (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  return {
    kind: 's3',

    async put(key, body, contentType) {
      assertObjectKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
    },

    async putFile(key, path, contentType) {
      assertObjectKey(key);
      // One PUT takes objects up to 5 GB, far past the largest video (300 MB), so no multipart upload. With
      // ContentLength given, the SDK sends the stream as it reads it rather than buffering it to learn its length.
      const { size } = await stat(path);
      // The SDK never retries a request whose body is a stream (it cannot rewind one), so a throttled or dropped upload
      // is tried again here, from a new stream.
      for (let attempt = 1; ; attempt += 1) {
        const Body = createReadStream(path);
        try {
          await client.send(new PutObjectCommand({ Bucket, Key: key, Body, ContentType: contentType, ContentLength: size }));
          return;
        } catch (err) {
          if (attempt >= PUT_FILE_ATTEMPTS || !isTransient(err)) throw err;
        } finally {
          Body.destroy();
        }
        await sleep(attempt * 1000);
      }
    },

    async get(key, range) {
      assertObjectKey(key);
      if (range) assertByteRange(range);
      let res;
      try {
        res = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range && `bytes=${range.start}-${range.end ?? ''}` }));
      } catch (err) {
        if (isNotFound(err)) return null;
        // S3 answers a range past the end with 416 InvalidRange, whose body gives the size; ask for it if not there.
        if (range && statusOf(err) === 416) {
          const size = Number((err as SdkError).ActualObjectSize ?? NaN);
          if (Number.isSafeInteger(size)) throw new RangeNotSatisfiable(size);
          const whole = await sizeOf(key);
          if (whole === null) return null;
          throw new RangeNotSatisfiable(whole);
        }
        throw err;
      }
      const stream = res.Body as Readable;
      const contentType = res.ContentType ?? 'application/octet-stream';
      // A service may send the whole object for a range (HTTP lets it): then `range` stays undefined, as without one.
      if (!range || !res.ContentRange) {
        const size = res.ContentLength ?? 0;
        if (range && range.start >= size) {
          stream.destroy();
          throw new RangeNotSatisfiable(size);
        }
        return { stream, contentType, size };
      }
      // `bytes 0-99/12345`: what the stream holds, and the whole object's size.
      const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.ContentRange);
      const [start, end, size] = match ? match.slice(1).map(Number) : [];
      if (start === undefined || end === undefined || size === undefined) {
        stream.destroy();
        throw new Error(`S3 answered a range with Content-Range ${JSON.stringify(res.ContentRange)}`);
      }
      // S3 refuses any range of an empty object; some S3-compatible services send an empty 206 instead.
      if (start >= size) {
        stream.destroy();
        throw new RangeNotSatisfiable(size);
      }
      return { stream, contentType, size, range: { start, end } };
    },

    async remove(keys) {
      keys.forEach(assertObjectKey);
      if (keys.length > 0) await removeKeys(keys);
    },

    async removePrefix(prefix) {
      assertPrefix(prefix);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
        if (keys.length > 0) await removeKeys(keys);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async close() {
      client.destroy();
    },
  };
}
