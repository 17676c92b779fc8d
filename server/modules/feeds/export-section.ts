import { asc, eq, inArray } from 'drizzle-orm';
import { feedImages, feeds } from '../../db/schema/feeds';
import { uploads } from '../../db/schema/media';
import { subjects } from '../../db/schema/subjects';
import type { ExportSection } from '../account/export-registry';

/**
 * The member's posts and shorts (drafts included) with their photos and videos (the reactions they gave are in `reactionsAndComments`,
 * server/modules/subjects/export-section.ts). The photos' original files are copied into
 * the zip by the `uploads` section (every upload of the member's); each photo here names its file there.
 */
export const feedsExportSection: ExportSection = {
  name: 'feeds',
  collect: async (db, userId) => {
    const posts = await db
      .select({
        id: feeds.id,
        kind: feeds.kind,
        visibility: feeds.visibility,
        videoKey: feeds.videoKey,
        videoAlt: feeds.videoAlt,
        captions: feeds.captions,
        title: feeds.title,
        description: feeds.description,
        isDraft: feeds.isDraft,
        // What the post links: an activity of the member's (in `activities`), a piece of their gear (in `gear`).
        activityId: feeds.activityId,
        gearId: feeds.gearId,
        hashtags: feeds.hashtags,
        location: feeds.location,
        latitude: feeds.latitude,
        longitude: feeds.longitude,
        likeCount: subjects.likeCount,
        commentCount: subjects.commentCount,
        createdAt: feeds.createdAt,
        updatedAt: feeds.updatedAt,
        publishedAt: feeds.publishedAt,
      })
      .from(feeds)
      .innerJoin(subjects, eq(subjects.id, feeds.subjectId))
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
    const videos = posts.some((p) => p.videoKey)
      ? await db.select({ key: uploads.key, files: uploads.files, durationMs: uploads.durationMs }).from(uploads).where(inArray(uploads.key, posts.flatMap((p) => (p.videoKey ? [p.videoKey] : []))))
      : [];
    return {
      posts: posts.map(({ videoKey, videoAlt, captions, ...p }) => ({
        ...p,
        // A short's video as sent, in the zip's `media` folder (the `uploads` section).
        video: videos
          .filter((v) => v.key === videoKey)
          .map((v) => ({ uploadKey: v.key, file: v.files.original ? `media/${v.key}/${v.files.original}` : null, durationMs: v.durationMs, altText: videoAlt, captions }))[0] ?? null,
        images: photos
          .filter((i) => i.feedId === p.id)
          .map((i) => ({ uploadKey: i.key, file: i.files.original ? `media/${i.key}/${i.files.original}` : null, dimens: `${i.width}:${i.height}` })),
      })),
    };
  },
};
