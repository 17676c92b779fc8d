import { LEGACY_THUMBS_UP, REACTIONS, type FeedLikes, type ReactionCode } from '#contract/feeds';

export type Reaction = (typeof REACTIONS)[number];

const byCode = new Map<string, Reaction>(REACTIONS.map((r) => [r.code, r]));

/** The emoji and label of a reaction code; the spec's `U+1245` is the thumbs-up it was meant to be. */
export function reactionOf(code: string): Reaction {
  return byCode.get(code === LEGACY_THUMBS_UP ? 'U+1F44D' : code) ?? REACTIONS[0];
}

/**
 * The counts as they will be once the viewer's reaction is `mine`: the old reaction counted out, the new one in. What
 * the screen shows at once; the server's answer replaces it.
 */
export function likesWith(likes: FeedLikes, mine: ReactionCode | null): FeedLikes {
  if (likes.mine === mine) return likes;
  const counts = new Map(likes.byCode.map((c) => [c.likeUniCode, c.count]));
  if (likes.mine) counts.set(likes.mine, (counts.get(likes.mine) ?? 1) - 1);
  if (mine) counts.set(mine, (counts.get(mine) ?? 0) + 1);
  const total = Math.max(0, likes.total - (likes.mine ? 1 : 0) + (mine ? 1 : 0));
  return {
    total,
    mine,
    byCode: [...counts].filter(([, count]) => count > 0).map(([likeUniCode, count]) => ({ likeUniCode, count })),
  };
}

/** The most used reactions first (ties in the order of REACTIONS), at most `limit`. */
export function topReactions(likes: FeedLikes, limit = 3): FeedLikes['byCode'] {
  const order = (code: string) => REACTIONS.findIndex((r) => r.code === code);
  return [...likes.byCode].sort((a, b) => b.count - a.count || order(a.likeUniCode) - order(b.likeUniCode)).slice(0, limit);
}
