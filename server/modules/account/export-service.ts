import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, count, desc, eq, gt, min } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { EXPORT_LIFETIME_DAYS, EXPORTS_PER_DAY, type DataExport } from '#contract/account';
import type { Deps } from '../../deps';
import { dataExports } from '../../db/schema/account';
import { users } from '../../db/schema/users';
import { enqueue, type JobPayload } from '../../jobs/queue';
import { days, hours } from '../../lib/clock';
import { notFound, tooManyRequests } from '../../lib/errors';
import { isSafeMediaPath, type ExportMediaFile, type ExportSection } from './export-registry';
import { exportSections } from './export-sections';

export const EXPORT_JOB = 'account.export';
export const EXPORT_EXPIRE_JOB = 'account.export-expire';
export const EXPORT_JSON = 'switchback-export.json';

type ExportRow = typeof dataExports.$inferSelect;

/** Where one export's zip is stored. Not under an upload key, so `GET /media/...` never serves it. */
const exportObjectKey = (exportId: number) => `exports/${exportId}-${randomBytes(12).toString('base64url')}.zip`;

export function toDataExport(row: ExportRow, now: Date): DataExport {
  const expired = row.status === 'ready' && (row.fileKey === null || (row.expiresAt !== null && row.expiresAt <= now));
  return {
    exportId: row.id,
    status: expired ? 'expired' : row.status,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    bytes: row.bytes,
  };
}

/**
 * `GET /api/account/export`: answers the member's pending export if there is one, otherwise starts a new one (at most
 * EXPORTS_PER_DAY a day, then 429 with Retry-After). The job is enqueued in the same transaction as the row.
 */
export async function startExport(deps: Deps, userId: number): Promise<DataExport> {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    // One start at a time per member, so two quick clicks make one export.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [pending] = await tx
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'pending')))
      .orderBy(desc(dataExports.createdAt))
      .limit(1);
    if (pending) return pending;
    const since = new Date(now.getTime() - hours(24));
    const [recent] = await tx
      .select({ n: count(), oldest: min(dataExports.createdAt) })
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), gt(dataExports.createdAt, since)));
    if ((recent?.n ?? 0) >= EXPORTS_PER_DAY) {
      const retryMs = (recent!.oldest ?? now).getTime() + hours(24) - now.getTime();
      throw tooManyRequests(
        `You can download your data ${EXPORTS_PER_DAY} times a day. Try again in ${Math.max(1, Math.ceil(retryMs / 3_600_000))} hours.`,
        retryMs / 1000,
      );
    }
    const [created] = await tx.insert(dataExports).values({ userId, status: 'pending', createdAt: now }).returning();
    await enqueue(tx, deps.clock, EXPORT_JOB, { exportId: created!.id });
    return created!;
  });
  deps.jobs.wake();
  return toDataExport(row, now);
}

/** The member's own export; another member's id, or an unknown one, is 404 (check 10). */
export async function findOwnExport(deps: Deps, userId: number, exportId: number) {
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId)))
    .limit(1);
  if (!row) throw notFound('No such export.');
  return row;
}

/** The zip of a ready export as a stream, with the name it is saved under. */
export async function openExportDownload(deps: Deps, user: { id: number; handleName: string }, exportId: number) {
  const row = await findOwnExport(deps, user.id, exportId);
  const view = toDataExport(row, deps.clock.now());
  if (view.status === 'pending') throw notFound('This export is not ready yet.');
  if (view.status !== 'ready' || !row.fileKey) throw notFound('This export is no longer available. Start a new one.');
  const object = await deps.storage.get(row.fileKey);
  if (!object) throw notFound('This export is no longer available. Start a new one.');
  const date = (row.readyAt ?? row.createdAt).toISOString().slice(0, 10);
  return { stream: object.stream, size: object.size, filename: `switchback-export-${user.handleName}-${date}.zip` };
}

async function readAll(stream: Readable | NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/**
 * Everything stored about a member: `switchback-export.json` with every section of the list (export-sections.ts, in
 * its order), and their original media under `media/`. The storage module takes whole buffers, so the zip is made in
 * memory; media is already compressed, so it is stored as is.
 */
export async function buildExportZip(
  deps: Pick<Deps, 'db' | 'storage' | 'clock'>,
  userId: number,
  sections: readonly ExportSection[] = exportSections,
) {
  const exportedAt = deps.clock.now();
  const collected: Record<string, unknown> = {};
  const media: ExportMediaFile[] = [];
  for (const section of sections) {
    collected[section.name] = await section.collect(deps.db, userId);
    if (section.media) media.push(...(await section.media(deps.db, userId)));
  }

  const files: { path: string; data: Buffer }[] = [];
  const missingMedia: string[] = [];
  const seen = new Set<string>();
  for (const file of media) {
    if (!isSafeMediaPath(file.path) || seen.has(file.path)) continue;
    seen.add(file.path);
    const object = await deps.storage.get(file.storageKey);
    if (object) files.push({ path: file.path, data: await readAll(object.stream) });
    else missingMedia.push(file.path);
  }

  const document = {
    format: 'switchback-export',
    version: 1,
    exportedAt,
    userId,
    sections: collected,
    media: files.map((f) => f.path),
    ...(missingMedia.length > 0 ? { missingMedia } : {}),
  };
  const zip = new ZipFile();
  const output = readAll(zip.outputStream);
  zip.addBuffer(Buffer.from(JSON.stringify(document, null, 2)), EXPORT_JSON, { mtime: exportedAt });
  for (const f of files) zip.addBuffer(f.data, f.path, { mtime: exportedAt, compress: false });
  zip.end();
  return output;
}

/** The job: make the zip, store it, mark the export ready and schedule its removal after EXPORT_LIFETIME_DAYS. */
export async function runExportJob(deps: Deps, payload: JobPayload) {
  const exportId = Number(payload.exportId);
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, exportId)).limit(1);
  // Gone with its member, or already finished by an earlier run.
  if (!row || row.status !== 'pending') return;
  const zip = await buildExportZip(deps, row.userId);
  const fileKey = exportObjectKey(exportId);
  await deps.storage.put(fileKey, zip, 'application/zip');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + days(EXPORT_LIFETIME_DAYS));
  const updated = await deps.db.transaction(async (tx) => {
    const [ready] = await tx
      .update(dataExports)
      .set({ status: 'ready', fileKey, bytes: zip.length, readyAt: now, expiresAt })
      .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')))
      .returning({ id: dataExports.id });
    if (ready) await enqueue(tx, deps.clock, EXPORT_EXPIRE_JOB, { exportId }, expiresAt);
    return ready;
  });
  // The member deleted their account while the zip was being made: nothing may be left behind.
  if (!updated) await deps.storage.remove([fileKey]);
}

export async function markExportFailed(deps: Deps, payload: JobPayload) {
  await deps.db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(and(eq(dataExports.id, Number(payload.exportId)), eq(dataExports.status, 'pending')));
}

/** The expiry job: the file goes; the row stays (its status reads `expired`) until the member's account goes. */
export async function runExportExpiryJob(deps: Deps, payload: JobPayload) {
  const exportId = Number(payload.exportId);
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, exportId)).limit(1);
  if (!row?.fileKey) return;
  await deps.storage.remove([row.fileKey]);
  await deps.db.update(dataExports).set({ fileKey: null }).where(eq(dataExports.id, exportId));
}
