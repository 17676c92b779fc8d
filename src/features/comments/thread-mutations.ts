import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSession } from '../auth/session-context';
import type { ThreadPages } from './api';
import type { CommentAdapter, ThreadComment, ThreadReply } from './comment-adapter';
import { appendReplies, insertComment, patchComment, removeComment, settleComment } from './thread-cache';

/**
 * Adding, editing and deleting comments, all optimistic: the thread changes at once and settles on the server's
 * answer; a failure puts back exactly what the change touched (the failure toast comes from the MutationCache).
 */

let lastTempId = 0;
/** Ids below zero mark comments the server has not saved yet. */
const nextTempId = () => --lastTempId;
export const isUnsaved = (comment: Pick<ThreadReply, 'commentId'>) => comment.commentId < 0;

type AddVariables = { parentId: number; comment: string; tempId: number };

export function useAddComment(adapter: CommentAdapter, subjectId: number) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const queryKey = adapter.queryKey(subjectId);
  const setThread = (change: (data: ThreadPages | undefined) => ThreadPages | undefined) => queryClient.setQueryData<ThreadPages>(queryKey, change);
  const mutation = useMutation({
    mutationKey: [adapter.subject, 'comment', 'add'],
    mutationFn: ({ parentId, comment }: AddVariables) => adapter.add(subjectId, parentId, comment),
    onMutate: async ({ parentId, comment, tempId }) => {
      // A page arriving now would be from before this comment and drop it from the screen.
      await queryClient.cancelQueries({ queryKey });
      if (!user) return;
      const author = { userId: user.userId, handleName: user.handleName, firstName: user.firstName, lastName: user.lastName, profileImage: user.profileImage };
      const pending: ThreadReply = {
        commentId: tempId,
        parentId,
        comment,
        hashtags: [],
        tagUser: [],
        author,
        likeCount: 0,
        isLiked: false,
        createdAt: new Date().toISOString(),
        editedAt: null,
        pending: 'adding',
      };
      setThread((data) => insertComment(data, pending));
    },
    onSuccess: ({ comment, commentCount }, { tempId }) => {
      if (queryClient.getQueryData(queryKey)) setThread((data) => settleComment(data, tempId, comment));
      else void queryClient.invalidateQueries({ queryKey });
      adapter.setCount(queryClient, subjectId, commentCount);
    },
    onError: (_error, { tempId }) => setThread((data) => removeComment(data, tempId)),
  });
  return {
    /** Adds `comment` (a reply when `parentId` is not 0); `onFailed` gets the text back to put in the box. */
    add: (parentId: number, comment: string, onFailed: (comment: string) => void) =>
      mutation.mutate({ parentId, comment, tempId: nextTempId() }, { onError: () => onFailed(comment) }),
  };
}

type Edited = Pick<ThreadReply, 'comment' | 'hashtags' | 'tagUser' | 'editedAt'>;

export function useEditComment(adapter: CommentAdapter, subjectId: number) {
  const queryClient = useQueryClient();
  const queryKey = adapter.queryKey(subjectId);
  const setThread = (change: (data: ThreadPages | undefined) => ThreadPages | undefined) => queryClient.setQueryData<ThreadPages>(queryKey, change);
  const mutation = useMutation({
    mutationKey: [adapter.subject, 'comment', 'edit'],
    mutationFn: ({ target, comment }: { target: ThreadReply; comment: string }) => adapter.edit(subjectId, target.commentId, comment),
    onMutate: async ({ target, comment }) => {
      await queryClient.cancelQueries({ queryKey });
      const before: Edited = { comment: target.comment, hashtags: target.hashtags, tagUser: target.tagUser, editedAt: target.editedAt };
      setThread((data) => patchComment(data, target.commentId, (c) => ({ ...c, comment, pending: 'editing' })));
      return before;
    },
    // Only the text and what is read from it: a like that settled meanwhile stays.
    onSuccess: (saved, { target }) =>
      setThread((data) =>
        patchComment(data, target.commentId, (c) => ({ ...c, comment: saved.comment, hashtags: saved.hashtags, tagUser: saved.tagUser, editedAt: saved.editedAt, pending: undefined })),
      ),
    onError: (_error, { target }, before) => {
      if (before) setThread((data) => patchComment(data, target.commentId, (c) => ({ ...c, ...before, pending: undefined })));
    },
  });
  return {
    /** Saves `comment` as the new text; `onFailed` gets the text back to reopen the editor with. */
    edit: (target: ThreadReply, comment: string, onFailed: (comment: string) => void) =>
      mutation.mutate({ target, comment }, { onError: () => onFailed(comment) }),
  };
}

export function useDeleteComment(adapter: CommentAdapter, subjectId: number) {
  const queryClient = useQueryClient();
  const queryKey = adapter.queryKey(subjectId);
  const setThread = (change: (data: ThreadPages | undefined) => ThreadPages | undefined) => queryClient.setQueryData<ThreadPages>(queryKey, change);
  const mutation = useMutation({
    mutationKey: [adapter.subject, 'comment', 'delete'],
    mutationFn: (target: ThreadReply) => adapter.remove(subjectId, target.commentId),
    onMutate: async (target) => {
      await queryClient.cancelQueries({ queryKey });
      setThread((data) => patchComment(data, target.commentId, (c) => ({ ...c, pending: 'deleting' })));
    },
    onSuccess: ({ commentCount }, target) => {
      setThread((data) => removeComment(data, target.commentId));
      adapter.setCount(queryClient, subjectId, commentCount);
    },
    onError: (_error, target) => setThread((data) => patchComment(data, target.commentId, (c) => ({ ...c, pending: undefined }))),
  });
  return { remove: (target: ThreadReply) => mutation.mutate(target) };
}

/**
 * The next page of one top-level comment's replies, from where those loaded end (its `replyCursor`), merged into the
 * cached thread: so a like, edit, delete or reply on a loaded reply works as on any other. A failure is said on the
 * button (`silent`), not in a toast.
 */
export function useMoreReplies(adapter: CommentAdapter, subjectId: number) {
  const queryClient = useQueryClient();
  const queryKey = adapter.queryKey(subjectId);
  // A page still coming when the thread leaves the screen is not wanted any more.
  const leaving = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);
  return useMutation({
    mutationKey: [adapter.subject, 'comment', 'replies'],
    meta: { silent: true },
    mutationFn: ({ parent }: { parent: ThreadComment & { replyCursor: string } }) =>
      adapter.replies(subjectId, parent.commentId, parent.replyCursor, leaving.current.signal),
    onSuccess: (page, { parent }) => queryClient.setQueryData<ThreadPages>(queryKey, (data) => appendReplies(data, parent.commentId, page)),
  });
}
