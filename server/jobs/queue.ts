import type { Db } from '../db/client';
import { jobs } from '../db/schema/jobs';
import type { Clock } from '../lib/clock';

export type JobPayload = Record<string, unknown>;

/**
 * Adds a job to the `jobs` table. Pass the transaction that makes the work necessary (`tx`), so the job exists if and
 * only if that transaction commits; a runner (in this process or a worker) picks it up at `runAt` (default: now by
 * the app's clock, the one the runner compares with, not the database's). Returns the job's id.
 */
export async function enqueue(tx: Db, clock: Clock, kind: string, payload: JobPayload, runAt: Date = clock.now()): Promise<number> {
  const [row] = await tx
    .insert(jobs)
    .values({ kind, payload, runAt, createdAt: clock.now() })
    .returning({ id: jobs.id });
  return row!.id;
}
