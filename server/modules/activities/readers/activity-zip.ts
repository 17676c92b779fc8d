import { posix } from 'node:path';
import { fromBufferPromise, type Entry, type ZipFile } from 'yauzl';
import { AppError, fieldError } from '../../../lib/errors';
import { ACTIVITY_FILE_MAX_BYTES } from './caps';
import { readStravaCsv, type StravaActivityMeta } from './strava-csv';

/**
 * One activity file found in a zip, not read yet: `read` inflates it (its caps counted as it inflates) when the job
 * comes to it, so a zip of years of rides never sits in memory unzipped all at once.
 */
export type ZipActivityFile = { path: string; meta: StravaActivityMeta | null; read(): Promise<Buffer> };
/** An activity file read from a zip (or the one file of a plain upload), ready for the readers. */
export type ZipActivityEntry = { path: string; bytes: Buffer; meta: StravaActivityMeta | null };
/** A file of the zip that is not imported, with the reason in words for the member. */
export type ZipSkippedEntry = { path: string; reason: string };
/** An opened zip: its activity files in the zip's order, what it skips, and `close` once done with it. */
export type ActivityZip = { entries: ZipActivityFile[]; skipped: ZipSkippedEntry[]; close(): void };

export type ZipCaps = {
  /** The zip as uploaded (issue 21: say 500 MB). */
  maxZipBytes: number;
  /** Activity files in one zip. */
  maxActivityFiles: number;
  /** Entries of any kind: the central directory is walked before anything else, so a zip of a million names stops here. */
  maxEntries: number;
  /** One entry, as inflated (counted while inflating, whatever its header says). */
  maxEntryBytes: number;
  /** All entries read, as inflated: many small bombs, each under the entry cap, stop here. */
  maxTotalBytes: number;
};

const MB = 1024 * 1024;
export const activityZipCaps: ZipCaps = {
  maxZipBytes: 500 * MB,
  maxActivityFiles: 2_000,
  maxEntries: 50_000,
  maxEntryBytes: ACTIVITY_FILE_MAX_BYTES,
  maxTotalBytes: 2 * 1024 * MB,
};

const size = (bytes: number) => (bytes >= 1024 * MB ? `${bytes / 1024 / MB} GB` : `${bytes / MB} MB`);
const count = (n: number) => n.toLocaleString('en-US');

const notAZip = () => fieldError('file', 'This is not a zip file we can read.');
const damagedEntry = (path: string) => fieldError('file', `"${path}" in that zip is damaged: it could not be unzipped.`);
const zipTooLarge = (caps: ZipCaps) => fieldError('file', `That zip is too large: a zip can be up to ${size(caps.maxZipBytes)}.`, 413);
const tooManyActivities = (caps: ZipCaps) =>
  fieldError('file', `That zip holds too many activity files: a zip can hold up to ${count(caps.maxActivityFiles)}.`);
const tooManyEntries = (caps: ZipCaps) => fieldError('file', `That zip holds too many files: a zip can hold up to ${count(caps.maxEntries)} in all.`);
const entryTooLarge = (path: string, caps: ZipCaps) =>
  fieldError('file', `"${path}" in that zip is too large: an activity file can be up to ${size(caps.maxEntryBytes)}, unzipped.`, 413);
const totalTooLarge = (caps: ZipCaps) => fieldError('file', `That zip is too large unzipped: its files can add up to ${size(caps.maxTotalBytes)}.`, 413);
const encrypted = (path: string) =>
  fieldError('file', `That zip is password-protected ("${path}" is encrypted): we can only read zips without a password.`);
const unsupportedMethod = (path: string) =>
  fieldError('file', `"${path}" in that zip is compressed in a way we can't read: please make the zip with the usual (deflate) compression.`);

const ACTIVITY_FILE = /\.(fit|gpx|tcx)(\.gz)?$/i;
const STRAVA_INDEX = 'activities.csv';

type Kind = { read: 'activity' | 'index' } | { skip: string } | { ignore: true };

/**
 * The activity files of a zip (a Strava bulk export or any zip of GPX, TCX and FIT files, each possibly gzipped), each
 * with what Strava's `activities.csv` says of it (title, sport, description, gear) when the zip has that index at its
 * root or one folder down. The whole directory is walked and checked first (entry and file counts, encryption, the
 * compression used) and the index read; the activity files are inflated one at a time as the job asks for them, so
 * one bad file refuses only itself.
 *
 * Every cap is checked before or while inflating, never after: sizes are counted as the bytes come out of the
 * inflater and the stream is dropped one chunk past a cap, since a zip's headers may lie about sizes.
 */
export async function openActivityZip(bytes: Buffer, caps: ZipCaps = activityZipCaps): Promise<ActivityZip> {
  if (bytes.length > caps.maxZipBytes) throw zipTooLarge(caps);
  let zip: ZipFile;
  try {
    // Not autoClose: the entries are read after the whole directory has been walked and checked.
    zip = await fromBufferPromise(bytes, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  } catch {
    throw notAZip();
  }
  try {
    return await walk(zip, caps);
  } catch (error) {
    zip.close();
    // yauzl's own errors (a bad directory, a broken index).
    if (error instanceof AppError) throw error;
    throw notAZip();
  }
}

async function walk(zip: ZipFile, caps: ZipCaps): Promise<ActivityZip> {
  if (zip.entryCount > caps.maxEntries) throw tooManyEntries(caps);
  const activities: Entry[] = [];
  const indexes: Entry[] = [];
  const skipped: ZipSkippedEntry[] = [];
  for await (const entry of zip.eachEntry()) {
    const kind = kindOf(entry.fileName);
    if ('ignore' in kind) continue;
    if ('skip' in kind) {
      skipped.push({ path: entry.fileName, reason: kind.skip });
      continue;
    }
    if (entry.isEncrypted()) throw encrypted(entry.fileName);
    if (!entry.canDecodeFileData()) throw unsupportedMethod(entry.fileName);
    (kind.read === 'activity' ? activities : indexes).push(entry);
  }
  if (activities.length > caps.maxActivityFiles) throw tooManyActivities(caps);

  const budget = { inflated: 0 };
  const metaByPath = new Map<string, StravaActivityMeta>();
  for (const index of indexes) {
    const folder = posix.dirname(index.fileName);
    const text = (await inflate(zip, index, caps, budget)).toString('utf8');
    for (const [file, meta] of readStravaCsv(text)) metaByPath.set(posix.normalize(posix.join(folder, file)), meta);
  }
  return {
    entries: activities.map((entry) => ({
      path: entry.fileName,
      meta: metaByPath.get(posix.normalize(entry.fileName)) ?? null,
      read: async () => {
        try {
          return await inflate(zip, entry, caps, budget);
        } catch (error) {
          if (error instanceof AppError) throw error;
          throw damagedEntry(entry.fileName);
        }
      },
    })),
    skipped,
    close: () => zip.close(),
  };
}

function kindOf(path: string): Kind {
  // Folders are only structure: their files are listed one by one.
  if (path.endsWith('/')) return { ignore: true };
  // `./activities/1.gpx` is `activities/1.gpx`: the dot is not a hidden folder, nor a level down.
  const parts = posix.normalize(path).split('/');
  if (parts[0] === '__MACOSX') return { skip: 'A file macOS adds to zips it makes, not an activity.' };
  if (parts.some((part) => part.startsWith('.'))) return { skip: 'A hidden file, not an activity.' };
  if (parts.length <= 2 && parts.at(-1)!.toLowerCase() === STRAVA_INDEX) return { read: 'index' };
  if (ACTIVITY_FILE.test(path)) return { read: 'activity' };
  return { skip: 'Not an activity file: we take GPX, TCX and FIT files, each also gzipped.' };
}

/** One entry's bytes, refused one chunk past the entry cap or the zip's total, without inflating the rest. */
async function inflate(zip: ZipFile, entry: Entry, caps: ZipCaps, budget: { inflated: number }): Promise<Buffer> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let length = 0;
  // Leaving the loop early (a throw) destroys the stream, which stops the inflater.
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    length += chunk.length;
    budget.inflated += chunk.length;
    if (length > caps.maxEntryBytes) throw entryTooLarge(entry.fileName, caps);
    if (budget.inflated > caps.maxTotalBytes) throw totalTooLarge(caps);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, length);
}
