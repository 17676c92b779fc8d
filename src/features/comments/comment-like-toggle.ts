import { sendAsMutation, useOptimisticToggle } from '../../lib/optimistic-toggle';
import type { ThreadPages } from './api';
import type { CommentAdapter, ThreadReply } from './comment-adapter';
import { patchComment } from './thread-cache';

type LikeState = Pick<ThreadReply, 'isLiked' | 'likeCount'>;

/**
 * Liking a comment through the one optimistic toggle: the heart and count change at once, rapid clicks queue, and
 * the thread settles on the comment the server answers (or on the last server state after a failure).
 */
export function useCommentLike(adapter: CommentAdapter, subjectId: number) {
  const toggle = useOptimisticToggle<LikeState>(`${adapter.subject}-comment-like`, (queryClient) => {
    // The key carries the subject, so one toggle (one per query client and subject kind) serves every thread.
    const parse = (key: string) => key.split(':').map(Number) as [subjectId: number, commentId: number];
    return {
      apply: (key, state) => {
        const [subject, commentId] = parse(key);
        queryClient.setQueryData<ThreadPages>(adapter.queryKey(subject), (data) => patchComment(data, commentId, (c) => ({ ...c, ...state })));
      },
      send: (key, wish) =>
        sendAsMutation(queryClient, [adapter.subject, 'comment', 'like'], () =>
          adapter.like(parse(key)[1], wish.isLiked).then((c) => ({ isLiked: c.isLiked, likeCount: c.likeCount })),
        ),
      same: (a, b) => a.isLiked === b.isLiked,
    };
  });
  /** Likes or unlikes `comment` as it is shown now. */
  return (comment: ThreadReply) =>
    toggle(
      `${subjectId}:${comment.commentId}`,
      { isLiked: comment.isLiked, likeCount: comment.likeCount },
      { isLiked: !comment.isLiked, likeCount: Math.max(0, comment.likeCount + (comment.isLiked ? -1 : 1)) },
    );
}
