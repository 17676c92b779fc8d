import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteOptions } from '../../server/db/client';

/** The PostgreSQL server to make the scratch database on: CRASH_POSTGRES_URL, else TEST_DATABASE_URL's server. */
export function adminUrl() {
  if (process.env.CRASH_POSTGRES_URL) return process.env.CRASH_POSTGRES_URL;
  const url = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url.toString();
}

/** Whether PostgreSQL answers at `url` (a few seconds at most); the reason when not. */
export async function postgresAnswers(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A fresh, empty database for one run; `drop` removes it (called on every way out, failures included). */
export async function scratchDatabase(admin: string) {
  const name = `switchback_crash_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      try {
        // `with (force)`: a server killed a moment ago may still have connections the backend has not noticed gone.
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export type JobRow = { id: number; kind: string; payload: unknown; attempts: number; locked_until: Date | null; last_error: string | null };
export type Query = (text: string, params?: unknown[]) => Promise<JobRow[]>;

const UNFINISHED = `select id, kind, payload, attempts, locked_until, last_error from jobs where done_at is null and run_at <= now() order by id`;
/** Jobs claimed more than once: run again after a crash (or a failure), which the checks found had no double effect. */
const RERUN = `select count(*)::int as n from jobs where attempts > 1`;

/** Due jobs not done: after the imports have settled, each is a job the queue did not resume. */
export const unfinishedJobs = (query: Query) => query(UNFINISHED);

/**
 * The claims held by a killed server, as seen in `jobs` right after each kill (id → `locked_until`): a job whose
 * claim is still exactly that one has not been taken up again. Read from the table rather than worked out from the
 * runner's claim length, so the check holds whatever that length becomes.
 */
export class DeadClaims {
  private readonly claims = new Map<number, number>();
  record(rows: JobRow[]) {
    for (const r of rows) if (r.locked_until) this.claims.set(r.id, r.locked_until.getTime());
  }
  holds(job: JobRow) {
    return job.locked_until !== null && this.claims.get(job.id) === job.locked_until.getTime();
  }
}

export const describeJob = (job: JobRow, deadClaim: boolean) =>
  `job ${job.id} (${job.kind} ${JSON.stringify(job.payload)}): attempts ${job.attempts}, ` +
  (job.locked_until === null
    ? 'not claimed'
    : deadClaim
      ? `still under the killed server's claim, which nothing releases before it expires at ${job.locked_until.toISOString()}`
      : `claimed by the running server until ${job.locked_until.toISOString()}`) +
  (job.last_error ? `, last error: ${job.last_error.split('\n')[0]}` : '');

/** A pool on the scratch PostgreSQL database, for the checks that read `jobs` directly while the server runs. */
export function postgresJobs(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const query: Query = async (text, params) => (await pool.query<JobRow>(text, params)).rows;
  return {
    query,
    /** The claims in `jobs` now: taken right after a kill, the killed server's. */
    claims: () => query(`select id, kind, payload, attempts, locked_until, last_error from jobs where done_at is null and locked_until is not null`),
    /** The row in `jobs` of an import's job, in words, and whether a killed server's claim holds it past `deadline`. */
    async importJob(importId: number, dead: DeadClaims, deadline: number) {
      const [job] = await query(`select id, kind, payload, attempts, locked_until, last_error from jobs where kind = 'activities.import' and payload->>'importId' = $1`, [String(importId)]);
      if (!job) return { words: 'its job is not in the jobs table: lost', hopeless: true };
      const held = dead.holds(job);
      return { words: describeJob(job, held), hopeless: held && job.locked_until!.getTime() > deadline };
    },
    reruns: async () => (await pool.query<{ n: number }>(RERUN)).rows[0]!.n,
    close: () => pool.end(),
  };
}

/**
 * The embedded database opened directly, once the server has stopped (PGlite is one process's): opening it at all is
 * the "no repair needed" check, and its `jobs` are read as on PostgreSQL.
 */
export async function pgliteJobs(dataDir: string) {
  const client = await PGlite.create(path.join(dataDir, 'db'), pgliteOptions);
  try {
    return { left: (await client.query<JobRow>(UNFINISHED)).rows, reruns: (await client.query<{ n: number }>(RERUN)).rows[0]!.n };
  } finally {
    await client.close();
  }
}
