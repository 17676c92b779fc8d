import { asc, eq } from 'drizzle-orm';
import { feedComments } from '../../db/schema';
import type { ExportSection } from '../account/export-registry';

/** Every comment and reply the member wrote, on whoever's post, with the text as they wrote it. */
export const feedCommentsExportSection: ExportSection = {
  name: 'feedComments',
  collect: (db, userId) =>
    db
      .select({
        commentId: feedComments.id,
        feedId: feedComments.feedId,
        parentId: feedComments.parentId,
        comment: feedComments.body,
        hashtags: feedComments.hashtags,
        likeCount: feedComments.likeCount,
        createdAt: feedComments.createdAt,
        editedAt: feedComments.editedAt,
      })
      .from(feedComments)
      .where(eq(feedComments.userId, userId))
      .orderBy(asc(feedComments.createdAt), asc(feedComments.id)),
};
