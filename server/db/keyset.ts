import { asc, desc, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../lib/errors';

/**
 * Keyset paging: the one way a list ordered by time pages (architecture.md "Paged lists"). A list runs newest first
 * by `(created_at, id)`; every page answers `next_cursor`, where it ended, and the page after reads only the rows
 * past that point: `(created_at, id) < cursor`. Rows added at the top meanwhile never push a row seen already onto
 * the next page, rows removed never make one get skipped, and the ascending `(…, created_at, id)` indexes serve every
 * page from the cursor, scanned backward, so page 50 costs what page 1 costs.
 *
 * The wire stays page-numbered (spec §3): a client that sends only `page` is served by OFFSET, as before.
 *
 * A cursor holds a millisecond timestamp, exactly what a JS Date and our `timestamp(3)` columns hold
 * (architecture.md); a column with finer precision would make rows within the cursor's millisecond go missing.
 */

/** A row's place in the order. */
export type SortKey = { createdAt: Date; id: number };

/** Where a page ended: its number and its last row. */
type Position = SortKey & { page: number };

/** What a client asks for: a page number, and the cursor the page before it answered. */
export type PageAsked = { page?: number | undefined; cursor?: string | undefined };

/**
 * A paged list as the wire carries it (`pagedList` in contract/envelope.ts). `next_cursor` is left out only by lists
 * ranked by something other than time, which page by number alone.
 */
export type PagedAnswer<T> = { list: T[]; current_page: number; last_page: number; per_page: number; total: number; next_cursor?: string | null };

const MAX_PAGE = 100_000;
const CURSOR_TEXT = /^([1-9]\d{0,5})\.(\d{1,15})\.([1-9]\d{0,15})$/;
const NOT_A_CURSOR = 'Not a cursor this list gave out';

/**
 * `page.millis.id`, base64url so it travels in a query string untouched and clients treat it as opaque. Not signed:
 * a made-up cursor only moves where the caller's own list starts, and every row still passes that list's filter.
 */
export function encodeCursor(at: Position): string {
  return Buffer.from(`${at.page}.${at.createdAt.getTime()}.${at.id}`).toString('base64url');
}

/** The position a cursor names; anything this module did not write is a 400 on `cursor`. */
export function decodeCursor(cursor: string): Position {
  const match = CURSOR_TEXT.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  const at = match && { page: Number(match[1]), createdAt: new Date(Number(match[2])), id: Number(match[3]) };
  // Re-encoding must give the cursor back: base64 decoding skips stray characters, and one cursor names one place.
  if (!at || at.page > MAX_PAGE || !Number.isSafeInteger(at.id) || Number.isNaN(at.createdAt.getTime()) || encodeCursor(at) !== cursor) {
    throw badRequest(`${NOT_A_CURSOR}. Load the list again from the top.`, { cursor: [NOT_A_CURSOR] });
  }
  return at;
}

export type KeysetPage = ReturnType<typeof keysetPage>;

type SortColumns = { createdAt: PgColumn; id: PgColumn };

/**
 * The rows past a cursor's position in the list's order. A row comparison, not `a < x or (a = x and b < y)`:
 * PostgreSQL turns it into one index bound on (created_at, id). The bound is values (an ISO time and an id) or
 * placeholders.
 */
export function pastCursor(key: SortColumns, order: 'desc' | 'asc', bound: { createdAt: string | SQLWrapper; id: number | SQLWrapper }): SQL {
  const past = order === 'asc' ? sql`>` : sql`<`;
  return sql`(${key.createdAt}, ${key.id}) ${past} (${bound.createdAt}::timestamptz, ${bound.id})`;
}

/**
 * The pieces of one page's query over a list ordered by `key`, newest first. Use them all:
 *
 *     const at = keysetPage(asked, { createdAt: t.createdAt, id: t.id }, PER_PAGE);
 *     const rows = await db.select(…).from(t).where(and(filter, at.where)).orderBy(...at.orderBy).limit(at.limit).offset(at.offset);
 *     return at.answer(rows, total, (row) => ({ createdAt: row.createdAt, id: row.id }));
 *
 * With a cursor there is no OFFSET and `current_page` is the `page` sent (else one past the cursor's). Without one,
 * page n skips (n - 1) pages by OFFSET, for clients that only send `page`. One row more than a page is read, so the
 * answer knows whether a next page exists without asking the count. `order: 'asc'` pages oldest (soonest) first, for
 * lists that run forward in time (upcoming events, a waitlist); the same cursor, the comparison turned round.
 */
export function keysetPage(asked: PageAsked, key: SortColumns, perPage: number, order: 'desc' | 'asc' = 'desc') {
  const after = asked.cursor === undefined ? undefined : decodeCursor(asked.cursor);
  const page = asked.page ?? (after ? Math.min(after.page + 1, MAX_PAGE) : 1);
  const where: SQL | undefined = after && pastCursor(key, order, { createdAt: after.createdAt.toISOString(), id: after.id });
  return {
    page,
    /** The cursor's position, for a prepared statement that binds `pastCursor` to placeholders. */
    after,
    where,
    orderBy: order === 'asc' ? [asc(key.createdAt), asc(key.id)] : [desc(key.createdAt), desc(key.id)],
    limit: perPage + 1,
    offset: after ? 0 : (page - 1) * perPage,
    /**
     * The wire's page from the rows read (up to `limit`) and the list's `total`. The caller counts the total over
     * the whole filtered list on every page, since spec §3 shows `total` and `last_page`: fine for one member's
     * follows and notifications and for the member directory at our size, but that count grows with the list while
     * the page does not. A list of millions (feeds) should estimate it instead (the planner's row estimate, or a
     * count capped by a LIMIT'd subquery) and say in its contract that `total` is approximate.
     */
    answer<T>(rows: T[], total: number, keyOf: (row: T) => SortKey): PagedAnswer<T> {
      const list = rows.slice(0, perPage);
      const last = list.at(-1);
      return {
        list,
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / perPage)),
        per_page: perPage,
        total,
        next_cursor: rows.length > perPage && last ? encodeCursor({ page, ...keyOf(last) }) : null,
      };
    },
  };
}
