import type { eventLikersQuery, productLikes } from '#contract/events';
import type { FeedLikes, feedLikers } from '#contract/feeds';
import type * as z from 'zod/mini';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { eventReactions, events } from '../../db/schema';
import { reactionEngine, type ReactionSubject } from '../reactions/reaction-engine';
import { loadViewableEvent, type EventSubjectRow } from './event-access';

/**
 * Reactions to events (issue 6, `POST /api/saveProductLike` with `type: 'challenge'`), answered by the one reaction
 * engine (server/modules/reactions/reaction-engine.ts) described for events: kept in step with `events.like_count`,
 * and, as for posts, the organiser is told of a new reaction ("… reacted to your event.", kind `likes`), never of
 * their own and not again when someone only switches emoji.
 */

export const eventReactionSubject: ReactionSubject<'eventId', EventSubjectRow> = {
  key: 'eventId',
  reactions: eventReactions,
  counted: events,
  loadViewable: loadViewableEvent,
  notices: { subjectType: 'event', reacted: 'event_like' },
};

const reactions = reactionEngine(eventReactionSubject);

/** The reactions of each event in `eventIds` as `viewerId` sees them; the caller has checked they may see them. */
export function eventLikesOf(db: Db, viewerId: number, eventIds: number[]): Promise<Map<number, FeedLikes>> {
  return reactions.likesOf(db, viewerId, eventIds);
}

/** `POST /api/saveProductLike`: sets the viewer's reaction to an event (`null` removes it); answers its reactions now. */
export async function saveEventReaction(deps: Deps, viewerId: number, eventId: number, code: string | null): Promise<z.infer<typeof productLikes>> {
  const event = await reactions.setReaction(deps, viewerId, eventId, code);
  const likes = await eventLikesOf(deps.db, viewerId, [event.id]);
  return { id: event.id, likes: likes.get(event.id)! };
}

/** `GET /api/challenge/likes`: who reacted to an event the viewer may see, newest first, optionally one emoji only. */
export function listEventLikers(db: Db, viewerId: number, q: z.infer<typeof eventLikersQuery>): Promise<z.infer<typeof feedLikers>> {
  return reactions.listLikers(db, viewerId, q.challengeId, q);
}
