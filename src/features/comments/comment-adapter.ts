import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ThreadSubject } from '#contract/realtime';
import type { MemberSummary } from '#contract/social';
import type { PageParam } from '../../lib/paging';

/**
 * What the comment thread shows of one comment, whatever it hangs under (a post now, an event in issue 6): the
 * wire shapes differ only in the subject's id, which the thread never needs.
 */
export type ThreadReply = {
  commentId: number;
  /** 0 for a top-level comment. */
  parentId: number;
  comment: string;
  hashtags: string[];
  tagUser: MemberSummary[];
  author: MemberSummary;
  likeCount: number;
  isLiked: boolean;
  createdAt: string;
  editedAt: string | null;
  /**
   * Client only: a change the server has not confirmed yet. `adding` and `editing` show in the pending style;
   * `deleting` hides the comment until the server confirms (then it goes) or refuses (then it comes back).
   */
  pending?: 'adding' | 'editing' | 'deleting' | undefined;
};

/**
 * A top-level comment with its replies loaded so far, oldest first, how many replies it has in all, and where the
 * next page of its replies starts (null once they are all here).
 */
export type ThreadComment = ThreadReply & { replyCount: number; reply: ThreadReply[]; replyCursor: string | null };

/** One page of top-level comments, newest first. */
export type ThreadPage = { list: ThreadComment[]; current_page: number; last_page: number; next_cursor?: string | null | undefined };
/** One page of a comment's replies, oldest first; `total` is how many it has now. */
export type ReplyPage = { list: ThreadReply[]; total: number; next_cursor?: string | null | undefined };

/** What the server says after a comment was saved: the comment and the subject's comment count now. */
export type SavedComment = { comment: ThreadReply; commentCount: number };
/** What a deletion leaves: which comment went (and under which parent), and the subject's comment count now. */
export type DeletedComment = { commentId: number; parentId: number; commentCount: number };

/**
 * The thread's link to one kind of subject: its calls, where its comments are cached, and how to keep the subject's
 * comment count right wherever the subject is shown. Each kind's own area holds its adapter: `feedComments`
 * (feeds/feed-comments.ts) and `eventComments` (events/event-comments.ts).
 */
export type CommentAdapter = {
  /**
   * Names the subject in mutation and toggle keys, so two kinds never share a queue, and its thread on the live
   * socket (contract/realtime.ts).
   */
  subject: ThreadSubject;
  queryKey(subjectId: number): QueryKey;
  list(subjectId: number, page: PageParam, signal: AbortSignal): Promise<ThreadPage>;
  /**
   * The page of the top-level comment `parentId`'s replies that starts at `cursor` (its `replyCursor`, then each
   * page's `next_cursor`); the cursor says which page it is.
   */
  replies(subjectId: number, parentId: number, cursor: string, signal: AbortSignal): Promise<ReplyPage>;
  /** `parentId` 0 adds a top-level comment. */
  add(subjectId: number, parentId: number, comment: string): Promise<SavedComment>;
  edit(subjectId: number, commentId: number, comment: string): Promise<ThreadReply>;
  like(commentId: number, isLiked: boolean): Promise<ThreadReply>;
  remove(subjectId: number, commentId: number): Promise<DeletedComment>;
  /** Writes the server's comment count into every cached place the subject is shown. */
  setCount(queryClient: QueryClient, subjectId: number, commentCount: number): void;
};
