import { describe, expect, it } from 'vitest';
import type { ThreadPages } from './api';
import type { ThreadComment, ThreadReply } from './comment-adapter';
import { addLiveComment, appendReplies, editLiveComment, insertComment, keepLoadedReplies, patchComment, removeComment, settleComment } from './thread-cache';
import { jonas, maya } from './test-helpers';

const reply = (commentId: number, parentId: number, over: Partial<ThreadReply> = {}): ThreadReply => ({
  commentId,
  parentId,
  comment: `comment ${commentId}`,
  hashtags: [],
  tagUser: [],
  author: jonas,
  likeCount: 0,
  isLiked: false,
  createdAt: '2026-05-17T09:00:00.000Z',
  editedAt: null,
  ...over,
});
const top = (commentId: number, replies: ThreadReply[] = []): ThreadComment => ({ ...reply(commentId, 0), replyCount: replies.length, reply: replies, replyCursor: null });

const thread = (...pages: ThreadComment[][]): ThreadPages => ({
  pages: pages.map((list, i) => ({ list, current_page: i + 1, last_page: pages.length, next_cursor: i + 1 < pages.length ? `c${i + 1}` : null })),
  pageParams: pages.map((_, i) => (i === 0 ? { page: 1 } : { page: i + 1, cursor: `c${i}` })),
});
const ids = (data: ThreadPages | undefined) => data?.pages.map((p) => p.list.map((c) => [c.commentId, c.replyCount, c.reply.map((r) => r.commentId)]));

describe('thread cache', () => {
  it('keeps the replies loaded past the first page when the thread is fetched again, and only then', () => {
    const at = (minute: number) => `2026-05-17T09:${String(minute).padStart(2, '0')}:00.000Z`;
    const r = (id: number, minute: number) => reply(id, 1, { createdAt: at(minute) });
    // Loaded: the server's first page of replies (11, 12) and one more page (13, 14), which ended where r15 starts.
    const cached = thread([{ ...top(1, [r(11, 1), r(12, 2), r(13, 3), r(14, 4)]), replyCount: 6, replyCursor: 'after-14' }]);
    const page = (fresh: ThreadComment) => ({ list: [fresh], current_page: 1, last_page: 1, next_cursor: null });

    const refetched = keepLoadedReplies(cached, page({ ...top(1, [r(11, 1), r(12, 2)]), replyCount: 6, replyCursor: 'after-12' }));
    expect(refetched.list[0]).toMatchObject({ replyCount: 6, replyCursor: 'after-14' });
    expect(refetched.list[0]?.reply.map((x) => x.commentId)).toEqual([11, 12, 13, 14]);

    // Every reply fits the server's first page now (some were deleted): its answer stands.
    const complete = page({ ...top(1, [r(11, 1), r(13, 3)]), replyCursor: null });
    expect(keepLoadedReplies(cached, complete)).toBe(complete);
    // Nothing cached yet: the page as sent.
    const first = page({ ...top(1, [r(11, 1), r(12, 2)]), replyCount: 6, replyCursor: 'after-12' });
    expect(keepLoadedReplies(undefined, first)).toBe(first);
  });

  it('puts a new top-level comment first on page 1 and a reply last under its parent, counting it', () => {
    const data = thread([top(2), top(1, [reply(11, 1)])], [top(0)]);
    expect(ids(insertComment(data, reply(3, 0)))).toEqual([[[3, 0, []], [2, 0, []], [1, 1, [11]]], [[0, 0, []]]]);
    expect(ids(insertComment(data, reply(12, 1)))).toEqual([[[2, 0, []], [1, 2, [11, 12]]], [[0, 0, []]]]);
  });

  it('settles the server comment where the pending one was, or adds it once when a reload dropped the pending one', () => {
    const pending = insertComment(thread([top(2)]), reply(-1, 0, { pending: 'adding' }));
    const saved = reply(50, 0, { author: maya });
    const settled = settleComment(pending, -1, saved);
    expect(ids(settled)).toEqual([[[50, 0, []], [2, 0, []]]]);
    expect(settled?.pages[0]?.list[0]?.pending).toBeUndefined();

    // Reloaded meanwhile, without the new comment: it goes first.
    expect(ids(settleComment(thread([top(2)]), -1, saved))).toEqual([[[50, 0, []], [2, 0, []]]]);
    // Reloaded meanwhile, with it: not twice.
    expect(ids(settleComment(thread([top(50), top(2)]), -1, saved))).toEqual([[[50, 0, []], [2, 0, []]]]);
  });

  it('removes a reply from its parent (one fewer) and a top-level comment with its replies', () => {
    const data = thread([top(2), top(1, [reply(11, 1), reply(12, 1)])]);
    expect(ids(removeComment(data, 11))).toEqual([[[2, 0, []], [1, 1, [12]]]]);
    expect(ids(removeComment(data, 1))).toEqual([[[2, 0, []]]]);
  });

  it('patches one comment wherever it is and keeps a top-level comment’s replies', () => {
    const data = thread([top(1, [reply(11, 1)])]);
    const liked = patchComment(data, 1, (c) => ({ ...c, isLiked: true, likeCount: 1 }));
    expect(liked?.pages[0]?.list[0]).toMatchObject({ isLiked: true, likeCount: 1, replyCount: 1 });
    expect(liked?.pages[0]?.list[0]?.reply).toHaveLength(1);
    const edited = patchComment(data, 11, (c) => ({ ...c, comment: 'changed' }));
    expect(edited?.pages[0]?.list[0]?.reply[0]?.comment).toBe('changed');
    expect(patchComment(data, 99, (c) => ({ ...c, comment: 'x' }))).toBe(data);
  });

  it('appends a page of replies once each, in the order written, with the cursor for the page after', () => {
    const at = (minute: number) => `2026-05-17T09:${String(minute).padStart(2, '0')}:00.000Z`;
    const parent = { ...top(1, [reply(11, 1, { createdAt: at(1) }), reply(12, 1, { createdAt: at(2) })]), replyCount: 5, replyCursor: 'c' };
    // Heard live meanwhile (written after the page below), and one of the member's own still being sent.
    const data = insertComment(insertComment(thread([parent]), reply(20, 1, { createdAt: at(9) })), reply(-5, 1, { pending: 'adding' }));
    const page = { list: [reply(12, 1, { createdAt: at(2) }), reply(13, 1, { createdAt: at(3) }), reply(14, 1, { createdAt: at(3) })], total: 6, next_cursor: 'd' };
    const after = appendReplies(data, 1, page)?.pages[0]?.list[0];
    expect(after?.reply.map((r) => r.commentId)).toEqual([11, 12, 13, 14, 20, -5]);
    expect(after).toMatchObject({ replyCount: 7, replyCursor: 'd' });
    expect(appendReplies(data, 1, { ...page, next_cursor: null })?.pages[0]?.list[0]?.replyCursor).toBeNull();
  });

  it('takes a live comment of the member’s own in place of their pending one, and an edit only when none is in flight', () => {
    const mine = reply(-1, 0, { author: maya, comment: 'On my way', pending: 'adding' });
    const data = insertComment(thread([top(2)]), mine);
    expect(ids(addLiveComment(data, reply(9, 0, { author: maya, comment: 'On my way' })))).toEqual([[[9, 0, []], [2, 0, []]]]);
    // Someone else's words, or the same words under another parent: a comment of their own.
    expect(ids(addLiveComment(data, reply(9, 0, { comment: 'On my way' })))).toEqual([[[9, 0, []], [-1, 0, []], [2, 0, []]]]);

    const editing = patchComment(thread([top(2)]), 2, (c) => ({ ...c, comment: 'mine, saving', pending: 'editing' }));
    expect(editLiveComment(editing, reply(2, 0, { comment: 'theirs' }))?.pages[0]?.list[0]?.comment).toBe('mine, saving');
    const liked = patchComment(thread([top(2)]), 2, (c) => ({ ...c, isLiked: true, likeCount: 3 }));
    expect(editLiveComment(liked, reply(2, 0, { comment: 'changed', editedAt: '2026-05-17T10:00:00.000Z' }))?.pages[0]?.list[0]).toMatchObject({
      comment: 'changed',
      editedAt: '2026-05-17T10:00:00.000Z',
      isLiked: true,
      likeCount: 3,
    });
  });
});
