import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Avatar } from '../../../components/avatar';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RichText } from '../../../components/rich-text';
import { commentWords } from '../comment-words';
import { displayName } from '../../../lib/display-name';
import { fullDateTime, relativeTime } from '../../../lib/relative-time';
import { formatCount } from '../../../lib/format-count';
import type { ThreadReply } from '../comment-adapter';
import { isUnsaved } from '../thread-mutations';
import { CommentBox } from './comment-box';
import { Icon } from '../../../components/icons';
import { ReportDialog } from '../../reports/components/report-dialog';
import { useReportFollowUps } from '../../reports/report-follow-ups';
import { OptionsMenu } from '../../../components/ui/options-menu';
import { useCan } from '../../auth/use-can';

/** What every comment of one thread needs from it: who is looking, whose subject it is, and the actions. */
export type ThreadControls = {
  /** The signed-in member, null while signed out. */
  meId: number | null;
  /** Who looks after the thread (the post's author; the event's organiser and co-hosts): they may delete any comment on it. */
  moderatorIds: readonly number[];
  now: Date;
  like(comment: ThreadReply): void;
  edit(comment: ThreadReply, text: string, onFailed: (text: string) => void): void;
  remove(comment: ThreadReply): void;
  /** Where focus goes when the comment that had it is deleted. */
  focusThread(): void;
};

const actionClass = 'inline-flex min-h-8 items-center gap-1 rounded-md px-2 text-xs font-semibold hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-60';
const plainAction = clsx(actionClass, 'text-muted hover:text-fg');

type Props = {
  comment: ThreadReply;
  controls: ThreadControls;
  /** Opens the reply box of the thread this comment is in; `opener` gets focus back when the box is cancelled. */
  onReply?: (opener: HTMLButtonElement, to: ThreadReply) => void;
  /** Whether deleting takes replies with it (a top-level comment that has some). */
  hasReplies?: boolean;
  children?: ReactNode;
};

/**
 * One comment: author (to their profile), when, whether edited, the text with live tags, and its actions. Edit
 * (own only) swaps the text for an inline box; Delete (own, or anything on your own post) asks first; Report (anyone
 * else's) opens the report dialog, and a "⋯" beside it mutes or blocks the author (the social area's entries, given
 * where the app is put together).
 */
export function CommentItem({ comment, controls, onReply, hasReplies = false, children }: Props) {
  const { meId, moderatorIds, now } = controls;
  const name = displayName(comment.author);
  const mine = meId !== null && meId === comment.author.userId;
  const mayDelete = mine || (meId !== null && moderatorIds.includes(meId));
  const unsaved = isUnsaved(comment);
  const [draft, setDraft] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [reporting, setReporting] = useState(false);
  const { MemberMenuItems } = useReportFollowUps();
  // An associate's owner may not have allowed comments or likes (issue 25): the likes still count, but do not click.
  const mayComment = useCan('comment');
  const mayReact = useCan('react');

  // Focus goes back to Edit when the edit box closes; the button mounts again then, so its ref does it.
  const focusEditNext = useRef(false);
  const editButton = useCallback((node: HTMLButtonElement | null) => {
    if (node && focusEditNext.current) {
      focusEditNext.current = false;
      node.focus();
    }
  }, []);
  const closeEditor = () => {
    focusEditNext.current = true;
    setDraft(null);
  };
  const saveEdit = (text: string) => {
    closeEditor();
    if (text !== comment.comment) controls.edit(comment, text, (failed) => setDraft(failed));
  };

  return (
    <article aria-label={`${comment.parentId === 0 ? 'Comment' : 'Reply'} by ${name}`} aria-busy={comment.pending ? true : undefined} className="flex gap-2.5 sm:gap-3">
      <Avatar src={comment.author.profileImage} name={name} size="sm" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className={clsx('rounded-2xl bg-surface-2 px-3 py-2', comment.pending && 'opacity-60')}>
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <Link to="/profile/$username" params={{ username: comment.author.handleName }} className="font-semibold text-fg hover:underline">
              {name}
            </Link>
            <time dateTime={comment.createdAt} title={fullDateTime(comment.createdAt)} className="text-xs text-muted">
              {relativeTime(comment.createdAt, now)}
            </time>
            {comment.editedAt && (
              <span className="text-xs text-muted" title={`Edited ${fullDateTime(comment.editedAt)}`}>
                edited
              </span>
            )}
            {comment.pending === 'adding' && <span className="text-xs text-muted">Sending…</span>}
            {comment.pending === 'editing' && <span className="text-xs text-muted">Saving…</span>}
          </p>
          {draft === null && <RichText text={comment.comment} mentions={comment.tagUser} className="whitespace-pre-line break-words text-sm" />}
        </div>

        {draft !== null ? (
          <CommentBox
            label="Edit your comment"
            submitLabel="Save"
            value={draft}
            onChange={setDraft}
            onSubmit={saveEdit}
            onCancel={closeEditor}
            pristine={comment.comment}
            discardWords={commentWords.discardCommentChanges}
            autoFocus
          />
        ) : (
          <div role="group" aria-label={`Actions for ${name}'s comment`} className="-ml-2 flex flex-wrap items-center gap-0.5">
            <button
              type="button"
              className={comment.isLiked ? clsx(actionClass, 'text-brand-strong') : plainAction}
              aria-pressed={comment.isLiked}
              aria-label={`Like, ${comment.likeCount} ${comment.likeCount === 1 ? 'like' : 'likes'}`}
              disabled={unsaved || !mayReact}
              onClick={() => controls.like(comment)}
            >
              <Icon name="heart" className="size-4" fill={comment.isLiked ? 'currentColor' : 'none'} strokeWidth="2" />
              Like
              {comment.likeCount > 0 && <span className="tabular-nums">{formatCount(comment.likeCount)}</span>}
            </button>
            {onReply && meId !== null && mayComment && (
              <button type="button" className={plainAction} disabled={unsaved} onClick={(event) => onReply(event.currentTarget, comment)}>
                Reply
              </button>
            )}
            {mine && mayComment && (
              <button type="button" ref={editButton} className={plainAction} disabled={unsaved || comment.pending === 'editing'} onClick={() => setDraft(comment.comment)}>
                Edit
              </button>
            )}
            {mayDelete && (
              <button type="button" className={plainAction} disabled={unsaved} onClick={() => setConfirming(true)}>
                Delete
              </button>
            )}
            {meId !== null && !mine && (
              <button type="button" className={plainAction} disabled={unsaved} onClick={() => setReporting(true)}>
                Report
              </button>
            )}
            {meId !== null && !mine && !unsaved && MemberMenuItems && (
              <OptionsMenu label={`More actions for ${name}`} className="w-56">
                {(close) => <MemberMenuItems member={comment.author} close={close} />}
              </OptionsMenu>
            )}
          </div>
        )}
        {children}
      </div>

      {confirming && (
        <ConfirmDialog
          title="Delete this comment?"
          description={<p>{hasReplies ? 'It is removed for everyone, with its replies.' : 'It is removed for everyone.'} This cannot be undone.</p>}
          confirmLabel="Delete"
          busy={removing}
          onConfirm={() => {
            // The dialog stays until the comment leaves the page with it (a moment later), so it does not hand
            // focus back to a Delete button about to vanish: focus goes to the thread instead.
            setRemoving(true);
            controls.focusThread();
            controls.remove(comment);
          }}
          onClose={() => setConfirming(false)}
        />
      )}
      {reporting && (
        <ReportDialog
          subject={{ kind: 'comment', id: comment.commentId, name: 'this comment', userId: comment.author.userId, handleName: comment.author.handleName }}
          onClose={() => setReporting(false)}
        />
      )}
    </article>
  );
}
