import type { Feed, feedLikers, feedLikersQuery } from '#contract/feeds';
import type * as z from 'zod/mini';
import type { Deps } from '../../deps';
import { feedReactions, feeds } from '../../db/schema';
import { reactionEngine, type ReactionSubject } from '../reactions/reaction-engine';
import { loadViewableFeed } from './feed-access';
import { feedView } from './feed-views';

/**
 * Reactions to posts (spec §3 codes), answered by the one reaction engine (server/modules/reactions/reaction-engine.ts)
 * described for posts: kept in step with `feeds.like_count`, the author told of a new one ("… reacted to your post.").
 */

export const feedReactionSubject: ReactionSubject<'feedId', Awaited<ReturnType<typeof loadViewableFeed>>> = {
  key: 'feedId',
  reactions: feedReactions,
  counted: feeds,
  loadViewable: loadViewableFeed,
  notices: { subjectType: 'feed' },
};

const reactions = reactionEngine(feedReactionSubject);

/** `POST /api/feed/like`: sets the viewer's reaction to a post they may see (`null` removes it). Answers the post. */
export async function setReaction(deps: Deps, viewerId: number, feedId: number, code: string | null): Promise<Feed> {
  await reactions.setReaction(deps, viewerId, feedId, code);
  return feedView(deps, viewerId, feedId);
}

/** `GET /api/feed/likes`: who reacted to a post the viewer may see, newest first, optionally one emoji only. */
export function listLikers(deps: Pick<Deps, 'db'>, viewerId: number, q: z.infer<typeof feedLikersQuery>): Promise<z.infer<typeof feedLikers>> {
  return reactions.listLikers(deps.db, viewerId, q.feedId, q);
}
