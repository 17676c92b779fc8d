import { and, count, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LEGACY_THUMBS_UP, REACTION_CODES, type FeedLikes, type feedLikers, type ReactionCode } from '#contract/feeds';
import type * as z from 'zod/mini';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { keysetPage, type PageAsked } from '../../db/keyset';
import { qualified } from '../../db/qualified';
import { reactions, subjects } from '../../db/schema/subjects';
import { users } from '../../db/schema/users';
import { guardianFor } from '../../policy/guardian';
import { writeNotification } from '../notifications/notify';
import { withOutbox } from '../notifications/outbox';
import { REACTION_NOTICE, type SubjectRow, type SubjectSpec } from '../subjects/subject-spec';

/**
 * Emoji reactions (spec §3 codes) to every kind of subject (server/modules/subjects/subject-spec.ts): one reaction per
 * member per subject in `reactions`, kept in step with the subject's `like_count`. `reactionService(spec)` answers
 * setting a reaction and the likers list for one kind; `likesJson` / `likesOf` build the `likes` field of every kind,
 * and `forgetMemberReactions` clears a leaving member's reactions to all of them.
 */

export const LIKERS_PER_PAGE = 20;

/** The spec's `U+1245` is read as thumbs-up and stored as `U+1F44D` (contract/feeds.ts). */
export const storedCode = (code: string): ReactionCode => (code === LEGACY_THUMBS_UP ? 'U+1F44D' : (code as ReactionCode));

/** The reaction codes in the contract's order, for sorting a subject's counts (constants of the contract, not input). */
const reactionOrder = sql.raw(`array[${REACTION_CODES.map((c) => `'${c}'`).join(',')}]::text[]`);

/**
 * A subject's `likes` as the wire shows them (total, the viewer's own code, counts per code in the order of
 * REACTION_CODES), built by PostgreSQL as one JSON value from `subjectId` (an SQL expression, e.g. `p.subject_id` of a
 * post row, and the alias of its joined `subjects` row if any): index probes per subject (subjects_pkey,
 * reactions_subject_*), so it costs the same inside a page of posts
 * (feed-views.ts), of events (event-views.ts) or alone (`likesOf`). The one definition of the field for every kind.
 */
export function likesJson(subjectId: SQLWrapper, viewerId: SQLWrapper | number, subjectRow?: string): SQL<FeedLikes> {
  const byCode = sql`coalesce((select json_agg(json_build_object('likeUniCode', c.code, 'count', c.n) order by array_position(${reactionOrder}, c.code))
    from (select r.code, count(*)::integer as n from ${reactions} r where r.subject_id = ${subjectId} group by r.code) c), '[]')`;
  const mine = sql`(select r.code from ${reactions} r where r.subject_id = ${subjectId} and r.user_id = ${viewerId})`;
  // A statement that joins the subject row already (`subjectRow`, its alias) reads the count there, not again.
  const total = subjectRow ? sql.raw(`${subjectRow}.like_count`) : sql`(select s.like_count from ${subjects} s where s.id = ${subjectId})`;
  return sql<FeedLikes>`json_build_object('total', ${total}, 'mine', ${mine}, 'byCode', ${byCode})`;
}

/** The `likes` of each of `subjectIds` as `viewerId` sees them, in one query; the caller has checked they may. */
export async function likesOf(db: Db, viewerId: number, subjectIds: number[]): Promise<Map<number, FeedLikes>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await db
    .select({ id: subjects.id, likes: likesJson(qualified(subjects.id), viewerId) })
    .from(subjects)
    .where(inArray(subjects.id, subjectIds));
  return new Map(rows.map((r) => [r.id, r.likes]));
}

/**
 * A member's account is going (account deletion, inside its transaction, before the user row): their reactions go,
 * and the `like_count` of each subject they reacted to is lowered as `setReaction` lowers it.
 */
export async function forgetMemberReactions(tx: Db, userId: number) {
  const reacted = tx.select({ id: reactions.subjectId }).from(reactions).where(eq(reactions.userId, userId));
  await tx
    .update(subjects)
    .set({ likeCount: sql`greatest(${subjects.likeCount} - 1, 0)` })
    .where(inArray(subjects.id, reacted));
  await tx.delete(reactions).where(eq(reactions.userId, userId));
}

const summaryColumns = {
  userId: users.id,
  handleName: users.handleName,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImage: users.profileImage,
};

export type LikersQuery = PageAsked & { likeUniCode?: string | undefined };

/** Setting a reaction and listing who reacted, for the subjects of one kind. */
export function reactionService<S extends SubjectRow>(spec: Pick<SubjectSpec<string, S>, 'kind' | 'loadViewable' | 'sentences'>) {
  /**
   * Sets the viewer's reaction to a subject they may see (`null` removes it). A new reaction tells the owner (`likes`,
   * never for their own); switching from one emoji to another tells nobody again. Answers the subject as loaded.
   */
  async function setReaction(deps: Deps, viewerId: number, id: number, code: string | null): Promise<S> {
    return withOutbox(deps, async (tx, outbox) => {
      const now = deps.clock.now();
      const about = await spec.loadViewable(tx, viewerId, id);
      const mineNow = and(eq(reactions.subjectId, about.subjectId), eq(reactions.userId, viewerId));
      const countBy = (by: number) => tx.update(subjects).set({ likeCount: sql`${subjects.likeCount} + ${by}` }).where(eq(subjects.id, about.subjectId));
      if (code === null) {
        const gone = await tx.delete(reactions).where(mineNow).returning({ id: reactions.id });
        if (gone.length > 0) await countBy(-1);
        return about;
      }
      const stored = storedCode(code);
      // Insert-or-nothing settles two racing first clicks on one row; the loser switches the emoji instead.
      const added = await tx
        .insert(reactions)
        .values({ subjectId: about.subjectId, userId: viewerId, code: stored, createdAt: now })
        .onConflictDoNothing({ target: [reactions.subjectId, reactions.userId] })
        .returning({ id: reactions.id });
      if (added.length === 0) {
        await tx.update(reactions).set({ code: stored }).where(mineNow);
        return about;
      }
      await countBy(1);
      await writeNotification(tx, now, outbox, {
        userId: about.userId,
        actorId: viewerId,
        kind: 'likes',
        subjectType: REACTION_NOTICE[spec.kind],
        subjectId: about.id,
        sentence: spec.sentences.reacted,
      });
      return about;
    });
  }

  /** Who reacted to a subject the viewer may see, newest first, optionally one emoji only. */
  async function listLikers(db: Db, viewerId: number, id: number, q: LikersQuery): Promise<z.infer<typeof feedLikers>> {
    const about = await spec.loadViewable(db, viewerId, id);
    const at = keysetPage(q, { createdAt: reactions.createdAt, id: reactions.id }, LIKERS_PER_PAGE);
    // Nobody on the other side of a block with the viewer, either way (block-policy.ts).
    const where = and(
      eq(reactions.subjectId, about.subjectId),
      q.likeUniCode ? eq(reactions.code, storedCode(q.likeUniCode)) : undefined,
      guardianFor(db, viewerId).unblockedWhere(qualified(reactions.userId)),
    );
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

  return { setReaction, listLikers };
}
