import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Runs independent reads on `db` and answers their results in order: at once on the pool (each on a connection of its
 * own, one round trip for all), one after the other on a transaction. A transaction's statements share its one
 * connection: node-postgres queues a statement sent while its client is busy (with a deprecation warning; pg 9 will
 * refuse it) and PGlite's transaction may deadlock on one, and on that connection they would run in turn anyway.
 * Each read is a function, so none starts before its turn.
 */
export async function concurrently<T extends readonly unknown[] | []>(db: Db, reads: { readonly [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return Promise.all(reads.map((read) => read())) as Promise<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
