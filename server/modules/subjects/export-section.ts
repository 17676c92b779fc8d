import { asc, eq } from 'drizzle-orm';
import { events } from '../../db/schema/events';
import { feeds } from '../../db/schema/feeds';
import { comments, reactions, subjects } from '../../db/schema/subjects';
import type { ExportSection } from '../account/export-registry';

/**
 * The reactions the member gave and the comments and replies they wrote, on every kind of subject, whoever's it is
 * (issue 18: one section for all kinds). Each names its subject by kind and the kind's own id only — the post's or
 * event's details are its owner's, not part of this member's export — and a comment keeps its text as written.
 * A new kind of subject adds its table to the join below.
 */
const on = {
  kind: subjects.kind,
  feedId: feeds.id,
  eventId: events.id,
};

/** The subject a row hangs on as the wire names it: `{ on: 'post', feedId }`, `{ on: 'event', eventId }`. */
function named<R extends { kind: string; feedId: number | null; eventId: number | null }>({ kind, feedId, eventId, ...rest }: R) {
  return { on: kind, ...(feedId !== null ? { feedId } : {}), ...(eventId !== null ? { eventId } : {}), ...rest };
}

export const reactionsAndCommentsExportSection: ExportSection = {
  name: 'reactionsAndComments',
  collect: async (db, userId) => {
    const given = await db
      .select({ ...on, likeUniCode: reactions.code, createdAt: reactions.createdAt })
      .from(reactions)
      .innerJoin(subjects, eq(subjects.id, reactions.subjectId))
      .leftJoin(feeds, eq(feeds.subjectId, subjects.id))
      .leftJoin(events, eq(events.subjectId, subjects.id))
      .where(eq(reactions.userId, userId))
      .orderBy(asc(reactions.createdAt), asc(reactions.id));
    const written = await db
      .select({
        commentId: comments.id,
        ...on,
        parentId: comments.parentId,
        comment: comments.body,
        hashtags: comments.hashtags,
        likeCount: comments.likeCount,
        createdAt: comments.createdAt,
        editedAt: comments.editedAt,
      })
      .from(comments)
      .innerJoin(subjects, eq(subjects.id, comments.subjectId))
      .leftJoin(feeds, eq(feeds.subjectId, subjects.id))
      .leftJoin(events, eq(events.subjectId, subjects.id))
      .where(eq(comments.userId, userId))
      .orderBy(asc(comments.createdAt), asc(comments.id));
    return { reactions: given.map(named), comments: written.map(named) };
  },
};
