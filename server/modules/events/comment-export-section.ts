import { asc, eq } from 'drizzle-orm';
import { eventComments, eventReactions } from '../../db/schema';
import type { ExportSection } from '../account/export-registry';

/** Every comment and reply the member wrote, on whoever's event, with the text as they wrote it. */
export const eventCommentsExportSection: ExportSection = {
  name: 'eventComments',
  collect: (db, userId) =>
    db
      .select({
        commentId: eventComments.id,
        eventId: eventComments.eventId,
        parentId: eventComments.parentId,
        comment: eventComments.body,
        hashtags: eventComments.hashtags,
        likeCount: eventComments.likeCount,
        createdAt: eventComments.createdAt,
        editedAt: eventComments.editedAt,
      })
      .from(eventComments)
      .where(eq(eventComments.userId, userId))
      .orderBy(asc(eventComments.createdAt), asc(eventComments.id)),
};

/** The reactions the member gave to events, naming each event by id only (its details are the organiser's). */
export const eventReactionsExportSection: ExportSection = {
  name: 'eventReactions',
  collect: (db, userId) =>
    db
      .select({ eventId: eventReactions.eventId, likeUniCode: eventReactions.code, createdAt: eventReactions.createdAt })
      .from(eventReactions)
      .where(eq(eventReactions.userId, userId))
      .orderBy(asc(eventReactions.createdAt), asc(eventReactions.id)),
};
