import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { openTestDatabase } from '../test/test-database';
import type { Database } from './client';
import { decodeCursor, encodeCursor, keysetPage, type PageAsked } from './keyset';

// The keyset helper over a table of its own in this file's database copy: shaped like every list table (an owner,
// millisecond timestamps, the ascending (owner, created_at, id) index), with ids that do not follow time and many
// rows sharing a millisecond, the cases OFFSET and a careless cursor get wrong.

const probe = pgTable(
  'keyset_probe',
  {
    id: integer('id').primaryKey(),
    owner: integer('owner').notNull(),
    createdAt: timestamp('created_at', { precision: 3, withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('keyset_probe_owner_created_id').on(t.owner, t.createdAt, t.id)],
);

const PER_PAGE = 5;
const BASE = Date.parse('2026-03-01T08:00:00.000Z');

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table keyset_probe (id integer primary key, owner integer not null, created_at timestamp(3) with time zone not null)`);
  await database.db.execute(sql`create index keyset_probe_owner_created_id on keyset_probe (owner, created_at, id)`);
});
afterAll(() => database?.close());

type Row = { id: number; createdAt: Date };

/** Rows for `owner`: three to a millisecond, ids scattered so that id order is not time order. */
async function seed(owner: number, n: number): Promise<Row[]> {
  // 37·i mod 101 is distinct for every i below 101 and jumps around: id order is not time order.
  const rows = Array.from({ length: n }, (_, i) => ({ id: owner * 1000 + ((i * 37) % 101), owner, createdAt: new Date(BASE + Math.floor(i / 3)) }));
  await database.db.insert(probe).values(rows);
  return rows.map(({ id, createdAt }) => ({ id, createdAt }));
}

const newestFirst = (rows: Row[]) => [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((r) => r.id);

/** One page of `owner`'s rows, read the way every list service reads one. */
async function readPage(owner: number, asked: PageAsked) {
  const db = database.db;
  const at = keysetPage(asked, { createdAt: probe.createdAt, id: probe.id }, PER_PAGE);
  const mine = eq(probe.owner, owner);
  const [rows, [totalRow]] = await Promise.all([
    db.select({ id: probe.id, createdAt: probe.createdAt }).from(probe).where(and(mine, at.where)).orderBy(...at.orderBy).limit(at.limit).offset(at.offset),
    db.select({ n: count() }).from(probe).where(mine),
  ]);
  const page = at.answer(rows, totalRow?.n ?? 0, (r) => r);
  return { ...page, ids: page.list.map((r) => r.id) };
}

type Page = Awaited<ReturnType<typeof readPage>>;

/** Every page from the first by following `next_cursor`; `between(pagesSoFar)` runs before each later page. */
async function readAll(owner: number, between: (pages: Page[]) => Promise<void> = async () => {}) {
  const pages = [await readPage(owner, {})];
  for (let cursor = pages[0]!.next_cursor; cursor; cursor = pages.at(-1)!.next_cursor) {
    await between(pages);
    pages.push(await readPage(owner, { cursor }));
  }
  return pages;
}

function badCursorOf(cursor: string) {
  try {
    decodeCursor(cursor);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('cursors', () => {
  it('name a page and a row, and come back as they went out', () => {
    const at = { page: 3, createdAt: new Date('2026-03-01T08:00:00.123Z'), id: 4711 };
    const cursor = encodeCursor(at);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(at);
  });

  it('refuse anything this module did not write with a 400 naming cursor', () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    const good = encodeCursor({ page: 2, createdAt: new Date(BASE), id: 9 });
    for (const cursor of ['', 'abc', '!!!!', b64('2.x.9'), b64('0.1.9'), b64('2.1.0'), b64('2.01.9'), b64('100001.1.9'), b64(`2.1.${'9'.repeat(16)}`), `${good}A`, `${good}==`]) {
      const error = badCursorOf(cursor);
      expect(error, cursor).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(400);
      expect((error as AppError).errors).toEqual({ cursor: ['Not a cursor this list gave out'] });
    }
  });
});

describe('keysetPage', () => {
  it('pages newest first by time, then id, across rows that share a millisecond', async () => {
    const rows = await seed(1, 13);
    const pages = await readAll(1);
    expect(pages.map((p) => p.ids).flat()).toEqual(newestFirst(rows));
    expect(pages.map((p) => p.current_page)).toEqual([1, 2, 3]);
    expect(pages.map((p) => p.ids.length)).toEqual([5, 5, 3]);
    expect(pages.every((p) => p.total === 13 && p.last_page === 3 && p.per_page === PER_PAGE)).toBe(true);
    expect(pages.at(-1)!.next_cursor).toBeNull();
  });

  it('never repeats or skips a row while rows are added at the top or removed from pages already read', async () => {
    const rows = await seed(2, 14);
    let nextId = 2900;
    const pages = await readAll(2, async (read) => {
      // Before every page after the first: two newer rows arrive, and the last row on screen, the one the cursor
      // names, goes away.
      await database.db.insert(probe).values([
        { id: nextId++, owner: 2, createdAt: new Date(BASE + 60_000) },
        { id: nextId++, owner: 2, createdAt: new Date(BASE + 60_000) },
      ]);
      await database.db.delete(probe).where(inArray(probe.id, read.at(-1)!.ids.slice(-1)));
    });
    expect(pages.map((p) => p.ids).flat()).toEqual(newestFirst(rows));
    expect(pages.map((p) => p.current_page)).toEqual([1, 2, 3]);
  });

  it('serves clients that send only a page number by position, with a cursor to go on from', async () => {
    const rows = await seed(3, 12);
    const order = newestFirst(rows);
    const second = await readPage(3, { page: 2 });
    expect(second).toMatchObject({ current_page: 2, last_page: 3, total: 12, ids: order.slice(5, 10) });
    const third = await readPage(3, { cursor: second.next_cursor! });
    expect(third).toMatchObject({ current_page: 3, ids: order.slice(10), next_cursor: null });
    // The page a client names wins over the one the cursor implies.
    expect(await readPage(3, { page: 7, cursor: second.next_cursor! })).toMatchObject({ current_page: 7, ids: order.slice(10) });
    expect(await readPage(3, { page: 4 })).toMatchObject({ current_page: 4, ids: [], next_cursor: null });
  });

  it('answers an empty list as one empty last page', async () => {
    expect(await readPage(4, {})).toMatchObject({ ids: [], current_page: 1, last_page: 1, total: 0, next_cursor: null });
  });

  it('reads a later page straight off the (owner, created_at, id) index, backward, without sorting', async () => {
    await database.db.execute(
      sql`insert into keyset_probe (id, owner, created_at) select 100000 + g, 5 + g % 50, ${new Date(BASE).toISOString()}::timestamptz + g * interval '1 second' from generate_series(1, 20000) g`,
    );
    await database.db.execute(sql`analyze keyset_probe`);
    const at = keysetPage({ cursor: encodeCursor({ page: 40, createdAt: new Date(BASE + 10_000_000), id: 110_000 }) }, { createdAt: probe.createdAt, id: probe.id }, PER_PAGE);
    const query = database.db.select({ id: probe.id }).from(probe).where(and(eq(probe.owner, 7), at.where)).orderBy(...at.orderBy).limit(at.limit).offset(at.offset);
    // Both drivers answer `{ rows }`; Db's type leaves the result open.
    const result = (await database.db.execute(sql`explain ${query}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
    const plan = result.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index (Only )?Scan Backward using keyset_probe_owner_created_id/);
    // The cursor is a bound of the index scan, not a filter over rows already read.
    expect(plan).toMatch(/Index Cond: \(\(owner = 7\) AND \(ROW\(created_at, id\) < ROW\(/);
    expect(plan).not.toContain('Sort');
  });
});
