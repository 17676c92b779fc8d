import * as z from 'zod/mini';

/**
 * Ids on the wire. Rows are keyed by PostgreSQL `integer`s, so an id past 2,147,483,647 names nothing: it is refused as
 * bad input (400, the field named) before it reaches a query, where it would be a database error (check 18).
 *
 * The schemas are marked pure so the bundler may leave this module out where none is used (an unused import of a
 * module with side effects is kept). Without that it becomes a file of its own, named on every page's first load
 * (check P1).
 */
export const ROW_ID_MAX = 2_147_483_647;

/** What a refused id is told. */
export const ID_MESSAGE = `Not an id: ids are whole numbers from 1 to ${ROW_ID_MAX}.`;

/** An id in a JSON body. */
export const rowId = /* @__PURE__ */ (/* @__PURE__ */ z.int(ID_MESSAGE)).check(
  /* @__PURE__ */ z.minimum(1, ID_MESSAGE),
  /* @__PURE__ */ z.maximum(ROW_ID_MAX, ID_MESSAGE),
);

/** An id in a path or query string (`/api/feed/12`, `?userId=12`), read as a number. */
export const rowIdParam = /* @__PURE__ */ (/* @__PURE__ */ z.coerce.number(ID_MESSAGE)).check(
  /* @__PURE__ */ z.int(ID_MESSAGE),
  /* @__PURE__ */ z.minimum(1, ID_MESSAGE),
  /* @__PURE__ */ z.maximum(ROW_ID_MAX, ID_MESSAGE),
);

/** What a refused parent comment id is told. */
export const PARENT_MESSAGE = `Not a comment id: 0 for none, or a whole number up to ${ROW_ID_MAX}.`;

/** A reply's top-level comment in a JSON body; 0 (as absent) for a top-level comment. */
export const parentIdOrNone = /* @__PURE__ */ (/* @__PURE__ */ z.int(PARENT_MESSAGE)).check(
  /* @__PURE__ */ z.minimum(0, PARENT_MESSAGE),
  /* @__PURE__ */ z.maximum(ROW_ID_MAX, PARENT_MESSAGE),
);
