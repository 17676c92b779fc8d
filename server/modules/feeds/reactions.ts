import type { Feed, feedLikers, feedLikersQuery } from '#contract/feeds';
import type * as z from 'zod/mini';
import type { Deps } from '../../deps';
import { reactionService } from '../reactions/reaction-service';
import { feedView } from './feed-views';
import { postSubject } from './post-subject';

/** Reactions to posts (spec §3 codes): the shared reaction service (server/modules/reactions) for the post kind. */
const reactions = reactionService(postSubject);

/** `POST /api/feed/like`: sets the viewer's reaction to a post they may see (`null` removes it). Answers the post. */
export async function setReaction(deps: Deps, viewerId: number, feedId: number, code: string | null): Promise<Feed> {
  await reactions.setReaction(deps, viewerId, feedId, code);
  return feedView(deps, viewerId, feedId);
}

/** `GET /api/feed/likes`: who reacted to a post the viewer may see, newest first, optionally one emoji only. */
export function listLikers(deps: Pick<Deps, 'db'>, viewerId: number, q: z.infer<typeof feedLikersQuery>): Promise<z.infer<typeof feedLikers>> {
  return reactions.listLikers(deps.db, viewerId, q.feedId, q);
}
