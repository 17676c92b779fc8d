// zod/mini everywhere in contract/: the SPA parses every response with these schemas, and the mini build is a
// third of classic zod's size on the first page load (check P1). The server accepts mini schemas as they are.
import * as z from 'zod/mini';

/** Every error body: HTTP status = code; `errors` names each bad field with its messages. */
export const apiErrorBody = z.object({
  code: z.int(),
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/** Every success body: HTTP 200 and `{code: 200, message, data}`. */
export function okEnvelope<T extends z.ZodMiniType>(data: T) {
  return z.object({ code: z.literal(200), message: z.string(), data });
}

/** Every paged list (spec §3): the list plus page data, keyset-paginated underneath (server/db/keyset.ts). */
export function pagedList<T extends z.ZodMiniType>(item: T) {
  return z.object({
    list: z.array(item),
    current_page: z.int().check(z.minimum(1)),
    last_page: z.int().check(z.minimum(1)),
    per_page: z.int().check(z.minimum(1)),
    total: z.int().check(z.minimum(0)),
    /**
     * The page after this one, opaque: send it back as `cursor` and the list goes on exactly where this page ended,
     * whatever was added or removed meanwhile. Null on the last page. Absent from lists ranked by something other
     * than time (the pickers), which page by number only.
     */
    next_cursor: z.optional(z.nullable(z.string())),
  });
}

export const emptyData = z.strictObject({});
