import type { Readable } from 'node:stream';

/** A stored object as read back: its bytes as a stream, and the type and size it was stored with. */
export type StoredObject = { stream: Readable; contentType: string; size: number };

/**
 * Where uploaded files live: local disk by default, an S3-compatible bucket when `S3_BUCKET` is set
 * (architecture.md, "media files"). Keys are made by the server, never taken from a request: segments of letters,
 * digits, `_`, `-` and `.` joined by `/`, e.g. `<uploadKey>/display.webp`.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes these objects; a key with nothing stored under it is not an error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Removes every object whose key begins with `prefix`, which must name a folder (end with `/`). */
  removePrefix(prefix: string): Promise<void>;
  /** Releases connections; the app calls it on close. */
  close(): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}$/;

/** Refuses any key that could step outside the store (`..`, absolute paths, odd characters). */
export function assertObjectKey(key: string) {
  const segments = key.split('/');
  if (key.length > 1024 || !segments.every((s) => SEGMENT.test(s) && !s.includes('..'))) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

export function assertPrefix(prefix: string) {
  if (!prefix.endsWith('/')) throw new Error(`A storage prefix must end with "/": ${JSON.stringify(prefix)}`);
  assertObjectKey(prefix.slice(0, -1));
}
