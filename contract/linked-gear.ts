import * as z from 'zod/mini';

/**
 * A post's piece of gear as its card shows it (issue 24: `/api/shareEquipment` posts about a piece), as the viewer
 * may see it: null when they may not. Apart from gear.ts so the feed contract does not pull the gear contract in.
 */
export const linkedGear = z.strictObject({
  id: z.int(),
  title: z.string(),
  sportId: z.int(),
  brand: z.string(),
  model: z.string(),
  /** Its first photo's thumbnail (signed when the piece is not every member's), or null without photos. */
  thumbnail: z.nullable(z.string()),
});
export type LinkedGear = z.infer<typeof linkedGear>;
