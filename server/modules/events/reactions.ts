import type { eventLikersQuery, productLikes } from '#contract/events';
import type { feedLikers } from '#contract/feeds';
import type * as z from 'zod/mini';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { likesOf, reactionService } from '../reactions/reaction-service';
import { eventSubject } from './event-subject';

/**
 * Reactions to events (issue 6, `POST /api/saveProductLike` with `type: 'challenge'`): the shared reaction service
 * (server/modules/reactions) for the event kind. As for posts, the organiser is told of a new reaction ("… reacted to
 * your event.", kind `likes`), never of their own and not again when someone only switches emoji.
 */
const reactions = reactionService(eventSubject);

/** `POST /api/saveProductLike`: sets the viewer's reaction to an event (`null` removes it); answers its reactions now. */
export async function saveEventReaction(deps: Deps, viewerId: number, eventId: number, code: string | null): Promise<z.infer<typeof productLikes>> {
  const event = await reactions.setReaction(deps, viewerId, eventId, code);
  const likes = await likesOf(deps.db, viewerId, [event.subjectId]);
  return { id: event.id, likes: likes.get(event.subjectId)! };
}

/** `GET /api/challenge/likes`: who reacted to an event the viewer may see, newest first, optionally one emoji only. */
export function listEventLikers(db: Db, viewerId: number, q: z.infer<typeof eventLikersQuery>): Promise<z.infer<typeof feedLikers>> {
  return reactions.listLikers(db, viewerId, q.challengeId, q);
}
