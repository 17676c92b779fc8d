import { and, asc, count, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REPLIES_PAGE, type FeedReply } from '#contract/feeds';
import type { LiveComment, ThreadMessage } from '#contract/realtime';
import type { MemberSummary } from '#contract/social';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { concurrently } from '../../db/concurrent';
import { encodeCursor, keysetPage, type PageAsked, type PagedAnswer } from '../../db/keyset';
import { notifications } from '../../db/schema/notifications';
import { commentLikes as likes, comments, subjects } from '../../db/schema/subjects';
import { users } from '../../db/schema/users';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { guardianFor } from '../../policy/guardian';
import { writeNotification } from '../notifications/notify';
import { withOutbox, type Outbox } from '../notifications/outbox';
import type { SentenceVariant } from '../notifications/sentences';
import { parseTags, resolveMentions } from '../feeds/text-tags';
import { COMMENT_NOTICE, THREAD, type SubjectRow, type SubjectSpec } from '../subjects/subject-spec';

/**
 * Threaded comments on every kind of subject (server/modules/subjects/subject-spec.ts), in one `comments` table keyed
 * by subject: top-level comments newest first, each with its replies one level deep. `commentService(spec)` answers
 * the five calls for one kind; the rules below hold for every kind alike.
 *
 * The subject's `comment_count` counts every comment still there, top-level and replies alike: adding either raises it
 * by one; deleting a reply lowers it by one; deleting a top-level comment removes its replies too and lowers it by one
 * plus their number (contract `commentDeleted`). `reply_count` and `like_count` are kept in step the same way, in the
 * transaction that changes them.
 *
 * Members looking at a thread hear of its comments as they happen: once a comment is added, edited or deleted (after
 * the commit), a message goes on the bus to the sockets watching the subject's thread (server/realtime/
 * thread-watch.ts, which checks who may watch).
 */

export const PER_PAGE = 20;
/**
 * Replies carried under each top-level comment of a page, oldest first; `replyCount` tells how many there are and
 * `replyCursor` where the rest go on. Each page of one comment's replies (`listReplies`) holds as many.
 */
export const REPLIES_SHOWN = REPLIES_PAGE;
export const COMMENT_NOT_FOUND = 'That comment does not exist.';
const REPLY_DEPTH = 'Reply to the comment itself.';

type CommentRow = {
  id: number;
  subjectId: number;
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

/** A reply as the wire carries it, with the subject's id under the kind's own name (`feedId`, `eventId`). */
export type ReplyOf<K extends string> = Omit<FeedReply, 'feedId'> & { [P in K]: number };
/** A top-level comment with its first replies, and where the rest go on (null when those are all). */
export type CommentOf<K extends string> = ReplyOf<K> & { replyCount: number; reply: ReplyOf<K>[]; replyCursor: string | null };

/** What a new comment needs: no policy and no notifications (see `insertComment`). */
export type NewComment = { subjectId: number; userId: number; parentId: number | null; comment: string; createdAt: Date };

const summaryColumns = {
  userId: users.id,
  handleName: users.handleName,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImage: users.profileImage,
};

const commentColumns = {
  id: comments.id,
  subjectId: comments.subjectId,
  userId: comments.userId,
  parentId: comments.parentId,
  body: comments.body,
  hashtags: comments.hashtags,
  mentions: comments.mentions,
  likeCount: comments.likeCount,
  replyCount: comments.replyCount,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
};

/** The five comment calls (and the seeding insert) for one kind of subject. */
export function commentService<K extends string, S extends SubjectRow>(subject: SubjectSpec<K, S>) {
  const notice = COMMENT_NOTICE[subject.kind];
  const thread = THREAD[subject.kind];

  /**
   * How `viewerId` sees the comments `rows` of the subject `about`: authors, mentioned members and the viewer's likes, read for all of them
   * in two queries whatever their number. Every member's summary is public (check 11); blocks will subtract here.
   */
  async function viewOf(db: Db, viewerId: number, about: S, rows: CommentRow[]): Promise<(row: CommentRow) => ReplyOf<K>> {
    const ids = rows.map((r) => r.id);
    const people = [...new Set(rows.flatMap((r) => [r.userId, ...r.mentions]))];
    // Adding, editing and liking ask this inside their transaction, where `concurrently` runs the two in turn.
    const [liked, members] = await concurrently(db, [
      () =>
        ids.length === 0
          ? Promise.resolve([])
          : db
              .select({ commentId: likes.commentId })
              .from(likes)
              .where(and(eq(likes.userId, viewerId), inArray(likes.commentId, ids))),
      () => (people.length === 0 ? Promise.resolve([]) : db.select(summaryColumns).from(users).where(inArray(users.id, people))),
    ]);
    const likedIds = new Set(liked.map((l) => l.commentId));
    const byId = new Map<number, MemberSummary>(members.map((m) => [m.userId, m]));
    return (row) =>
      ({
        commentId: row.id,
        [subject.key]: about.id,
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
        // A computed key widens to a string index; `key` is K, so this is a ReplyOf<K>.
      }) as ReplyOf<K>;
  }

  /**
   * The first `REPLIES_SHOWN` replies of each of `parentIds`, oldest first, in one query: a lateral join reads each
   * parent's replies from the (parent_id, created_at, id) index and stops at the cap.
   */
  async function repliesOf(db: Db, viewerId: number, parentIds: number[]): Promise<CommentRow[]> {
    if (parentIds.length === 0) return [];
    const parent = alias(comments, 'parent');
    const reply = db
      .select(commentColumns)
      .from(comments)
      .where(and(eq(comments.parentId, parent.id), guardianFor(db, viewerId).visibleCommentsWhere()))
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(REPLIES_SHOWN)
      .as('reply');
    return db
      .select({
        id: reply.id,
        subjectId: reply.subjectId,
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
   * A subject's top-level comments, newest first (keyset, server/db/keyset.ts), each with its first replies oldest
   * first. Five queries a page however many comments and replies it holds.
   */
  async function listComments(db: Db, viewerId: number, id: number, q: PageAsked): Promise<PagedAnswer<CommentOf<K>>> {
    const about = await subject.loadViewable(db, viewerId, id);
    const at = keysetPage(q, { createdAt: comments.createdAt, id: comments.id }, PER_PAGE);
    // Not those of a member blocked either way or muted by the viewer (block-policy.ts).
    const shown = guardianFor(db, viewerId).visibleCommentsWhere();
    const topLevel = and(eq(comments.subjectId, about.subjectId), isNull(comments.parentId), shown);
    const [rows, [totalRow]] = await Promise.all([
      db
        .select(commentColumns)
        .from(comments)
        .where(and(topLevel, at.where))
        .orderBy(...at.orderBy)
        .limit(at.limit)
        .offset(at.offset),
      db.select({ n: count() }).from(comments).where(topLevel),
    ]);
    const page = at.answer(rows, totalRow?.n ?? 0, (r) => ({ createdAt: r.createdAt, id: r.id }));
    const replies = await repliesOf(
      db,
      viewerId,
      page.list.map((r) => r.id),
    );
    const view = await viewOf(db, viewerId, about, [...page.list, ...replies]);
    const byParent = new Map<number, CommentRow[]>();
    for (const r of replies) byParent.set(r.parentId!, [...(byParent.get(r.parentId!) ?? []), r]);
    return {
      ...page,
      list: page.list.map((r) => {
        const carried = byParent.get(r.id) ?? [];
        return { ...view(r), replyCount: r.replyCount, reply: carried.map(view), replyCursor: replyCursorAfter(carried, r.replyCount) };
      }),
    };
  }

  /**
   * Where a comment's carried replies end, as page 1 of `listReplies` would answer it: the cursor of its last one when
   * the comment has more than were carried, else null.
   */
  function replyCursorAfter(carried: CommentRow[], replyCount: number) {
    const last = carried.at(-1);
    return carried.length === REPLIES_SHOWN && replyCount > REPLIES_SHOWN && last ? encodeCursor({ page: 1, createdAt: last.createdAt, id: last.id }) : null;
  }

  /**
   * One top-level comment's replies, oldest first, `REPLIES_SHOWN` a page (keyset, ascending): page 1 is what
   * `listComments` carried, so a client goes on from the comment's `replyCursor`. A `parentId` that is not a top-level
   * comment of this subject (a reply, another subject's comment, none) is the comment 404.
   */
  async function listReplies(db: Db, viewerId: number, id: number, parentId: number, q: PageAsked): Promise<PagedAnswer<ReplyOf<K>>> {
    const about = await subject.loadViewable(db, viewerId, id);
    const [parent] = await db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.id, parentId), eq(comments.subjectId, about.subjectId), isNull(comments.parentId)))
      .limit(1);
    if (!parent) throw notFound(COMMENT_NOT_FOUND);
    const at = keysetPage(q, { createdAt: comments.createdAt, id: comments.id }, REPLIES_SHOWN, 'asc');
    const under = and(eq(comments.parentId, parent.id), guardianFor(db, viewerId).visibleCommentsWhere());
    const [rows, [totalRow]] = await Promise.all([
      db
        .select(commentColumns)
        .from(comments)
        .where(and(under, at.where))
        .orderBy(...at.orderBy)
        .limit(at.limit)
        .offset(at.offset),
      db.select({ n: count() }).from(comments).where(under),
    ]);
    const page = at.answer(rows, totalRow?.n ?? 0, (r) => ({ createdAt: r.createdAt, id: r.id }));
    const view = await viewOf(db, viewerId, about, page.list);
    return { ...page, list: page.list.map(view) };
  }

  /** The comment as every watcher of the thread hears of it: without the subject's id, and nobody's like. */
  function liveComment(reply: ReplyOf<K>): LiveComment {
    const { commentId, parentId, comment, hashtags, tagUser, author, likeCount, createdAt, editedAt }: Omit<FeedReply, 'feedId'> = reply;
    return { commentId, parentId, comment, hashtags, tagUser, author, likeCount, isLiked: false, createdAt, editedAt };
  }

  /** Tells the sockets watching the subject's thread; after the commit, and never failing the change it reports. */
  async function tellWatchers(deps: Pick<Deps, 'bus'>, message: ThreadMessage, exceptUserId?: number) {
    await deps.bus.publish({ type: 'thread', message, exceptUserId });
  }

  /** Raises (or lowers) the subject's `comment_count` by `by`, never below zero; answers the count now. */
  async function countComments(tx: Db, subjectId: number, by: number) {
    const [row] = await tx
      .update(subjects)
      .set({ commentCount: sql`greatest(${subjects.commentCount} + ${by}, 0)` })
      .where(eq(subjects.id, subjectId))
      .returning({ commentCount: subjects.commentCount });
    return row!.commentCount;
  }

  /**
   * Stores a comment with its hashtags and the members it may mention, and raises the counts it changes (the
   * subject's `comment_count`; a reply also its parent's `reply_count`). No policy and no notifications: the caller
   * decided already (`addComment`, or the demo world seeding comments as its members).
   */
  async function insertComment(tx: Db, input: NewComment) {
    const tags = parseTags(input.comment);
    const mentioned = await resolveMentions(tx, input.userId, tags.handles);
    const values = {
      subjectId: input.subjectId,
      userId: input.userId,
      parentId: input.parentId,
      body: input.comment,
      hashtags: tags.hashtags,
      mentions: mentioned.map((m) => m.userId),
      createdAt: input.createdAt,
    };
    const [row] = await tx.insert(comments).values(values).returning(commentColumns);
    if (input.parentId !== null) {
      await tx
        .update(comments)
        .set({ replyCount: sql`${comments.replyCount} + 1` })
        .where(eq(comments.id, input.parentId));
    }
    const commentCount = await countComments(tx, input.subjectId, 1);
    return { row: row!, commentCount, mentioned };
  }

  /**
   * Tells members about what `actorId` did to `commentId`: each member once, by the first reason given, never the
   * actor, and only a member who may see the subject (a mention of someone who may not stays plain text to them).
   */
  function commentNotices(tx: Db, now: Date, outbox: Outbox, actorId: number, about: S, commentId: number) {
    const told = new Set([actorId]);
    let audience: ReturnType<SubjectSpec<K, S>['audience']> | null = null;
    return async (userId: number, kind: 'comments' | 'mentions' | 'likes', sentence?: SentenceVariant) => {
      if (told.has(userId)) return;
      told.add(userId);
      audience ??= subject.audience(tx, about);
      if (!(await (await audience)(userId))) return;
      await writeNotification(tx, now, outbox, {
        userId,
        actorId,
        kind,
        subjectType: notice,
        subjectId: commentId,
        parentId: about.id,
        sentence,
      });
    };
  }

  /** A comment of the subject, locked until the transaction ends (a reply and its parent's deletion queue up). */
  async function lockComment(tx: Db, subjectId: number, commentId: number) {
    const [row] = await tx
      .select(commentColumns)
      .from(comments)
      .where(and(eq(comments.id, commentId), eq(comments.subjectId, subjectId)))
      .limit(1)
      .for('update');
    return row;
  }

  /**
   * A top-level comment on a subject the viewer may see, or a reply to one of its top-level comments (one level
   * deep). The subject's owner, the parent comment's author and the members mentioned are told.
   */
  async function addComment(deps: Deps, viewerId: number, input: { id: number; parentId?: number | undefined; comment: string }) {
    const saved = await withOutbox(deps, async (tx, outbox) => {
      const now = deps.clock.now();
      const about = await subject.loadViewable(tx, viewerId, input.id);
      if (!guardianFor(tx, viewerId).canComment(about)) throw fieldError(subject.key, subject.draftMessage);
      const parentId = input.parentId || null;
      const parent = parentId === null ? null : await lockComment(tx, about.subjectId, parentId);
      if (parentId !== null && !parent) throw notFound(COMMENT_NOT_FOUND);
      if (parent && parent.parentId !== null) throw fieldError('parentId', REPLY_DEPTH);
      const { row, commentCount, mentioned } = await insertComment(tx, { subjectId: about.subjectId, userId: viewerId, parentId, comment: input.comment, createdAt: now });
      const tell = commentNotices(tx, now, outbox, viewerId, about, row.id);
      if (parent) await tell(parent.userId, 'comments', 'comment_reply');
      await tell(about.userId, 'comments', subject.sentences.commented);
      for (const m of mentioned) await tell(m.userId, 'mentions', 'comment_mention');
      const view = await viewOf(tx, viewerId, about, [row]);
      return { comment: view(row), commentCount };
    });
    await tellWatchers(deps, { type: 'comment-added', subject: thread, subjectId: input.id, comment: liveComment(saved.comment), commentCount: saved.commentCount });
    return saved;
  }

  /** The viewer's own comment, new text; members newly mentioned are told. */
  async function editComment(deps: Deps, viewerId: number, input: { id: number; commentId: number; comment: string }) {
    const edited = await withOutbox(deps, async (tx, outbox) => {
      const now = deps.clock.now();
      const about = await subject.loadViewable(tx, viewerId, input.id);
      const found = await lockComment(tx, about.subjectId, input.commentId);
      if (!found || !guardianFor(tx, viewerId).canEditComment(found)) throw notFound(COMMENT_NOT_FOUND);
      const tags = parseTags(input.comment);
      const mentioned = await resolveMentions(tx, viewerId, tags.handles);
      const [row] = await tx
        .update(comments)
        .set({ body: input.comment, hashtags: tags.hashtags, mentions: mentioned.map((m) => m.userId), editedAt: now })
        .where(eq(comments.id, found.id))
        .returning(commentColumns);
      const tell = commentNotices(tx, now, outbox, viewerId, about, found.id);
      for (const m of mentioned) if (!found.mentions.includes(m.userId)) await tell(m.userId, 'mentions', 'comment_mention');
      const view = await viewOf(tx, viewerId, about, [row!]);
      return view(row!);
    });
    await tellWatchers(deps, { type: 'comment-edited', subject: thread, subjectId: input.id, comment: liveComment(edited) });
    return edited;
  }

  /**
   * A comment on a subject of this kind that the viewer may see, with that subject; otherwise the same 404 as a
   * comment that does not exist, since the caller named only the comment (another kind's comment is not found here).
   */
  async function viewableComment(tx: Db, viewerId: number, commentId: number) {
    const [found] = await tx
      .select(commentColumns)
      .from(comments)
      .innerJoin(subjects, eq(subjects.id, comments.subjectId))
      .where(and(eq(comments.id, commentId), eq(subjects.kind, subject.kind), isNull(comments.removedAt)))
      .limit(1);
    const id = found && (await subject.idOf(tx, found.subjectId));
    if (!found || id === undefined) throw notFound(COMMENT_NOT_FOUND);
    // A comment by a member on the other side of a block is not there for the viewer (no reply, no like).
    if (await guardianFor(tx, viewerId).isBlockedWith(found.userId)) throw notFound(COMMENT_NOT_FOUND);
    try {
      return { found, about: await subject.loadViewable(tx, viewerId, id) };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) throw notFound(COMMENT_NOT_FOUND);
      throw error;
    }
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
          eq(notifications.subjectType, notice),
          eq(notifications.subjectId, commentId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /**
   * Sets whether the viewer likes a comment (saying the same twice changes nothing) and answers the comment as it now
   * stands. Its author is told of a like once, not again on every like after an unlike.
   */
  async function setCommentLike(deps: Deps, viewerId: number, input: { commentId: number; isLiked: boolean }) {
    const { view, changed, id } = await withOutbox(deps, async (tx, outbox) => {
      const now = deps.clock.now();
      const { found, about } = await viewableComment(tx, viewerId, input.commentId);
      const mine = and(eq(likes.commentId, found.id), eq(likes.userId, viewerId));
      const changed = input.isLiked
        ? await tx.insert(likes).values({ commentId: found.id, userId: viewerId, createdAt: now }).onConflictDoNothing().returning({ userId: likes.userId })
        : await tx.delete(likes).where(mine).returning({ userId: likes.userId });
      let row = found;
      if (changed.length > 0) {
        [row] = (await tx
          .update(comments)
          .set({ likeCount: sql`greatest(${comments.likeCount} + ${input.isLiked ? 1 : -1}, 0)` })
          .where(eq(comments.id, found.id))
          .returning(commentColumns)) as [CommentRow];
        if (input.isLiked && found.userId !== viewerId && !(await toldOfLike(tx, found.userId, viewerId, found.id))) {
          await commentNotices(tx, now, outbox, viewerId, about, found.id)(found.userId, 'likes', 'comment_like');
        }
      }
      const view = await viewOf(tx, viewerId, about, [row]);
      return { view: view(row), changed: changed.length > 0, id: about.id };
    });
    if (changed) {
      const liked = { type: 'comment-liked', subject: thread, subjectId: id, commentId: view.commentId, likeCount: view.likeCount } as const;
      await tellWatchers(deps, liked, viewerId);
    }
    return view;
  }

  /**
   * Removes every notification about the removed comments, whoever it went to: the comment told the subject's owner,
   * the parent's author, the members it mentions (even one an edit has since dropped) and the authors of comments it
   * liked. Found by the (subject_type, subject_id) index; each member told gets their new badge live, as a new
   * notification would.
   */
  async function forgetNotices(tx: Db, outbox: Outbox, removedIds: number[]) {
    const gone = await tx
      .delete(notifications)
      .where(and(eq(notifications.subjectType, notice), inArray(notifications.subjectId, removedIds)))
      .returning({ userId: notifications.userId });
    for (const userId of new Set(gone.map((g) => g.userId))) outbox.badge(userId);
  }

  /**
   * By whom the policy lets (the comment's author, the subject's owner, an event's co-host: `canDeleteComment`). A
   * top-level comment takes its replies with it. Notifications about the removed comments go too: they lead nowhere.
   */
  async function deleteComment(deps: Deps, viewerId: number, input: { id: number; commentId: number }) {
    const deleted = await withOutbox(deps, async (tx, outbox) => {
      const about = await subject.loadViewable(tx, viewerId, input.id);
      const found = await lockComment(tx, about.subjectId, input.commentId);
      const subjectRef = { kind: subject.kind, id: about.id, ownerId: about.userId };
      if (!found || !(await guardianFor(tx, viewerId).canDeleteComment(found, subjectRef))) throw notFound(COMMENT_NOT_FOUND);
      const removed = await tx
        .delete(comments)
        .where(or(eq(comments.id, found.id), eq(comments.parentId, found.id)))
        .returning({ id: comments.id });
      if (found.parentId !== null) {
        await tx
          .update(comments)
          .set({ replyCount: sql`greatest(${comments.replyCount} - 1, 0)` })
          .where(eq(comments.id, found.parentId));
      }
      const commentCount = await countComments(tx, about.subjectId, -removed.length);
      await forgetNotices(
        tx,
        outbox,
        removed.map((r) => r.id),
      );
      return { commentId: found.id, parentId: found.parentId ?? 0, commentCount };
    });
    await tellWatchers(deps, { type: 'comment-deleted', subject: thread, subjectId: input.id, ...deleted });
    return deleted;
  }

  return { listComments, listReplies, insertComment, addComment, editComment, setCommentLike, deleteComment };
}

/**
 * A member's account is going (account deletion, inside its transaction, before the user row): their comment likes,
 * their comments and the replies under their top-level ones go, each count lowered as `setCommentLike` and
 * `deleteComment` lower it (a liked comment's `like_count`, a parent's `reply_count`, the subject's `comment_count`),
 * and the notifications about the removed comments go too (comment ids are unique across kinds). Set-based: a few
 * statements however much they wrote.
 */
export async function forgetMemberComments(tx: Db, outbox: Outbox, userId: number) {
  const liked = tx.select({ id: likes.commentId }).from(likes).where(eq(likes.userId, userId));
  await tx
    .update(comments)
    .set({ likeCount: sql`greatest(${comments.likeCount} - 1, 0)` })
    .where(inArray(comments.id, liked));
  await tx.delete(likes).where(eq(likes.userId, userId));

  // Theirs, and every reply under a top-level comment of theirs (those go with it, as in `deleteComment`): a union,
  // not an OR, so each half walks its own index (`*_user`, `*_parent_created_id`).
  const ownTopLevel = tx.select({ id: comments.id }).from(comments).where(and(eq(comments.userId, userId), isNull(comments.parentId)));
  const removedIds = () =>
    tx
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.userId, userId))
      .union(tx.select({ id: comments.id }).from(comments).where(inArray(comments.parentId, ownTopLevel)));
  const removed = inArray(comments.id, removedIds());
  const perSubject = tx.select({ subjectId: comments.subjectId, n: count().as('n') }).from(comments).where(removed).groupBy(comments.subjectId).as('per_subject');
  await tx
    .update(subjects)
    .set({ commentCount: sql`greatest(${subjects.commentCount} - ${perSubject.n}, 0)` })
    .from(perSubject)
    .where(eq(subjects.id, perSubject.subjectId));
  // Their replies under other members' comments; a parent of their own goes anyway.
  const perParent = tx
    .select({ parentId: comments.parentId, n: count().as('n') })
    .from(comments)
    .where(and(eq(comments.userId, userId), isNotNull(comments.parentId)))
    .groupBy(comments.parentId)
    .as('per_parent');
  await tx
    .update(comments)
    .set({ replyCount: sql`greatest(${comments.replyCount} - ${perParent.n}, 0)` })
    .from(perParent)
    .where(and(eq(comments.id, perParent.parentId), ne(comments.userId, userId)));

  const gone = await tx
    .delete(notifications)
    .where(
      and(
        inArray(notifications.subjectType, Object.values(COMMENT_NOTICE)),
        inArray(notifications.subjectId, removedIds()),
      ),
    )
    .returning({ userId: notifications.userId });
  for (const member of new Set(gone.map((g) => g.userId))) if (member !== userId) outbox.badge(member);
  // The replies under their top-level comments follow by cascade.
  await tx.delete(comments).where(eq(comments.userId, userId));
}
