import * as z from 'zod';

/** Every error body: HTTP status = code; `errors` names each bad field with its messages. */
export const apiErrorBody = z.object({
  code: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/** Every success body: HTTP 200 and `{code: 200, message, data}`. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(200), message: z.string(), data });
}

/** Every paged list (spec §3): the list plus page data, keyset-paginated underneath. */
export function pagedList<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    current_page: z.number().int().min(1),
    last_page: z.number().int().min(1),
    per_page: z.number().int().min(1),
    total: z.number().int().min(0),
  });
}

export const emptyData = z.object({}).strict();
