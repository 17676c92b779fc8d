import { infiniteQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { feedLikers, FeedLikes, ReactionCode } from '#contract/feeds';
import { getNextPageParam, initialPageParam, type PageParam, type Pages } from '../../lib/paging';

/** One page of who reacted (`feedLikers`: members with their reaction). */
export type Likers = z.infer<typeof feedLikers>;

/** What the server answered to a reaction: the subject's reactions now, and whatever else it sent to write later. */
export type SentReaction = {
  likes: FeedLikes;
  /** Writes the rest of the answer (a post answers whole) once a burst of clicks has settled, so nothing flickers. */
  settle?: ((queryClient: QueryClient) => void) | undefined;
};

/**
 * The reaction bar's link to one kind of subject (a post, an event): its calls, where its reactions are cached and
 * where who reacted is. Each kind's own area holds its adapter: `feedReactions` (feeds/feed-reactions.ts) and
 * `eventReactions` (events/event-reactions.ts).
 */
export type ReactionAdapter = {
  /** Names the subject in toggle and mutation keys ('feed', 'event'), so two kinds never share a queue. */
  subject: string;
  /** Sets the viewer's reaction on `subjectId` (null takes it away). */
  send(subjectId: number, likeUniCode: ReactionCode | null): Promise<SentReaction>;
  /** Writes `likes` into every cached place the subject is shown: the wish at once, later the server's answer. */
  setLikes(queryClient: QueryClient, subjectId: number, likes: FeedLikes): void;
  likersKey(subjectId: number, likeUniCode: ReactionCode | undefined): QueryKey;
  /** One page of who reacted, all of them or with one reaction. */
  likers(subjectId: number, likeUniCode: ReactionCode | undefined, page: PageParam, signal: AbortSignal): Promise<Likers>;
};

/** Who reacted to one subject, a paged list per tab of the likers dialog. */
export const likersQuery = (adapter: ReactionAdapter, subjectId: number, likeUniCode: ReactionCode | undefined) =>
  infiniteQueryOptions<Likers, Error, Pages<Likers>, QueryKey, PageParam>({
    queryKey: adapter.likersKey(subjectId, likeUniCode),
    queryFn: ({ pageParam, signal }) => adapter.likers(subjectId, likeUniCode, pageParam, signal),
    initialPageParam,
    getNextPageParam,
  });
