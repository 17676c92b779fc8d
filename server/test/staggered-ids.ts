import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Starts every table's id sequence at its own offset in the test databases. Where every table counts from 1, a query
 * that compares one table's id with another's (an unqualified `id` bound to the wrong table inside a correlated
 * subquery, a post id passed where an event id belongs) finds a row anyway and the test passes; with the offsets it
 * finds nothing. The offsets are far apart (10,007 a table, a prime, so no two tables line up) and stay far below
 * PostgreSQL's integer limit.
 */
export async function staggerIdSequences(db: Db) {
  await db.execute(sql`
    do $$
    declare
      s record;
      n integer := 0;
    begin
      for s in select schemaname, sequencename from pg_sequences where schemaname = 'public' order by sequencename loop
        n := n + 1;
        execute format('alter sequence %I.%I restart with %s', s.schemaname, s.sequencename, n * 10007);
      end loop;
    end $$`);
}
