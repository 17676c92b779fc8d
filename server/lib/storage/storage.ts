import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of an object, counted from 0 and both included, as HTTP's `Range: bytes=start-end` has them. */
export type ByteRange = { start: number; end: number };

/**
 * A stored object as read back: its bytes as a stream, and the type and size it was stored with. `size` is always the
 * whole object's, even when the stream holds only `range` of it, since an HTTP layer answering 206 needs both
 * (`Content-Range: bytes start-end/size`). `range` is undefined when the stream holds the whole object because no range
 * was asked for, or because an S3-compatible service ignored it (HTTP lets a server): then the answer is a 200.
 */
export type StoredObject = { stream: Readable; contentType: string; size: number; range?: ByteRange };

/**
 * Thrown by get() when a range starts at or past the end of the object (any range of an empty one), so the HTTP layer
 * can answer 416 with the size its Content-Range must give. An error rather than the whole object or an empty stream,
 * since either would be a wrong answer to send as it is.
 */
export class RangeNotSatisfiable extends Error {
  constructor(readonly size: number) {
    super(`The requested range is not satisfiable: the object has ${size} bytes`);
    this.name = 'RangeNotSatisfiable';
  }
}

/**
 * Where uploaded files live: local disk by default, an S3-compatible bucket when `S3_BUCKET` is set
 * (architecture.md, "media files"). Keys are made by the server, never taken from a request: segments of letters,
 * digits, `_`, `-` and `.` joined by `/`, e.g. `<uploadKey>/display.webp`.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores what the server already holds in memory: images it made, small JSON. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores the file at `path` by streaming it, never reading it whole: videos run to hundreds of megabytes, and a few
   * at once in memory would take the server down. The file is left where it is; removing it is the caller's.
   */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /**
   * The object, or null when there is none under this key. With `range`, the stream holds only bytes `start` to `end`
   * (the last byte when left out, and never past it), so a video player's seek reads what it asks for and not the
   * file from the start; a range starting at or past the end throws RangeNotSatisfiable.
   */
  get(key: string, range?: { start: number; end?: number }): Promise<StoredObject | null>;
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

/**
 * Refuses a range no request could mean (negative, fractional, ending before it starts): the HTTP layer parses the
 * header and ignores a malformed one (RFC 9110 says to answer 200 then), so one reaching storage is a bug, not a 416.
 */
export function assertByteRange(range: { start: number; end?: number }) {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0 || (end !== undefined && (!Number.isSafeInteger(end) || end < start))) {
    throw new Error(`Invalid byte range: ${JSON.stringify(range)}`);
  }
}
