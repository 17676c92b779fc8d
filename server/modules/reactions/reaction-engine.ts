import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { LEGACY_THUMBS_UP, REACTION_CODES, type FeedLikes, type feedLikers, type ReactionCode } from '#contract/feeds';
import type * as z from 'zod/mini';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { keysetPage, type PageAsked } from '../../db/keyset';
import { eventReactions, events, feedReactions, feeds, users } from '../../db/schema';
import { writeNotification } from '../notifications/notify';
import { withOutbox } from '../notifications/outbox';
import type { SentenceVariant } from '../notifications/sentences';

/**
 * Emoji reactions (spec §3 codes), one engine for every subject that has them (posts since issue 5, events since
 * issue 6): one reaction per member per subject, kept in step with the subject's `like_count`. A subject is described
 * once (`ReactionSubject`) and `reactionEngine` answers setting a reaction, the likers list and the counts for it.
 */

export const LIKERS_PER_PAGE = 20;

/** The spec's `U+1245` is read as thumbs-up and stored as `U+1F44D` (contract/feeds.ts). */
export const storedCode = (code: string): ReactionCode => (code === LEGACY_THUMBS_UP ? 'U+1F44D' : (code as ReactionCode));

const REACTION_ORDER = new Map<string, number>(REACTION_CODES.map((c, i) => [c, i]));

export type ReactionSubjectKey = 'feedId' | 'eventId';

export type ReactionSubject<K extends ReactionSubjectKey, S extends { id: number; userId: number }> = {
  /** The subject's id as its reaction table names it (`feedId`, `eventId`). */
  key: K;
  /** The subject's reaction table, and its own table (which keeps `like_count`). */
  reactions: K extends 'feedId' ? typeof feedReactions : typeof eventReactions;
  counted: K extends 'feedId' ? typeof feeds : typeof events;
  /** The subject if the viewer may see it, else its 404 (`loadViewableFeed`, `loadViewableEvent`). */
  loadViewable(db: Db, viewerId: number, subjectId: number): Promise<S>;
  /** Where the owner's notification of a new reaction leads (the subject's id), and what it says if not "your post". */
  notices: { subjectType: 'feed' | 'event'; reacted?: SentenceVariant | undefined };
};

/**
 * Typed loosely for the reason comment-engine.ts gives at `tablesOf`: Drizzle types `feed_reactions` and
 * `event_reactions` as unrelated tables though their columns match, and no query builder accepts either-of-two. The
 * engine sees every reaction table as the feed one without its subject column, and every subject table through the
 * feed table's `id` and `like_count`; the cast is here once, and the subject column is reached by `key`.
 */
type ReactionTable = Omit<typeof feedReactions, 'feedId'>;
type CountedTable = Omit<typeof feeds, Exclude<keyof (typeof feeds)['_']['columns'], 'id' | 'likeCount'>>;
type SubjectColumn = (typeof feedReactions)['feedId'];

const summaryColumns = {
  userId: users.id,
  handleName: users.handleName,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImage: users.profileImage,
};

export type LikersQuery = PageAsked & { likeUniCode?: string | undefined };

export function reactionEngine<K extends ReactionSubjectKey, S extends { id: number; userId: number }>(subject: ReactionSubject<K, S>) {
  const reactions = subject.reactions as unknown as ReactionTable;
  const subjectColumn: SubjectColumn = (subject.reactions as unknown as Record<ReactionSubjectKey, SubjectColumn>)[subject.key];
  const counted = subject.counted as unknown as CountedTable;

  /**
   * Sets the viewer's reaction to a subject they may see (`null` removes it). A new reaction tells the owner (`likes`,
   * never for their own); switching from one emoji to another tells nobody again. Answers the subject as loaded.
   */
  async function setReaction(deps: Deps, viewerId: number, subjectId: number, code: string | null): Promise<S> {
    return withOutbox(deps, async (tx, outbox) => {
      const now = deps.clock.now();
      const about = await subject.loadViewable(tx, viewerId, subjectId);
      const mineNow = and(eq(subjectColumn, subjectId), eq(reactions.userId, viewerId));
      if (code === null) {
        const gone = await tx.delete(reactions).where(mineNow).returning({ id: reactions.id });
        if (gone.length > 0) await tx.update(counted).set({ likeCount: sql`${counted.likeCount} - 1` }).where(eq(counted.id, subjectId));
        return about;
      }
      const stored = storedCode(code);
      // Insert-or-nothing settles two racing first clicks on one row; the loser switches the emoji instead.
      const added = await tx
        .insert(reactions)
        // The insert's value type is the feed table's (see above); the subject column goes in under `key`.
        .values({ [subject.key]: subjectId, userId: viewerId, code: stored, createdAt: now } as typeof feedReactions.$inferInsert)
        .onConflictDoNothing({ target: [subjectColumn, reactions.userId] })
        .returning({ id: reactions.id });
      if (added.length === 0) {
        await tx.update(reactions).set({ code: stored }).where(mineNow);
        return about;
      }
      await tx.update(counted).set({ likeCount: sql`${counted.likeCount} + 1` }).where(eq(counted.id, subjectId));
      await writeNotification(tx, now, outbox, {
        userId: about.userId,
        actorId: viewerId,
        kind: 'likes',
        subjectType: subject.notices.subjectType,
        subjectId,
        sentence: subject.notices.reacted,
      });
      return about;
    });
  }

  /** Who reacted to a subject the viewer may see, newest first, optionally one emoji only. */
  async function listLikers(db: Db, viewerId: number, subjectId: number, q: LikersQuery): Promise<z.infer<typeof feedLikers>> {
    await subject.loadViewable(db, viewerId, subjectId);
    const at = keysetPage(q, { createdAt: reactions.createdAt, id: reactions.id }, LIKERS_PER_PAGE);
    const where = and(eq(subjectColumn, subjectId), q.likeUniCode ? eq(reactions.code, storedCode(q.likeUniCode)) : undefined);
    const [rows, [counted]] = await Promise.all([
      db
        .select({ ...summaryColumns, likeUniCode: reactions.code, reactedAt: reactions.createdAt, reactionId: reactions.id })
        .from(reactions)
        .innerJoin(users, eq(users.id, reactions.userId))
        .where(and(where, at.where))
        .orderBy(...at.orderBy)
        .limit(at.limit)
        .offset(at.offset),
      db.select({ n: count() }).from(reactions).where(where),
    ]);
    const page = at.answer(rows, counted?.n ?? 0, (r) => ({ createdAt: r.reactedAt, id: r.reactionId }));
    return {
      ...page,
      list: page.list.map(({ reactedAt: _at, reactionId: _id, likeUniCode, ...member }) => ({ ...member, likeUniCode: likeUniCode as ReactionCode })),
    };
  }

  /**
   * The reactions of each of `subjectIds` as `viewerId` sees them (total, own reaction, counts per code in the order
   * of REACTION_CODES), in two queries whatever their number. The caller has checked the viewer may see them.
   */
  async function likesOf(db: Db, viewerId: number, subjectIds: number[]): Promise<Map<number, FeedLikes>> {
    const likes = new Map<number, FeedLikes>(subjectIds.map((id) => [id, { total: 0, mine: null, byCode: [] }]));
    if (subjectIds.length === 0) return likes;
    const [codes, mine] = await Promise.all([
      db
        .select({ subjectId: subjectColumn, code: reactions.code, n: count() })
        .from(reactions)
        .where(inArray(subjectColumn, subjectIds))
        .groupBy(subjectColumn, reactions.code),
      db
        .select({ subjectId: subjectColumn, code: reactions.code })
        .from(reactions)
        .where(and(inArray(subjectColumn, subjectIds), eq(reactions.userId, viewerId))),
    ]);
    for (const c of codes) {
      const entry = likes.get(c.subjectId)!;
      entry.total += c.n;
      entry.byCode.push({ likeUniCode: c.code as ReactionCode, count: c.n });
    }
    for (const m of mine) likes.get(m.subjectId)!.mine = m.code as ReactionCode;
    for (const entry of likes.values()) entry.byCode.sort((a, b) => (REACTION_ORDER.get(a.likeUniCode) ?? 99) - (REACTION_ORDER.get(b.likeUniCode) ?? 99));
    return likes;
  }

  /**
   * A member's account is going (account deletion, inside its transaction, before the user row): their reactions go,
   * and the `like_count` of each subject they reacted to is lowered as `setReaction` lowers it.
   */
  async function forgetMember(tx: Db, userId: number) {
    const reacted = tx.select({ id: subjectColumn }).from(reactions).where(eq(reactions.userId, userId));
    await tx
      .update(counted)
      .set({ likeCount: sql`greatest(${counted.likeCount} - 1, 0)` })
      .where(inArray(counted.id, reacted));
    await tx.delete(reactions).where(eq(reactions.userId, userId));
  }

  return { setReaction, listLikers, likesOf, forgetMember };
}
