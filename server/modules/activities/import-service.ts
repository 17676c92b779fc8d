import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { and, eq } from 'drizzle-orm';
import type { ActivityImport, ActivityVisibility, ImportOutcome } from '#contract/activities';
import type { Deps } from '../../deps';
import { activityImports } from '../../db/schema/activities';
import { users } from '../../db/schema/users';
import { enqueue } from '../../jobs/queue';
import type { JobPayload } from '../../jobs/queue';
import { AppError, notFound } from '../../lib/errors';
import { checkedZone } from './activity-owner';
import { noticeServiceDue } from '../gear/component-save';
import { findDuplicate, insertImported } from './activity-save';
import { makeViews, removePictures, storePictures, unusedPictures, writeViews, type Written } from './activity-views';
import { memberPrivacy } from './privacy/privacy-service';
import { openActivityZip, type ZipActivityEntry, type ZipActivityFile } from './readers/activity-zip';

/** The job that reads an uploaded file into activities. */
export const IMPORT_JOB = 'activities.import';

const IMPORT_NOT_FOUND = 'That import does not exist.';

/** Where an uploaded file waits for the job, and where an activity's original file is kept: server-made names only. */
const uploadedKey = () => `activity-files/${randomBytes(16).toString('base64url')}/upload`;
const originalKey = () => `activity-files/${randomBytes(16).toString('base64url')}/original`;

/** A zip starts `PK\x03\x04` (its first chunk is enough to tell). */
export const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** The file's name as the member sent it, made safe to show and to offer back in a download: no path, no controls. */
export function cleanFileName(name: string) {
  // eslint-disable-next-line no-control-regex
  const base = name.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'activity').slice(0, 200);
}

/**
 * `POST /api/activity/import`: keeps the file (already read within its cap by the route) and queues the job that
 * reads it, in one transaction; answers the import, queued. The member follows it with `importOf`.
 */
export async function startImport(deps: Deps, userId: number, file: { bytes: Buffer; name: string; timeZone: string | undefined }): Promise<ActivityImport> {
  const timeZone = checkedZone(file.timeZone);
  const key = uploadedKey();
  await deps.storage.put(key, file.bytes, 'application/octet-stream');
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(activityImports)
      .values({ userId, fileName: cleanFileName(file.name), fileKey: key, bytes: file.bytes.length, timeZone, createdAt: deps.clock.now() })
      .returning({ id: activityImports.id });
    await enqueue(tx, deps.clock, IMPORT_JOB, { importId: row!.id });
    return row!.id;
  });
  // Read before the runner is woken: once woken it may claim the job before a later read, and the answer would say
  // "processing" for an import this call only queued (a flake of import.test.ts under load).
  const queued = await importOf(deps, userId, id);
  deps.jobs.wake();
  return queued;
}

/** `GET /api/activity/import/:importId`: one of the member's imports as it stands (anyone else's is a 404). */
export async function importOf(deps: Pick<Deps, 'db'>, userId: number, importId: number): Promise<ActivityImport> {
  const [row] = await deps.db
    .select()
    .from(activityImports)
    .where(and(eq(activityImports.id, importId), eq(activityImports.userId, userId)))
    .limit(1);
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  return { id: row.id, fileName: row.fileName, status: row.status, outcomes: row.outcomes, message: row.message, createdAt: row.createdAt.toISOString() };
}

/**
 * The import job: the file from storage, each activity file in it read in the worker (a zip's one by one), each
 * outcome saved as it comes, so the member sees progress and a job run again after a crash goes on after the last
 * outcome saved rather than starting over. A file the readers refuse is an outcome, not a failure; a zip that cannot
 * be opened at all fails the import with its reason.
 */
export async function runImportJob(deps: Deps, payload: JobPayload) {
  const importId = Number(payload.importId);
  const [job] = await deps.db.select().from(activityImports).where(eq(activityImports.id, importId)).limit(1);
  if (!job || job.status === 'done' || job.status === 'failed' || !job.fileKey) return;
  const stored = await deps.storage.get(job.fileKey);
  if (!stored) return finish(deps, importId, 'failed', job.outcomes, 'The file was lost before it could be read: please send it again.');
  const bytes = await buffer(stored.stream);
  await deps.db.update(activityImports).set({ status: 'processing' }).where(eq(activityImports.id, importId));

  const zipped = isZip(bytes);
  let files: ZipActivityFile[];
  let skipped: ImportOutcome[] = [];
  let close = () => {};
  if (zipped) {
    try {
      const zip = await openActivityZip(bytes);
      ({ close } = zip);
      files = zip.entries;
      skipped = zip.skipped.map((s) => refused(s.path, s.reason));
    } catch (error) {
      if (error instanceof AppError) return finish(deps, importId, 'failed', [], error.message, job.fileKey);
      throw error;
    }
    if (files.length === 0 && skipped.length === 0) {
      close();
      return finish(deps, importId, 'failed', [], 'That zip holds no activity files: we read .fit, .gpx and .tcx files, each also gzipped.', job.fileKey);
    }
  } else {
    files = [{ path: job.fileName, meta: null, read: async () => bytes }];
  }

  const [member] = await deps.db.select({ sports: users.sports }).from(users).where(eq(users.id, job.userId)).limit(1);
  if (!member) return close();
  const outcomes: (ImportOutcome | undefined)[] = [...job.outcomes];
  const options = { timeZone: job.timeZone, memberSports: member.sports, single: zipped ? null : job.fileKey };
  // One file a worker thread at a time, so every thread is busy while the event loop writes what the last one read.
  // Outcomes are saved as far as they run unbroken from the first: a run after a crash starts at the first missing.
  let next = outcomes.length;
  const lane = async () => {
    while (next < files.length) {
      const at = next++;
      outcomes[at] = await importFile(deps, job.userId, files[at]!, options);
      const done = outcomes.findIndex((o) => o === undefined);
      await deps.db
        .update(activityImports)
        .set({ outcomes: (done < 0 ? outcomes : outcomes.slice(0, done)) as ImportOutcome[] })
        .where(eq(activityImports.id, importId));
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, deps.activityWorker.threads) }, lane));
  } finally {
    close();
  }
  // A single file that became an activity is kept as its original; anything else uploaded is removed now.
  const keptAsOriginal = !zipped && outcomes[0]?.outcome === 'imported';
  await finish(deps, importId, 'done', [...(outcomes as ImportOutcome[]), ...skipped], null, keptAsOriginal ? undefined : job.fileKey);
}

const refused = (fileName: string, reason: string): ImportOutcome => ({ fileName, outcome: 'refused', activityId: null, title: null, reason });

/** One file of an import: unzipped (a file that cannot be, or is past a cap, is refused alone), then imported. */
async function importFile(deps: Deps, userId: number, file: ZipActivityFile, options: { timeZone: string; memberSports: number[]; single: string | null }) {
  let bytes: Buffer;
  try {
    bytes = await file.read();
  } catch (error) {
    if (error instanceof AppError) return refused(cleanFileName(file.path), error.message);
    throw error;
  }
  return importEntry(deps, userId, { path: file.path, bytes, meta: file.meta }, options);
}

/**
 * One activity file into an activity (the import job calls it per file; the demo world and the benchmarks with files
 * of their own): read in the worker, linked to its duplicate if it is one, else stored with its original and views.
 */
export async function importEntry(
  deps: Deps,
  userId: number,
  entry: ZipActivityEntry,
  options: { timeZone: string; memberSports: number[]; single: string | null; sportId?: number; source?: 'file' | 'live'; visibility?: ActivityVisibility },
): Promise<ImportOutcome> {
  const fileName = cleanFileName(entry.path);
  // The member's settings go to the worker, which makes the views in the same pass as it reads the file.
  const privacy = await memberPrivacy(deps.db, userId);
  const parsed = await deps.activityWorker.parse({
    bytes: entry.bytes,
    fileName,
    timeZone: options.timeZone,
    meta: entry.meta,
    memberSports: options.memberSports,
    sportId: options.sportId,
    privacy: { zones: privacy.zones, hideEndsM: privacy.hideEndsM },
  });
  if (!parsed.ok) return refused(fileName, parsed.reason);
  const duplicate = await findDuplicate(deps.db, userId, parsed.sha256, new Date(parsed.startAt * 1000));
  // An activity whose original is this very upload was made by this import, on a run the process did not live to
  // record (kill -9 between the two: npm run test:crash): it is this import's, not a duplicate of an earlier one.
  if (duplicate && options.single && duplicate.originalKey === options.single) return { fileName, outcome: 'imported', activityId: duplicate.id, title: duplicate.title, reason: null };
  if (duplicate) return { fileName, outcome: 'duplicate', activityId: duplicate.id, title: duplicate.title, reason: null };
  // The uploaded file itself is the original of a single-file import; a zip's entries are kept one by one.
  let key = options.single;
  if (!key) {
    key = originalKey();
    await deps.storage.put(key, entry.bytes, 'application/octet-stream');
  }
  const views = parsed.views!;
  const pictures = await storePictures(deps, userId, views);
  let written: Written = { written: false };
  const id = await deps.db
    .transaction(async (tx) => {
      if (await findDuplicate(tx, userId, parsed.sha256, new Date(parsed.startAt * 1000))) return undefined;
      const made = await insertImported(tx, deps.clock.now(), userId, {
        ...parsed,
        originalKey: key,
        originalName: fileName,
        timeZone: options.timeZone,
        source: options.source ?? 'file',
        visibility: options.visibility ?? 'everyone',
      });
      written = await writeViews(tx, made, userId, privacy.version, views, pictures);
      return made;
    })
    // The same file sent twice at once becomes one activity: the second insert meets the unique (user, file) index.
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    });
  await removePictures(deps, unusedPictures(written, pictures));
  if (id === undefined) {
    if (!options.single) await deps.storage.remove([key]);
    const again = await findDuplicate(deps.db, userId, parsed.sha256, new Date(parsed.startAt * 1000));
    return { fileName, outcome: 'duplicate', activityId: again?.id ?? null, title: again?.title ?? null, reason: null };
  }
  // Settings saved while the file was read: the views are made again under them.
  if (!written.written) await makeViews(deps, id);
  // Its gear's components have done more: one may be due for a service now.
  await noticeServiceDue(deps, userId);
  return { fileName, outcome: 'imported', activityId: id, title: parsed.title, reason: null };
}

const isUniqueViolation = (error: unknown) => {
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  return (error as { code?: unknown })?.code === '23505' || cause?.code === '23505';
};

async function finish(deps: Deps, importId: number, status: 'done' | 'failed', outcomes: ImportOutcome[], message: string | null, removeKey?: string | null) {
  await deps.db
    .update(activityImports)
    .set({ status, outcomes, message, finishedAt: deps.clock.now(), fileKey: null })
    .where(eq(activityImports.id, importId));
  if (removeKey) await deps.storage.remove([removeKey]);
}

/** The job gave up (its last attempt failed): the member is told so rather than left watching "processing". */
export async function markImportFailed(deps: Pick<Deps, 'db' | 'clock'>, payload: JobPayload) {
  await deps.db
    .update(activityImports)
    .set({ status: 'failed', message: 'Something went wrong while reading this file. Please try again.', finishedAt: deps.clock.now() })
    .where(eq(activityImports.id, Number(payload.importId)));
}
