import type { Db } from './client';

/** Shapes kept per database handle by a `preparedOn` with shapes; the least recently used goes first. */
const MAX_SHAPES = 64;

/**
 * Statements for hot paths, built once per database handle and shape instead of on every call (drizzle's build costs
 * a tenth of a millisecond or more per query); every value goes in through `sql.placeholder`, so one text serves
 * every call of a shape. `shape` names what changes the text (which filters are present, say), never a value.
 *
 * A build that ends in `.prepare(name)` with a name is a named prepared statement, which PostgreSQL parses and plans
 * once per connection and keeps for the connection's life: only for one fixed text (no shapes), under a name unique in
 * the app. Statements with shapes are sent unnamed (`.prepare(undefined)`), so evicting one leaves nothing behind.
 */
export function preparedOn<T>(build: (db: Db, shape: string) => T): (db: Db, shape?: string) => T {
  const byDb = new WeakMap<Db, Map<string, T>>();
  return (db, shape = '') => {
    let shapes = byDb.get(db);
    if (!shapes) byDb.set(db, (shapes = new Map()));
    let statement = shapes.get(shape);
    if (statement === undefined) {
      statement = build(db, shape);
      if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    } else {
      shapes.delete(shape);
    }
    shapes.set(shape, statement);
    return statement;
  };
}

/**
 * The name for `.prepare()` that prepares nothing on the server: drizzle's own unprepared queries pass no name, and
 * node-postgres then sends an unnamed statement. Its types ask for a string, hence the cast.
 */
export const UNNAMED = undefined as unknown as string;
