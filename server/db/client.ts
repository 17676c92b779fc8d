import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

// No relational queries (`db.query.*`): every query names its tables from server/db/schema/<area>.ts, so the client
// needs no schema object.
export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabasePoolStats = { total: number; idle: number; waiting: number };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool as it is now (metrics); the embedded database has no pool. */
  poolStats?: () => DatabasePoolStats;
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** A PGlite database started from a dump of an already-migrated one (tests). */
  | { kind: 'pglite-dump'; dump: Blob };

/** The extensions the migrations create (PostgreSQL has them from its contrib package). */
export const pgliteOptions: PGliteOptions = { extensions: { pg_trgm } };

/**
 * Settings of every PostgreSQL session the app opens. JIT off: the app's statements are short index walks, but a list
 * with several policy conditions (blocks, mutes, reports, removals) is estimated past `jit_above_cost`, and compiling
 * it took ~30 ms of the ~35 a first feed page cost (bench:feed, issue 20: 58 requests a second instead of 500).
 */
export const PG_SESSION_OPTIONS = '-c jit=off';

/**
 * How many of the build's migrations the database has not applied (readiness: a node whose schema is behind its code
 * must not take traffic). Drizzle's migrators record each applied migration's journal time in
 * `drizzle.__drizzle_migrations.created_at`, on PGlite and PostgreSQL alike.
 */
export async function migrationsBehind(db: Db): Promise<number> {
  const journal = JSON.parse(await fs.promises.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  // Both drivers answer raw statements as `{ rows }`.
  const result = (await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`)) as unknown as { rows: { last: string | null }[] };
  const last = Number(result.rows[0]?.last ?? 0);
  return journal.entries.filter((entry) => entry.when > last).length;
}

/** Opens the database and applies pending migrations before anyone can query it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: 10, options: PG_SESSION_OPTIONS });
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db: db as unknown as Db, kind: 'postgres', poolStats, close: () => pool.end() };
  }
  let client: PGlite;
  if (options.kind === 'pglite') {
    const dir = path.join(options.dataDir, 'db');
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, pgliteOptions);
  } else {
    client = await PGlite.create({ ...pgliteOptions, loadDataDir: options.dump });
  }
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder });
  if (options.kind === 'pglite') await releaseDeadClaims(client);
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/**
 * Job claims left by a process that died holding them (kill -9, a power cut, the OOM killer). The job runner's claim
 * lasts 30 s (server/jobs/runner.ts, `lockMs`), so after such a crash a running job would wait that long before
 * anything ran it again (npm run test:crash). PGlite is one process's database, and every process opening it has
 * locked its data directory first (data-dir-lock.ts), so a claim found at open belongs to no live runner and is
 * released here at once. The attempt stays counted; a job already claimed RELEASE_ATTEMPTS times without finishing may
 * be what brings the process down, so it is left to its claim's expiry rather than run again at every start (the
 * runner gives a job up once it has been claimed past its attempts). PostgreSQL is shared by several processes: there
 * a claim can only expire.
 */
const RELEASE_ATTEMPTS = 3;
async function releaseDeadClaims(client: PGlite) {
  await client.query('update jobs set locked_until = null where done_at is null and locked_until is not null and attempts < $1', [RELEASE_ATTEMPTS]);
}

/**
 * A migrated, empty PGlite database as a tarball, for tests to start many copies from; `prepare` runs on it before the
 * dump (tests stagger the id sequences there).
 */
export async function dumpMigratedPglite(prepare?: (db: Db) => Promise<void>): Promise<Blob> {
  const client = await PGlite.create(pgliteOptions);
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder });
  await prepare?.(db as unknown as Db);
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}
