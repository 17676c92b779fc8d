import { getTableName, sql, type Column } from 'drizzle-orm';

/**
 * `"table"."column"`, whatever query it lands in. In the select list of a single-table query drizzle writes a column
 * bare (`"id"`), so inside a correlated subquery it binds to the subquery's own table: `where i.event_id = "id"` then
 * compares the inner row with itself. Every outer column a subquery in a select list refers to goes through here.
 */
export const qualified = (column: Column) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
