import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FeedComment, FeedReply } from '#contract/feeds';
import type { MemberSummary } from '#contract/social';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { keysetPage, type PageAsked, type PagedAnswer } from '../../db/keyset';
import { feedCommentLikes, feedComments, feeds, notifications, users } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { mayViewFeed } from '../../policy/social-policy';
import { writeNotification } from '../notifications/notify';
import { withOutbox, type Outbox } from '../notifications/outbox';
import type { SentenceVariant } from '../notifications/sentences';
import { loadFeedSubject, loadViewableFeed } from './feed-access';
import { parseTags, resolveMentions } from './text-tags';

/**
 * Threaded comments on posts (issue 5): top-level comments newest first, each with its replies one level deep.
 *
 * `feeds.comment_count` counts every comment still there, top-level and replies alike: adding either raises it by
 * one; deleting a reply lowers it by one; deleting a top-level comment removes its replies too and lowers it by one
 * plus their number (contract `commentDeleted`). `reply_count` and `like_count` are kept in step the same way, in the
 * transaction that changes them.
 */

export const PER_PAGE = 20;
/** Replies carried under each top-level comment of a page, oldest first; `replyCount` tells how many there are. */
export const REPLIES_SHOWN = 50;
export const COMMENT_NOT_FOUND = 'That comment does not exist.';
const REPLY_DEPTH = 'Reply to the comment itself.';

const commentColumns = {
  id: feedComments.id,
  feedId: feedComments.feedId,
  userId: feedComments.userId,
  parentId: feedComments.parentId,
  body: feedComments.body,
  hashtags: feedComments.hashtags,
  mentions: feedComments.mentions,
  likeCount: feedComments.likeCount,
  replyCount: feedComments.replyCount,
  createdAt: feedComments.createdAt,
  editedAt: feedComments.editedAt,
};
type CommentRow = {
  id: number;
  feedId: number;
  userId: number;
  parentId: number | null;
  body: string;
  hashtags: string[];
  mentions: number[];
  likeCount: number;
  replyCount: number;
  createdAt: Date;
  editedAt: Date | null;
};

const summaryColumns = {
  userId: users.id,
  handleName: users.handleName,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImage: users.profileImage,
};

/**
 * How `viewerId` sees the comments `rows`: authors, mentioned members and the viewer's likes, read for all of them in
 * two queries whatever their number. Every member's summary is public (check 11); blocks will subtract here.
 */
async function viewOf(db: Db, viewerId: number, rows: CommentRow[]): Promise<(row: CommentRow) => FeedReply> {
  const ids = rows.map((r) => r.id);
  const people = [...new Set(rows.flatMap((r) => [r.userId, ...r.mentions]))];
  const [liked, members] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({ commentId: feedCommentLikes.commentId })
          .from(feedCommentLikes)
          .where(and(eq(feedCommentLikes.userId, viewerId), inArray(feedCommentLikes.commentId, ids))),
    people.length === 0 ? [] : db.select(summaryColumns).from(users).where(inArray(users.id, people)),
  ]);
  const likedIds = new Set(liked.map((l) => l.commentId));
  const byId = new Map<number, MemberSummary>(members.map((m) => [m.userId, m]));
  return (row) => ({
    commentId: row.id,
    feedId: row.feedId,
    parentId: row.parentId ?? 0,
    comment: row.body,
    hashtags: row.hashtags,
    // A mentioned member who has since deleted their account is left out.
    tagUser: row.mentions.flatMap((id) => byId.get(id) ?? []),
    // Comments go with their author's account (cascade), so the author is always there.
    author: byId.get(row.userId)!,
    likeCount: row.likeCount,
    isLiked: likedIds.has(row.id),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  });
}

/**
 * The first `REPLIES_SHOWN` replies of each of `parentIds`, oldest first, in one query: a lateral join reads each
 * parent's replies from the (parent_id, created_at, id) index and stops at the cap.
 */
async function repliesOf(db: Db, parentIds: number[]): Promise<CommentRow[]> {
  if (parentIds.length === 0) return [];
  const parent = alias(feedComments, 'parent');
  const reply = db
    .select(commentColumns)
    .from(feedComments)
    .where(eq(feedComments.parentId, parent.id))
    .orderBy(asc(feedComments.createdAt), asc(feedComments.id))
    .limit(REPLIES_SHOWN)
    .as('reply');
  return db
    .select({
      id: reply.id,
      feedId: reply.feedId,
      userId: reply.userId,
      parentId: reply.parentId,
      body: reply.body,
      hashtags: reply.hashtags,
      mentions: reply.mentions,
      likeCount: reply.likeCount,
      replyCount: reply.replyCount,
      createdAt: reply.createdAt,
      editedAt: reply.editedAt,
    })
    .from(parent)
    .innerJoinLateral(reply, sql`true`)
    .where(inArray(parent.id, parentIds))
    .orderBy(asc(reply.createdAt), asc(reply.id));
}

/**
 * `GET /api/feed/comment`: a post's top-level comments, newest first (keyset, server/db/keyset.ts), each with its
 * first replies oldest first. Five queries a page however many comments and replies it holds.
 */
export async function listComments(db: Db, viewerId: number, q: PageAsked & { feedId: number }): Promise<PagedAnswer<FeedComment>> {
  await loadViewableFeed(db, viewerId, q.feedId);
  const at = keysetPage(q, { createdAt: feedComments.createdAt, id: feedComments.id }, PER_PAGE);
  const topLevel = and(eq(feedComments.feedId, q.feedId), isNull(feedComments.parentId));
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(commentColumns)
      .from(feedComments)
      .where(and(topLevel, at.where))
      .orderBy(...at.orderBy)
      .limit(at.limit)
      .offset(at.offset),
    db.select({ n: count() }).from(feedComments).where(topLevel),
  ]);
  const page = at.answer(rows, totalRow?.n ?? 0, (r) => ({ createdAt: r.createdAt, id: r.id }));
  const replies = await repliesOf(
    db,
    page.list.map((r) => r.id),
  );
  const view = await viewOf(db, viewerId, [...page.list, ...replies]);
  const byParent = new Map<number, CommentRow[]>();
  for (const r of replies) byParent.set(r.parentId!, [...(byParent.get(r.parentId!) ?? []), r]);
  return { ...page, list: page.list.map((r) => ({ ...view(r), replyCount: r.replyCount, reply: (byParent.get(r.id) ?? []).map(view) })) };
}

export type NewComment = { feedId: number; userId: number; parentId: number | null; comment: string; createdAt: Date };

/**
 * Stores a comment with its hashtags and the members it may mention, and raises the counts it changes (the post's
 * `comment_count`; a reply also its parent's `reply_count`). No policy and no notifications: the caller decided
 * already (`addComment`, or the demo world seeding comments as its members).
 */
export async function insertComment(tx: Db, input: NewComment) {
  const tags = parseTags(input.comment);
  const mentioned = await resolveMentions(tx, input.userId, tags.handles);
  const [row] = await tx
    .insert(feedComments)
    .values({
      feedId: input.feedId,
      userId: input.userId,
      parentId: input.parentId,
      body: input.comment,
      hashtags: tags.hashtags,
      mentions: mentioned.map((m) => m.userId),
      createdAt: input.createdAt,
    })
    .returning(commentColumns);
  if (input.parentId !== null) {
    await tx
      .update(feedComments)
      .set({ replyCount: sql`${feedComments.replyCount} + 1` })
      .where(eq(feedComments.id, input.parentId));
  }
  const [counted] = await tx
    .update(feeds)
    .set({ commentCount: sql`${feeds.commentCount} + 1` })
    .where(eq(feeds.id, input.feedId))
    .returning({ commentCount: feeds.commentCount });
  return { row: row!, commentCount: counted!.commentCount, mentioned };
}

/**
 * Tells members about what `actorId` did to `commentId`: each member once, by the first reason given, never the actor,
 * and only a member who may see the post (a mention of someone who may not stays plain text to them).
 */
function commentNotices(tx: Db, now: Date, outbox: Outbox, actorId: number, feedId: number, commentId: number) {
  const told = new Set([actorId]);
  let subject: Awaited<ReturnType<typeof loadFeedSubject>> | null = null;
  return async (userId: number, kind: 'comments' | 'mentions' | 'likes', sentence?: SentenceVariant) => {
    if (told.has(userId)) return;
    told.add(userId);
    subject ??= (await loadFeedSubject(tx, feedId)) ?? null;
    if (!subject || !(await mayViewFeed(tx, userId, subject, { id: subject.userId, isPrivate: subject.authorIsPrivate }))) return;
    await writeNotification(tx, now, outbox, { userId, actorId, kind, subjectType: 'comment', subjectId: commentId, parentId: feedId, sentence });
  };
}

/** A comment of the post `feedId`, locked until the transaction ends (a reply and its parent's deletion queue up). */
async function lockComment(tx: Db, feedId: number, commentId: number) {
  const [row] = await tx
    .select(commentColumns)
    .from(feedComments)
    .where(and(eq(feedComments.id, commentId), eq(feedComments.feedId, feedId)))
    .limit(1)
    .for('update');
  return row;
}

type AddInput = { feedId: number; parentId?: number | undefined; comment: string };

/**
 * `POST /api/feed/comment`: a top-level comment on a post the viewer may see, or a reply to one of its top-level
 * comments (one level deep). The post's author, the parent comment's author and the members mentioned are told.
 */
export async function addComment(deps: Deps, viewerId: number, input: AddInput) {
  return withOutbox(deps, async (tx, outbox) => {
    const now = deps.clock.now();
    const feed = await loadViewableFeed(tx, viewerId, input.feedId);
    if (feed.isDraft) {
      const message = 'Comments open once the post is published.';
      throw badRequest(message, { feedId: [message] });
    }
    const parentId = input.parentId || null;
    const parent = parentId === null ? null : await lockComment(tx, feed.id, parentId);
    if (parentId !== null && !parent) throw notFound(COMMENT_NOT_FOUND);
    if (parent && parent.parentId !== null) throw badRequest(REPLY_DEPTH, { parentId: [REPLY_DEPTH] });
    const { row, commentCount, mentioned } = await insertComment(tx, { feedId: feed.id, userId: viewerId, parentId, comment: input.comment, createdAt: now });
    const tell = commentNotices(tx, now, outbox, viewerId, feed.id, row.id);
    if (parent) await tell(parent.userId, 'comments', 'comment_reply');
    await tell(feed.userId, 'comments');
    for (const m of mentioned) await tell(m.userId, 'mentions', 'comment_mention');
    const view = await viewOf(tx, viewerId, [row]);
    return { comment: view(row), commentCount };
  });
}

type EditInput = { feedId: number; commentId: number; comment: string };

/** `POST /api/feed/updateFeedComment`: the viewer's own comment, new text; members newly mentioned are told. */
export async function editComment(deps: Deps, viewerId: number, input: EditInput) {
  return withOutbox(deps, async (tx, outbox) => {
    const now = deps.clock.now();
    const feed = await loadViewableFeed(tx, viewerId, input.feedId);
    const found = await lockComment(tx, feed.id, input.commentId);
    if (!found || found.userId !== viewerId) throw notFound(COMMENT_NOT_FOUND);
    const tags = parseTags(input.comment);
    const mentioned = await resolveMentions(tx, viewerId, tags.handles);
    const [row] = await tx
      .update(feedComments)
      .set({ body: input.comment, hashtags: tags.hashtags, mentions: mentioned.map((m) => m.userId), editedAt: now })
      .where(eq(feedComments.id, found.id))
      .returning(commentColumns);
    const tell = commentNotices(tx, now, outbox, viewerId, feed.id, found.id);
    for (const m of mentioned) if (!found.mentions.includes(m.userId)) await tell(m.userId, 'mentions', 'comment_mention');
    const view = await viewOf(tx, viewerId, [row!]);
    return view(row!);
  });
}

/**
 * A comment whose post the viewer may see; otherwise the same 404 as a comment that does not exist, since the
 * caller named only the comment.
 */
async function viewableComment(tx: Db, viewerId: number, commentId: number) {
  const [found] = await tx.select(commentColumns).from(feedComments).where(eq(feedComments.id, commentId)).limit(1);
  if (!found) throw notFound(COMMENT_NOT_FOUND);
  try {
    await loadViewableFeed(tx, viewerId, found.feedId);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw notFound(COMMENT_NOT_FOUND);
    throw error;
  }
  return found;
}

/**
 * `POST /api/feed/comment/like`: sets whether the viewer likes a comment (saying the same twice changes nothing) and
 * answers the comment as it now stands. Its author is told of a like once, not again on every like after an unlike.
 */
export async function setCommentLike(deps: Deps, viewerId: number, input: { commentId: number; isLiked: boolean }) {
  return withOutbox(deps, async (tx, outbox) => {
    const now = deps.clock.now();
    const found = await viewableComment(tx, viewerId, input.commentId);
    const mine = and(eq(feedCommentLikes.commentId, found.id), eq(feedCommentLikes.userId, viewerId));
    const changed = input.isLiked
      ? await tx.insert(feedCommentLikes).values({ commentId: found.id, userId: viewerId, createdAt: now }).onConflictDoNothing().returning({ userId: feedCommentLikes.userId })
      : await tx.delete(feedCommentLikes).where(mine).returning({ userId: feedCommentLikes.userId });
    let row = found;
    if (changed.length > 0) {
      [row] = (await tx
        .update(feedComments)
        .set({ likeCount: sql`greatest(${feedComments.likeCount} + ${input.isLiked ? 1 : -1}, 0)` })
        .where(eq(feedComments.id, found.id))
        .returning(commentColumns)) as [CommentRow];
      if (input.isLiked && found.userId !== viewerId && !(await toldOfLike(tx, found.userId, viewerId, found.id))) {
        await commentNotices(tx, now, outbox, viewerId, found.feedId, found.id)(found.userId, 'likes', 'comment_like');
      }
    }
    const view = await viewOf(tx, viewerId, [row]);
    return view(row);
  });
}

/** Whether `authorId` has a notification of `likerId`'s like of the comment already. */
async function toldOfLike(tx: Db, authorId: number, likerId: number, commentId: number) {
  const [row] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, authorId),
        eq(notifications.actorId, likerId),
        eq(notifications.kind, 'likes'),
        eq(notifications.subjectType, 'comment'),
        eq(notifications.subjectId, commentId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * `POST /api/feed/delete-comment`: by the comment's author, or by the post's author (any comment on their post). A
 * top-level comment takes its replies with it. Notifications about the removed comments go too: they lead nowhere.
 */
export async function deleteComment(deps: Deps, viewerId: number, input: { feedId: number; commentId: number }) {
  return withOutbox(deps, async (tx, outbox) => {
    const feed = await loadViewableFeed(tx, viewerId, input.feedId);
    const found = await lockComment(tx, feed.id, input.commentId);
    if (!found || (found.userId !== viewerId && feed.userId !== viewerId)) throw notFound(COMMENT_NOT_FOUND);
    const removed = await tx
      .delete(feedComments)
      .where(or(eq(feedComments.id, found.id), eq(feedComments.parentId, found.id)))
      .returning({ id: feedComments.id, userId: feedComments.userId, mentions: feedComments.mentions });
    if (found.parentId !== null) {
      await tx
        .update(feedComments)
        .set({ replyCount: sql`greatest(${feedComments.replyCount} - 1, 0)` })
        .where(eq(feedComments.id, found.parentId));
    }
    const [counted] = await tx
      .update(feeds)
      .set({ commentCount: sql`greatest(${feeds.commentCount} - ${removed.length}, 0)` })
      .where(eq(feeds.id, feed.id))
      .returning({ commentCount: feeds.commentCount });
    await forgetNotices(tx, outbox, feed.userId, found, removed);
    return { commentId: found.id, parentId: found.parentId ?? 0, commentCount: counted!.commentCount };
  });
}

/**
 * Removes the notifications about removed comments. Only their possible recipients are searched (the post's author,
 * the parent's author, each removed comment's author and mentions), so the (user_id, …) index serves it.
 */
async function forgetNotices(tx: Db, outbox: Outbox, feedAuthorId: number, found: CommentRow, removed: { id: number; userId: number; mentions: number[] }[]) {
  const recipients = new Set([feedAuthorId, ...removed.flatMap((r) => [r.userId, ...r.mentions])]);
  if (found.parentId !== null) {
    const [parent] = await tx.select({ userId: feedComments.userId }).from(feedComments).where(eq(feedComments.id, found.parentId));
    if (parent) recipients.add(parent.userId);
  }
  const gone = await tx
    .delete(notifications)
    .where(
      and(
        inArray(notifications.userId, [...recipients]),
        eq(notifications.subjectType, 'comment'),
        inArray(
          notifications.subjectId,
          removed.map((r) => r.id),
        ),
      ),
    )
    .returning({ userId: notifications.userId });
  for (const userId of new Set(gone.map((g) => g.userId))) outbox.badge(userId);
}
