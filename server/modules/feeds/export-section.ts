import { asc, eq, inArray } from 'drizzle-orm';
import { feedImages, feedReactions, feeds, uploads } from '../../db/schema';
import type { ExportSection } from '../account/export-registry';

/**
 * The member's posts (drafts included) with their photos, and the reactions they gave, naming each post by id only:
 * another member's post text is theirs, not part of this member's export. The photos' original files are copied into
 * the zip by the `uploads` section (every upload of the member's); each photo here names its file there.
 */
export const feedsExportSection: ExportSection = {
  name: 'feeds',
  collect: async (db, userId) => {
    const posts = await db
      .select({
        id: feeds.id,
        title: feeds.title,
        description: feeds.description,
        isDraft: feeds.isDraft,
        hashtags: feeds.hashtags,
        location: feeds.location,
        latitude: feeds.latitude,
        longitude: feeds.longitude,
        likeCount: feeds.likeCount,
        commentCount: feeds.commentCount,
        createdAt: feeds.createdAt,
        updatedAt: feeds.updatedAt,
        publishedAt: feeds.publishedAt,
      })
      .from(feeds)
      .where(eq(feeds.userId, userId))
      .orderBy(asc(feeds.createdAt), asc(feeds.id));
    const photos = posts.length
      ? await db
          .select({ feedId: feedImages.feedId, key: feedImages.uploadKey, width: feedImages.width, height: feedImages.height, files: uploads.files })
          .from(feedImages)
          .innerJoin(uploads, eq(uploads.key, feedImages.uploadKey))
          .where(inArray(feedImages.feedId, posts.map((p) => p.id)))
          .orderBy(asc(feedImages.feedId), asc(feedImages.position))
      : [];
    const reactions = await db
      .select({ feedId: feedReactions.feedId, likeUniCode: feedReactions.code, createdAt: feedReactions.createdAt })
      .from(feedReactions)
      .where(eq(feedReactions.userId, userId))
      .orderBy(asc(feedReactions.createdAt), asc(feedReactions.id));
    return {
      posts: posts.map((p) => ({
        ...p,
        images: photos
          .filter((i) => i.feedId === p.id)
          .map((i) => ({ uploadKey: i.key, file: i.files.original ? `media/${i.key}/${i.files.original}` : null, dimens: `${i.width}:${i.height}` })),
      })),
      reactions,
    };
  },
};
