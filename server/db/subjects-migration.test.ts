import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { withDatabase } from '../test/provided-database';
import { whenNobodyConnected } from '../test/test-database';

// Issue 18: migration 0010 moves the reactions, comments and comment likes of posts and events into the shared subject
// tables. Checked on a database migrated up to 0009 and filled in every old table, then migrated to the end, on the
// kind of database this project runs (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const BEFORE = '0010_subjects';

/** A copy of the migrations folder whose journal ends before 0010: the database as the last release left it. */
async function migrationsBefore(tag: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-migrations-'));
  await fs.cp(migrations, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

type Rows = Record<string, unknown>[];
type Target = { run(text: string): Promise<Rows>; migrateTo(folder: string): Promise<void>; close(): Promise<void> };

async function openTarget(): Promise<Target> {
  const provided = inject('testDatabase');
  if (provided.kind === 'pglite') {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzlePglite(client);
    return {
      run: async (text) => (await db.execute(sql.raw(text))).rows as Rows,
      migrateTo: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
      close: () => client.close(),
    };
  }
  // An empty database of its own, not the migrated template.
  const name = `${provided.prefix}migration_${randomBytes(4).toString('hex')}`;
  await whenNobodyConnected(provided.adminUrl, `CREATE DATABASE ${name}`);
  const pool = new pg.Pool({ connectionString: withDatabase(provided.adminUrl, name), max: 2 });
  const db = drizzlePg(pool);
  return {
    run: async (text) => (await db.execute(sql.raw(text))).rows as Rows,
    migrateTo: (migrationsFolder) => migratePg(db, { migrationsFolder }),
    async close() {
      await pool.end();
      // Not WITH (FORCE): that kills a connection still saying goodbye, an unhandled FATAL in the run (CI saw one).
      await whenNobodyConnected(provided.adminUrl, `DROP DATABASE IF EXISTS ${name}`);
    },
  };
}

let target: Target;
const one = async (text: string) => (await target.run(text))[0]!;

beforeAll(async () => {
  target = await openTarget();
  await target.migrateTo(await migrationsBefore(BEFORE));
  // Every old table holds rows; posts, events and comments number differently, as they would after a while.
  const statements = `
    insert into users (id, email, handle_name, first_name, last_name, referral_code) overriding system value values
      (501, 'ana@example.com', 'ana', 'Ana', 'Ridge', 'R501'), (502, 'ben@example.com', 'ben', 'Ben', 'Stone', 'R502');
    insert into feeds (id, user_id, title, is_draft, like_count, comment_count, published_at) overriding system value values
      (11, 501, 'Ana''s ride', false, 2, 3, now()), (12, 502, 'Ben''s hike', false, 0, 0, now());
    insert into events (id, user_id, event_name, sport_id, difficulty, icon, is_draft, who_can_see, starts_at, ends_at, time_zone,
        like_count, comment_count, published_at) overriding system value values
      (71, 502, 'Gravel Sunday', 1, 'easy', 'bike', false, 'public', now() + interval '1 day', now() + interval '1 day 2 hours',
        'Europe/Berlin', 1, 2, now());
    insert into feed_reactions (feed_id, user_id, code) values (11, 501, 'U+1F44D'), (11, 502, 'U+2764');
    insert into event_reactions (event_id, user_id, code) values (71, 501, 'U+1F62E');
    insert into feed_comments (id, feed_id, user_id, parent_id, body, like_count, reply_count) overriding system value values
      (5, 11, 502, null, 'Nice line', 1, 2), (6, 11, 501, 5, 'Thanks!', 0, 0), (9, 11, 502, 5, 'Again?', 0, 0);
    insert into event_comments (id, event_id, user_id, parent_id, body, like_count, reply_count) overriding system value values
      (3, 71, 501, null, 'Count me in', 1, 1), (4, 71, 502, 3, 'Great', 0, 0);
    insert into feed_comment_likes (comment_id, user_id) values (5, 501);
    insert into event_comment_likes (comment_id, user_id) values (3, 502);
    insert into notifications (user_id, actor_id, kind, subject_type, subject_id, parent_id, message) values
      (501, 502, 'comments', 'comment', 5, 11, 'Ben commented on your post.'),
      (502, 501, 'comments', 'event_comment', 3, 71, 'Ana commented on your event.'),
      (501, 502, 'comments', 'event_comment', 4, 71, 'Ben replied to your comment.')`;
  for (const statement of statements.split(';\n')) await target.run(statement);
  await target.migrateTo(migrations);
}, 120_000);

afterAll(async () => {
  await target?.close();
});

describe('migration 0010: one subject model', () => {
  it('gives every post and event its subject, with its owner and the counts it kept', async () => {
    const rows = await target.run(`
      select 'post' as was, f.id, s.kind, s.owner_id, s.like_count, s.comment_count from feeds f join subjects s on s.id = f.subject_id
      union all
      select 'event', e.id, s.kind, s.owner_id, s.like_count, s.comment_count from events e join subjects s on s.id = e.subject_id
      order by 1 desc, 2`);
    expect(rows).toEqual([
      { was: 'post', id: 11, kind: 'post', owner_id: 501, like_count: 2, comment_count: 3 },
      { was: 'post', id: 12, kind: 'post', owner_id: 502, like_count: 0, comment_count: 0 },
      { was: 'event', id: 71, kind: 'event', owner_id: 502, like_count: 1, comment_count: 2 },
    ]);
    expect(await one(`select count(*)::int as n from subjects`)).toEqual({ n: 3 });
  });

  it('moves every reaction to its subject', async () => {
    const rows = await target.run(`
      select coalesce('post ' || f.id, 'event ' || e.id) as subject, r.user_id, r.code from reactions r
      left join feeds f on f.subject_id = r.subject_id left join events e on e.subject_id = r.subject_id order by r.id`);
    expect(rows).toEqual([
      { subject: 'post 11', user_id: 501, code: 'U+1F44D' },
      { subject: 'post 11', user_id: 502, code: 'U+2764' },
      { subject: 'event 71', user_id: 501, code: 'U+1F62E' },
    ]);
  });

  it('keeps post comment ids, moves event comments past them with their replies, likes and notifications', async () => {
    const rows = await target.run(`
      select c.id, coalesce('post ' || f.id, 'event ' || e.id) as subject, c.user_id, c.parent_id, c.body, c.like_count, c.reply_count
      from comments c left join feeds f on f.subject_id = c.subject_id left join events e on e.subject_id = c.subject_id order by c.id`);
    expect(rows).toEqual([
      { id: 5, subject: 'post 11', user_id: 502, parent_id: null, body: 'Nice line', like_count: 1, reply_count: 2 },
      { id: 6, subject: 'post 11', user_id: 501, parent_id: 5, body: 'Thanks!', like_count: 0, reply_count: 0 },
      { id: 9, subject: 'post 11', user_id: 502, parent_id: 5, body: 'Again?', like_count: 0, reply_count: 0 },
      { id: 12, subject: 'event 71', user_id: 501, parent_id: null, body: 'Count me in', like_count: 1, reply_count: 1 },
      { id: 13, subject: 'event 71', user_id: 502, parent_id: 12, body: 'Great', like_count: 0, reply_count: 0 },
    ]);
    expect(await target.run(`select l.comment_id, l.user_id, c.body from comment_likes l join comments c on c.id = l.comment_id order by 1`)).toEqual([
      { comment_id: 5, user_id: 501, body: 'Nice line' },
      { comment_id: 12, user_id: 502, body: 'Count me in' },
    ]);
    // Each notification still leads to the comment it was about.
    expect(
      await target.run(`select n.subject_type, n.subject_id, n.parent_id, c.body from notifications n join comments c on c.id = n.subject_id order by n.id`),
    ).toEqual([
      { subject_type: 'comment', subject_id: 5, parent_id: 11, body: 'Nice line' },
      { subject_type: 'event_comment', subject_id: 12, parent_id: 71, body: 'Count me in' },
      { subject_type: 'event_comment', subject_id: 13, parent_id: 71, body: 'Great' },
    ]);
  });

  it('drops the old tables and counts, and numbers new comments after the moved ones', async () => {
    const old = await target.run(`
      select table_name from information_schema.tables where table_schema = 'public'
      and table_name in ('feed_reactions', 'feed_comments', 'feed_comment_likes', 'event_reactions', 'event_comments', 'event_comment_likes')`);
    expect(old).toEqual([]);
    const counts = await target.run(`
      select table_name, column_name from information_schema.columns where table_schema = 'public'
      and table_name in ('feeds', 'events') and column_name in ('like_count', 'comment_count')`);
    expect(counts).toEqual([]);
    const added = await one(`insert into comments (subject_id, user_id, body) select subject_id, 501, 'New' from feeds where id = 12 returning id`);
    expect(added.id).toBe(14);
  });
});
