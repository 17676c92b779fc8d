import { and, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps';
import { uploads } from '../../db/schema/media';
import { days, hours } from '../../lib/clock';
import { uploadPrefix } from './upload-files';

/** How long an upload may wait to be attached (the time to finish a form) before it is removed. */
export const UNATTACHED_TTL_MS = days(1);
const BATCH = 100;

/** Removes the files of these uploads, a few at a time. */
async function removeFiles(deps: Pick<Deps, 'storage'>, keys: readonly string[]) {
  for (let i = 0; i < keys.length; i += 8) {
    await Promise.all(keys.slice(i, i + 8).map((key) => deps.storage.removePrefix(uploadPrefix(key))));
  }
}

/**
 * Removes uploads left unattached for a day: rows, then their files. The row is deleted only while it is still
 * unattached, in the same statement, so an upload attached at the last moment is kept, and any number of API nodes
 * may sweep at once (each row is deleted, and its files removed, by one of them). Returns how many it removed.
 */
export async function sweepUnattachedUploads(deps: Pick<Deps, 'db' | 'storage' | 'clock'>): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - UNATTACHED_TTL_MS);
  const stale = and(isNull(uploads.attachedAt), lt(uploads.createdAt, cutoff));
  let removed = 0;
  for (;;) {
    const batch = deps.db.select({ id: uploads.id }).from(uploads).where(stale).limit(BATCH);
    const gone = await deps.db
      .delete(uploads)
      .where(and(inArray(uploads.id, batch), stale))
      .returning({ key: uploads.key });
    const keys = gone.map((u) => u.key);
    await removeFiles(deps, keys).catch((err: unknown) => {
      // The rows are gone, so name the keys whose files may be left behind.
      throw new Error(`could not remove the files of swept uploads ${keys.join(', ')}`, { cause: err });
    });
    removed += gone.length;
    if (gone.length < BATCH) return removed;
  }
}

/** Sweeps once when started and then every `everyMs` (default an hour); `stop()` waits for a running sweep. */
export function startUploadSweeper(
  deps: Pick<Deps, 'db' | 'storage' | 'clock'>,
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
  everyMs = hours(1),
) {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= sweepUnattachedUploads(deps)
      .then((removed) => {
        if (removed > 0) log.info({ removed }, `removed ${removed} unattached upload(s)`);
      })
      .catch((err: unknown) => log.error({ err }, 'sweeping unattached uploads failed'))
      .finally(() => {
        running = undefined;
      });
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
