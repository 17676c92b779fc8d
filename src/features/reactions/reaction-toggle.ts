import type { FeedLikes, ReactionCode } from '#contract/feeds';
import { sendAsMutation, useOptimisticToggle } from '../../lib/optimistic-toggle';
import type { ReactionAdapter, SentReaction } from './reaction-adapter';
import { likesWith } from './reaction-counts';

/**
 * React, switch reaction and take it back through the one optimistic toggle, for any subject `adapter` speaks for
 * (a post, an event): the counts move everywhere the subject is cached at once, rapid clicks cost at most two
 * requests, and once they settle the server's answer is written everywhere. A failure restores the last counts the
 * server gave, with the one failure toast.
 */
export function useReactionToggle(adapter: ReactionAdapter) {
  const prefix = `${adapter.subject}:`;
  const toggle = useOptimisticToggle<FeedLikes>(`${adapter.subject}-reaction`, (queryClient) => {
    // The latest answer per key, written whole once the burst settles so nothing flickers mid-burst.
    const answered = new Map<string, SentReaction>();
    const idOf = (key: string) => Number(key.slice(prefix.length));
    return {
      apply: (key, likes) => adapter.setLikes(queryClient, idOf(key), likes),
      send: (key, wish) =>
        sendAsMutation(queryClient, [adapter.subject, 'reaction'], () => adapter.send(idOf(key), wish.mine)).then((answer) => {
          answered.set(key, answer);
          return answer.likes;
        }),
      same: (a, b) => a.mine === b.mine,
      onSettled: (key) => {
        const answer = answered.get(key);
        answered.delete(key);
        answer?.settle?.(queryClient);
      },
    };
  });
  /** Sets the viewer's reaction on `subject` to `code` (null takes it away). */
  return (subject: { id: number; likes: FeedLikes }, code: ReactionCode | null) =>
    toggle(`${prefix}${subject.id}`, subject.likes, likesWith(subject.likes, code));
}
