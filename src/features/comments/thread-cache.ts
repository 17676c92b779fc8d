import type { ReplyPage, ThreadComment, ThreadPage, ThreadReply } from './comment-adapter';
import type { ThreadPages } from './api';

/**
 * Pure edits of one cached thread. Each touches only the comment it names, so changes running at the same time
 * (two replies, a like during an edit) never undo each other, as restoring a whole snapshot would.
 */

const mapPages = (data: ThreadPages, change: (list: ThreadComment[], index: number) => ThreadComment[]): ThreadPages => ({
  ...data,
  pages: data.pages.map((page, index) => {
    const list = change(page.list, index);
    return list === page.list ? page : { ...page, list };
  }),
});

const asTopLevel = (comment: ThreadReply): ThreadComment => ({ ...comment, replyCount: 0, reply: [], replyCursor: null });

const holds = (data: ThreadPages, commentId: number) =>
  data.pages.some((p) => p.list.some((c) => c.commentId === commentId || c.reply.some((r) => r.commentId === commentId)));

/** A new comment: a top-level one goes first (spec §4), a reply last under its parent. */
export function insertComment(data: ThreadPages | undefined, comment: ThreadReply): ThreadPages | undefined {
  if (!data?.pages.length || holds(data, comment.commentId)) return data;
  if (comment.parentId === 0) return mapPages(data, (list, index) => (index === 0 ? [asTopLevel(comment), ...list] : list));
  return mapPages(data, (list) =>
    list.some((c) => c.commentId === comment.parentId)
      ? list.map((c) => (c.commentId === comment.parentId ? { ...c, replyCount: c.replyCount + 1, reply: [...c.reply, comment] } : c))
      : list,
  );
}

/** Applies `change` to the comment `commentId`, top-level or reply, wherever it is in the thread. */
export function patchComment(data: ThreadPages | undefined, commentId: number, change: (comment: ThreadReply) => ThreadReply): ThreadPages | undefined {
  if (!data?.pages || !holds(data, commentId)) return data;
  return mapPages(data, (list) =>
    list.map((c) => {
      if (c.commentId === commentId) return { ...change(c), replyCount: c.replyCount, reply: c.reply, replyCursor: c.replyCursor };
      if (!c.reply.some((r) => r.commentId === commentId)) return c;
      return { ...c, reply: c.reply.map((r) => (r.commentId === commentId ? change(r) : r)) };
    }),
  );
}

/** Takes a comment out (a top-level one with its replies; a reply from its parent, whose count drops by one). */
export function removeComment(data: ThreadPages | undefined, commentId: number): ThreadPages | undefined {
  if (!data?.pages || !holds(data, commentId)) return data;
  return mapPages(data, (list) => {
    if (list.some((c) => c.commentId === commentId)) return list.filter((c) => c.commentId !== commentId);
    if (!list.some((c) => c.reply.some((r) => r.commentId === commentId))) return list;
    return list.map((c) =>
      c.reply.some((r) => r.commentId === commentId)
        ? { ...c, replyCount: Math.max(0, c.replyCount - 1), reply: c.reply.filter((r) => r.commentId !== commentId) }
        : c,
    );
  });
}

/**
 * The server's comment in place of the pending one `tempId`. When the pending one is gone (the thread was reloaded
 * meanwhile) the saved comment goes where a new one goes, unless the reload already brought it.
 */
export function settleComment(data: ThreadPages | undefined, tempId: number, saved: ThreadReply): ThreadPages | undefined {
  if (!data?.pages) return data;
  if (!holds(data, tempId)) return insertComment(data, saved);
  if (holds(data, saved.commentId)) return removeComment(data, tempId);
  return patchComment(data, tempId, () => saved);
}

/** Saved replies by time written (then id), as the server orders them; unsaved ones stay last, as they were. */
function byTimeWritten(replies: ThreadReply[]) {
  const saved = replies.filter((r) => r.commentId > 0);
  saved.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.commentId - b.commentId);
  return [...saved, ...replies.filter((r) => r.commentId <= 0)];
}

/**
 * The next page of `parentId`'s replies after those loaded: each reply once (one already here, perhaps mid-change,
 * stays as it is), in the order written, and the page's cursor for the page after.
 */
export function appendReplies(data: ThreadPages | undefined, parentId: number, page: ReplyPage): ThreadPages | undefined {
  if (!data?.pages) return data;
  return mapPages(data, (list) =>
    list.some((c) => c.commentId === parentId)
      ? list.map((c) => {
          if (c.commentId !== parentId) return c;
          const known = new Set(c.reply.map((r) => r.commentId));
          const reply = byTimeWritten([...c.reply, ...page.list.filter((r) => !known.has(r.commentId))]);
          const unsaved = c.reply.filter((r) => r.commentId <= 0).length;
          return { ...c, reply, replyCount: Math.max(page.total + unsaved, reply.length), replyCursor: page.next_cursor ?? null };
        })
      : list,
  );
}

/**
 * A page of the thread as the server just sent it, keeping the replies this member had loaded past a comment's first
 * page (Show more replies): the server sends only the first page of each comment's replies, so a refetch would
 * otherwise drop the rest and bring the button back. Only when the server says more replies follow (its cursor); the
 * loaded ones after its last reply stay, with the cursor that follows them.
 */
export function keepLoadedReplies(cached: ThreadPages | undefined, page: ThreadPage): ThreadPage {
  if (!cached?.pages) return page;
  const loaded = new Map(cached.pages.flatMap((p) => p.list.map((c) => [c.commentId, c] as const)));
  let changed = false;
  const list = page.list.map((fresh) => {
    const before = loaded.get(fresh.commentId);
    const last = fresh.reply.at(-1);
    if (!fresh.replyCursor || !before || !last) return fresh;
    const after = (r: ThreadReply) => r.commentId > 0 && (r.createdAt.localeCompare(last.createdAt) || r.commentId - last.commentId) > 0;
    const known = new Set(fresh.reply.map((r) => r.commentId));
    const extra = before.reply.filter((r) => after(r) && !known.has(r.commentId));
    if (extra.length === 0) return fresh;
    changed = true;
    const reply = byTimeWritten([...fresh.reply, ...extra]);
    return { ...fresh, reply, replyCount: Math.max(fresh.replyCount, reply.length), replyCursor: before.replyCursor };
  });
  return changed ? { ...page, list } : page;
}

/**
 * A comment someone added, heard live: where a new one goes, once. When it is this member's own, still pending here
 * (the live message can beat the answer to their request), it takes the pending one's place instead.
 */
export function addLiveComment(data: ThreadPages | undefined, comment: ThreadReply): ThreadPages | undefined {
  if (!data?.pages) return data;
  let pendingId: number | undefined;
  for (const c of data.pages.flatMap((p) => p.list.flatMap((top) => [top, ...top.reply]))) {
    if (c.pending === 'adding' && c.author.userId === comment.author.userId && c.parentId === comment.parentId && c.comment.trim() === comment.comment) {
      pendingId = c.commentId;
      break;
    }
  }
  return pendingId === undefined ? insertComment(data, comment) : settleComment(data, pendingId, comment);
}

/** A comment its author changed, heard live: the text and what is read from it; a change of this member's in flight wins. */
export function editLiveComment(data: ThreadPages | undefined, comment: ThreadReply): ThreadPages | undefined {
  return patchComment(data, comment.commentId, (c) =>
    c.pending === 'editing' ? c : { ...c, comment: comment.comment, hashtags: comment.hashtags, tagUser: comment.tagUser, editedAt: comment.editedAt },
  );
}
