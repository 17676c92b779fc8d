import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveMessage, ThreadMessage } from '#contract/realtime';
import { liveSocket } from '../../lib/live-socket';
import type { ThreadPages } from './api';
import type { CommentAdapter } from './comment-adapter';
import { addLiveComment, editLiveComment, patchComment, removeComment } from './thread-cache';

const THREAD_MESSAGES = new Set<LiveMessage['type']>(['comment-added', 'comment-edited', 'comment-deleted', 'comment-liked']);
const isThreadMessage = (message: LiveMessage): message is ThreadMessage => THREAD_MESSAGES.has(message.type);

/**
 * What one message of a watched thread changes: the comment in the cached thread (each once, reconciled with this
 * member's own pending ones by `commentId`, see thread-cache.ts) and the subject's comment count wherever it shows.
 */
export function applyThreadMessage(queryClient: QueryClient, adapter: CommentAdapter, message: ThreadMessage) {
  const setThread = (change: (data: ThreadPages | undefined) => ThreadPages | undefined) =>
    queryClient.setQueryData<ThreadPages>(adapter.queryKey(message.subjectId), change);
  switch (message.type) {
    case 'comment-added':
      setThread((data) => addLiveComment(data, message.comment));
      adapter.setCount(queryClient, message.subjectId, message.commentCount);
      return;
    case 'comment-edited':
      setThread((data) => editLiveComment(data, message.comment));
      return;
    case 'comment-deleted':
      setThread((data) => removeComment(data, message.commentId));
      adapter.setCount(queryClient, message.subjectId, message.commentCount);
      return;
    case 'comment-liked':
      // Someone else's like: the count only (whether this member likes it is theirs).
      setThread((data) => patchComment(data, message.commentId, (c) => ({ ...c, likeCount: message.likeCount })));
      return;
  }
}

/**
 * Keeps the open thread live: watches it on the live socket while mounted, so comments others add, edit, delete or
 * like show without a reload. After a drop the thread is asked for again, since what was said meanwhile was missed.
 */
export function useLiveThread(adapter: CommentAdapter, subjectId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopListening = liveSocket.listen({
      onMessage: (message) => {
        if (isThreadMessage(message) && message.subject === adapter.subject && message.subjectId === subjectId) applyThreadMessage(queryClient, adapter, message);
      },
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: adapter.queryKey(subjectId) }),
      // The signed-in layout holds the connection; a thread only listens in.
    }, { passive: true });
    const stopWatching = liveSocket.watch(adapter.subject, subjectId);
    return () => {
      stopWatching();
      stopListening();
    };
  }, [queryClient, adapter, subjectId]);
}
