import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import type { Database, Db } from './client';
import { concurrently } from './concurrent';

// Statements sent to a transaction's connection while it is busy are queued by node-postgres with a warning (refused by
// pg 9) and may deadlock PGlite: `concurrently` must hold each read back until the one before it has answered there.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

/** Two reads that log when they start and end, and the log. */
function loggedReads(db: Db) {
  const log: string[] = [];
  const read = (n: number) => async () => {
    log.push(`start ${n}`);
    const result = (await db.execute(sql`select ${n}::int as n`)) as unknown as { rows: { n: number }[] };
    log.push(`end ${n}`);
    return result.rows[0]!.n;
  };
  return { log, reads: [read(1), read(2)] as const };
}

describe('concurrently', () => {
  it('starts every read at once on the pool', async () => {
    const { log, reads } = loggedReads(database.db);
    expect(await concurrently(database.db, reads)).toEqual([1, 2]);
    expect(log.slice(0, 2)).toEqual(['start 1', 'start 2']);
  });

  it('runs them one after the other in a transaction, answering them in order', async () => {
    const answered = await database.db.transaction(async (tx) => {
      const { log, reads } = loggedReads(tx);
      const results = await concurrently(tx, reads);
      return { results, log };
    });
    expect(answered).toEqual({ results: [1, 2], log: ['start 1', 'end 1', 'start 2', 'end 2'] });
  });
});
