import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../../config';
import { assertObjectKey, assertPrefix, type Storage } from './storage';

export type S3Settings = NonNullable<AppConfig['s3']>;

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

  return {
    kind: 's3',

    async put(key, body, contentType) {
      assertObjectKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
    },

    async get(key) {
      assertObjectKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return {
          stream: res.Body as Readable,
          contentType: res.ContentType ?? 'application/octet-stream',
          size: res.ContentLength ?? 0,
        };
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
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
