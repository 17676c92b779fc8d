import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { REPLIES_PAGE } from '#contract/feeds';
import { Avatar } from '../../../components/avatar';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../auth/session-context';
import { useCan } from '../../auth/use-can';
import { commentWords } from '../comment-words';
import { displayName } from '../../../lib/display-name';
import { useNow } from '../../../lib/use-now';
import { commentsQuery } from '../api';
import type { CommentAdapter, ThreadComment, ThreadReply } from '../comment-adapter';
import { useCommentLike } from '../comment-like-toggle';
import { useLiveThread } from '../live-thread';
import { useAddComment, useDeleteComment, useEditComment, useMoreReplies } from '../thread-mutations';
import { CommentBox } from './comment-box';
import { CommentItem, type ThreadControls } from './comment-item';
import { LoadError } from '../../../components/load-error';
import { LoadMore } from '../../../components/load-more';

/** Replies shown under a comment before "View N more replies". */
const REPLIES_PREVIEW = 2;

type Props = {
  /** Which kind of subject, and its calls: `feedComments` (feeds/feed-comments.ts) for a post. */
  adapter: CommentAdapter;
  subjectId: number;
  /** Who may delete any comment under it: the post's author; the event's organiser and co-hosts (as the server rules). */
  moderatorIds: readonly number[];
};

/**
 * The comments of one post (or event): a composer, then top-level comments newest first with their replies one
 * level deep, oldest first, and older comments as the end of the list comes into view. Every change is optimistic,
 * and what others write while it is open shows as they write it (live-thread.ts).
 */
export function CommentThread({ adapter, subjectId, moderatorIds }: Props) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { user } = useSession();
  const mayComment = useCan('comment');
  const now = useNow();
  const list = useInfiniteQuery(commentsQuery(adapter, subjectId));
  const { add } = useAddComment(adapter, subjectId);
  const { edit } = useEditComment(adapter, subjectId);
  const { remove } = useDeleteComment(adapter, subjectId);
  const like = useCommentLike(adapter, subjectId);
  const [draft, setDraft] = useState('');
  useLiveThread(adapter, subjectId);

  const comments = useMemo(() => (list.data?.pages.flatMap((p) => p.list) ?? []).filter((c) => c.pending !== 'deleting'), [list.data]);
  const controls: ThreadControls = {
    meId: user?.userId ?? null,
    moderatorIds,
    now,
    like: (c) => void like(c),
    edit,
    remove,
    focusThread: () => heading.current?.focus(),
  };

  const post = (text: string) => {
    setDraft('');
    // Failed: the text goes back in the box, ahead of anything typed since.
    add(0, text, (failed) => setDraft((current) => (current.trim() ? `${failed}\n${current}` : failed)));
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-bold">
        Comments
      </h2>

      {user && mayComment && (
        <div className="flex gap-2.5 sm:gap-3">
          <Avatar src={user.profileImage} name={displayName(user)} size="sm" />
          <CommentBox label="Add a comment" submitLabel="Post" value={draft} onChange={setDraft} onSubmit={post} discardWords={commentWords.discardComment} />
        </div>
      )}

      {list.isPending ? (
        <div className="flex justify-center py-8 text-brand">
          <Spinner size="lg" label="Loading comments" />
        </div>
      ) : list.isError && comments.length === 0 ? (
        <LoadError what="The comments" error={list.error} onRetry={() => void list.refetch()} />
      ) : comments.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-6 text-center text-muted">No comments yet. Start the conversation.</p>
      ) : (
        <>
          <ul aria-labelledby={headingId} className="flex flex-col gap-4">
            {comments.map((c) => (
              <TopLevelComment key={c.commentId} comment={c} controls={controls} onReply={add} adapter={adapter} subjectId={subjectId} />
            ))}
          </ul>
          <LoadMore
            label="Load more comments"
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            failed={list.isFetchNextPageError}
            onMore={() => void list.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}

type TopLevelProps = {
  comment: ThreadComment;
  controls: ThreadControls;
  onReply(parentId: number, text: string, onFailed: (text: string) => void): void;
  adapter: CommentAdapter;
  subjectId: number;
};

/**
 * A top-level comment, its replies (oldest first, the first few until asked for all, then page by page from the
 * server) and its reply box.
 */
function TopLevelComment({ comment, controls, onReply, adapter, subjectId }: TopLevelProps) {
  const repliesId = useId();
  const repliesList = useRef<HTMLUListElement>(null);
  const { user } = useSession();
  const more = useMoreReplies(adapter, subjectId);
  const [expanded, setExpanded] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);
  // What the box was opened with (the mentions of whom it answers): Escape loses nothing while it holds only that.
  const [untyped, setUntyped] = useState('');
  // Each opening mounts the box afresh, so Reply on another reply moves focus into the box that is already open.
  const [openings, setOpenings] = useState(0);
  const opener = useRef<HTMLButtonElement | null>(null);
  const name = displayName(comment.author);

  const replies = comment.reply.filter((r) => r.pending !== 'deleting');
  const shown = expanded ? replies : replies.slice(0, REPLIES_PREVIEW);
  // Replies the server holds beyond those loaded (it sends the first 50 of each comment, then 50 a page).
  const unsent = Math.max(0, comment.replyCount - comment.reply.length);
  const collapsed = replies.length - Math.min(replies.length, REPLIES_PREVIEW);
  const { replyCursor } = comment;
  const nextPage = Math.min(unsent, REPLIES_PAGE);
  const loadMore = () => {
    if (replyCursor === null || more.isPending) return;
    // What comes is shown with all before it.
    setExpanded(true);
    more.mutate(
      { parent: { ...comment, replyCursor } },
      {
        // The button goes with the last page: focus goes to the replies, so it is not lost to the page.
        onSuccess: (page) => {
          if (!page.next_cursor) repliesList.current?.focus();
        },
      },
    );
  };

  const openReply = (button: HTMLButtonElement, to: ThreadReply) => {
    opener.current = button;
    // Answering a reply mentions its author, as the thread stays one level deep.
    const mention = to.parentId !== 0 && to.author.userId !== user?.userId ? `@${to.author.handleName} ` : '';
    const withMention = (text: string) => (text.includes(mention) ? text : `${mention}${text}`);
    setDraft(draft === null ? mention : withMention(draft));
    setUntyped(draft === null ? mention : withMention(untyped));
    setOpenings((n) => n + 1);
  };
  const closeReply = () => {
    setDraft(null);
    opener.current?.focus();
  };
  const sendReply = (text: string) => {
    closeReply();
    // The new reply goes last: show them all so it is seen.
    setExpanded(true);
    onReply(comment.commentId, text, (failed) => setDraft(failed));
  };

  return (
    <li className="flex flex-col gap-3">
      <CommentItem comment={comment} controls={controls} onReply={openReply} hasReplies={comment.replyCount > 0}>
        {(shown.length > 0 || draft !== null) && (
          <div className="mt-2 flex flex-col gap-3">
            {shown.length > 0 && (
              <ul id={repliesId} ref={repliesList} tabIndex={-1} aria-label={`Replies to ${name}`} className="flex flex-col gap-3 outline-none">
                {shown.map((r) => (
                  <li key={r.commentId}>
                    <CommentItem comment={r} controls={controls} onReply={openReply} />
                  </li>
                ))}
              </ul>
            )}
            {(expanded || collapsed === 0) && unsent > 0 && replyCursor !== null && (
              // Not disabled while loading: a disabled button drops keyboard focus.
              <button
                type="button"
                aria-controls={repliesId}
                aria-busy={more.isPending || undefined}
                aria-disabled={more.isPending || undefined}
                className="inline-flex min-h-8 items-center gap-2 self-start rounded-md px-2 text-sm font-semibold text-brand-strong hover:bg-surface-2 aria-disabled:cursor-wait aria-disabled:opacity-70"
                onClick={loadMore}
              >
                {more.isPending && <Spinner size="sm" />}
                {more.isError ? 'Could not load replies. Try again' : `Show ${nextPage} more ${nextPage === 1 ? 'reply' : 'replies'}`}
              </button>
            )}
            {collapsed > 0 && (
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={repliesId}
                className="min-h-8 self-start rounded-md px-2 text-sm font-semibold text-brand-strong hover:bg-surface-2"
                onClick={() => setExpanded(!expanded)}
              >
                {expanded ? 'Show fewer replies' : `View ${collapsed} more ${collapsed === 1 ? 'reply' : 'replies'}`}
              </button>
            )}
            {draft !== null && user && (
              <div className="flex gap-2.5">
                <Avatar src={user.profileImage} name={displayName(user)} size="sm" />
                <CommentBox
                  key={openings}
                  label={`Reply to ${name}`}
                  submitLabel="Reply"
                  value={draft}
                  onChange={setDraft}
                  onSubmit={sendReply}
                  onCancel={closeReply}
                  pristine={untyped}
                  discardWords={commentWords.discardReply}
                  autoFocus
                />
              </div>
            )}
          </div>
        )}
      </CommentItem>
    </li>
  );
}

