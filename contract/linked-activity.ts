import * as z from 'zod/mini';

/**
 * A post's linked activity as its card shows it (spec §3 Feed.activityId; issue 21), as the viewer may see it: its
 * map picture trimmed at the owner's privacy zones for anyone but the owner, and three numbers. Apart from
 * activities.ts so the feed contract does not pull the whole activity contract into every feed page.
 */
export const linkedActivity = z.strictObject({
  id: z.int(),
  title: z.string(),
  sportId: z.int(),
  /** Metres, seconds, metres. */
  distance: z.number(),
  movingTime: z.int(),
  elevationGain: z.nullable(z.number()),
  mapImage: z.nullable(z.string()),
});
export type LinkedActivity = z.infer<typeof linkedActivity>;
