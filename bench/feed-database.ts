/**
 * The PostgreSQL database the feed benchmarks share (P4, P5): `npm run bench:seed` fills it, `npm run bench:feed`
 * measures on it. Separate from `test` and from any real database: the seed only writes a database it created and
 * marked as its own (a comment on the database), and only PostgreSQL (performance.md: PGlite figures are published
 * separately, never mixed).
 */
import pg from 'pg';

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/switchback_bench';

/** The seeded member the benchmark signs in as: public, and one of the few who follow 2,000 members, so that
 * `filter_type=following` has 500+ pages (an average member's ~50 follows give ~25). */
export const BENCH_VIEWER_ID = 1500;

/** Written on the database when the seed starts and when it ends; anything else is not ours to touch. */
export const MARK_STARTED = 'switchback bench seed: started';
export const MARK_DONE = 'switchback bench seed: complete';

/** `BENCH_DATABASE_URL`, refused unless it names a PostgreSQL database. */
export function benchDatabaseUrl(): URL {
  const text = process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (!url || !['postgres:', 'postgresql:'].includes(url.protocol) || url.pathname.length < 2) {
    throw new Error(
      `BENCH_DATABASE_URL must be a PostgreSQL URL like ${DEFAULT_BENCH_DATABASE_URL} (got "${text}"): ` +
        'the feed benchmarks run on PostgreSQL only, never PGlite.',
    );
  }
  return url;
}

export const databaseName = (url: URL) => decodeURIComponent(url.pathname.slice(1));

/** The same server's `postgres` database, to create or drop the bench database from. */
export function maintenanceUrl(url: URL): string {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return admin.toString();
}

/** The seed's mark on the database (null when none), or undefined when the database does not exist. */
export async function readMark(url: URL): Promise<string | null | undefined> {
  const admin = new pg.Client({ connectionString: maintenanceUrl(url) });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ mark: string | null }>(
      `select shobj_description(oid, 'pg_database') as mark from pg_database where datname = $1`,
      [databaseName(url)],
    );
    return rows.length === 0 ? undefined : rows[0]!.mark;
  } finally {
    await admin.end();
  }
}
