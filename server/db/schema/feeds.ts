import { sql } from 'drizzle-orm';
import { FEED_KINDS, FEED_VISIBILITIES } from '#contract/feeds';
import { boolean, check, doublePrecision, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { searchFoldSql } from '../search-text';
import { activities } from './activities';
import { gear } from './gear';
import { subjects } from './subjects';
import { ts } from './columns';
import { users } from './users';

/**
 * Hashtags as used in posts and comments, stored without `#` and lowercased; `use_count` orders suggestions
 * (`GET /api/feedTag`). Posts (issue 5) raise and lower the count.
 */
export const hashtags = pgTable(
  'hashtags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tagName: text('tag_name').notNull(),
    useCount: integer('use_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hashtags_tag_name').on(t.tagName), check('hashtags_use_count', sql`${t.useCount} >= 0`)],
);

/**
 * Posts (issue 5). A draft has `published_at` null and is seen by its author only. Lists read published posts by
 * (published_at, id) newest first, through ascending indexes scanned backward (keyset, server/db/keyset.ts).
 * Its reactions and comments hang on its subject (`subject_id`, below).
 */
export const feeds = pgTable(
  'feeds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // The subject row its reactions and comments hang on (subjects, above); deleting the subject deletes this row.
    subjectId: integer('subject_id')
      .notNull()
      .unique()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A post, or a short (issue 22): a vertical video with the post's title, text, tags, reactions and comments.
    kind: text('kind', { enum: FEED_KINDS }).notNull().default('post'),
    // Who sees a short (contract/feeds.ts FEED_VISIBILITIES); posts are `everyone`.
    visibility: text('visibility', { enum: FEED_VISIBILITIES }).notNull().default('everyone'),
    // A short's video: its upload (`uploads.key`, purpose `short`), one short each.
    videoKey: text('video_key').unique(),
    videoAlt: text('video_alt').notNull().default(''),
    // Its WebVTT captions (contract/webvtt.ts), empty for none: a few KB, shown with the video.
    captions: text('captions').notNull().default(''),
    // A short published before its video was ready stays unpublished (`is_draft`, no `published_at`) with this set;
    // the video's job publishes it once the video is ready (server/modules/feeds/short-publishing.ts).
    publishWhenReady: boolean('publish_when_ready').notNull().default(false),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    isDraft: boolean('is_draft').notNull(),
    // The activity the post shares (issue 21); a deleted activity leaves the post standing without it.
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    // The piece of gear the post is about (issue 24, `/api/shareEquipment`); a deleted piece leaves the post standing.
    gearId: integer('gear_id').references(() => gear.id, { onDelete: 'set null' }),
    location: text('location'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    hashtags: text('hashtags').array().notNull().default(sql`'{}'::text[]`),
    // Title and description folded for case- and accent-insensitive search (server/db/search-text.ts).
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql.raw(searchFoldSql(`"title" || ' ' || "description"`))),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    publishedAt: ts('published_at'),
  },
  (t) => [
    index('feeds_published_id').on(t.publishedAt, t.id),
    index('feeds_user_published_id').on(t.userId, t.publishedAt, t.id),
    index('feeds_user_created_id').on(t.userId, t.createdAt, t.id),
    // The shorts' lists (GET /api/video-feed): few among many posts, so a list of them has its own indexes.
    index('feeds_short_published_id').on(t.publishedAt, t.id).where(sql`${t.kind} = 'short'`),
    index('feeds_user_short_published_id').on(t.userId, t.publishedAt, t.id).where(sql`${t.kind} = 'short'`),
    // Deleting an activity sets its posts' link to null: found by this, not by reading every post.
    index('feeds_activity').on(t.activityId).where(sql`${t.activityId} is not null`),
    // A piece deleted sets its posts' gear_id to null: found by this, not by a scan of every post.
    index('feeds_gear').on(t.gearId).where(sql`${t.gearId} is not null`),
    // Text search is `search_text LIKE '%…%'`: trigrams (pg_trgm, migration 0008) find a rare word without reading
    // every post (bench database: 406 ms a search before).
    index('feeds_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    check('feeds_draft_unpublished', sql`${t.isDraft} = (${t.publishedAt} is null)`),
  ],
);

/** The photos of a post, in order. One upload belongs to one post (check 14 reads the post from the key). */
export const feedImages = pgTable(
  'feed_images',
  {
    feedId: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    uploadKey: text('upload_key').notNull(),
    url: text('url').notNull(),
    thumbnail: text('thumbnail').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [uniqueIndex('feed_images_feed_position').on(t.feedId, t.position), uniqueIndex('feed_images_upload_key').on(t.uploadKey)],
);

/** Which posts carry which hashtag: `#tag` search reads (hashtag_id, published_at, feed_id). */
export const feedHashtags = pgTable(
  'feed_hashtags',
  {
    feedId: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    hashtagId: integer('hashtag_id')
      .notNull()
      .references(() => hashtags.id, { onDelete: 'cascade' }),
    publishedAt: ts('published_at'),
  },
  (t) => [uniqueIndex('feed_hashtags_feed_hashtag').on(t.feedId, t.hashtagId), index('feed_hashtags_hashtag_published').on(t.hashtagId, t.publishedAt, t.feedId)],
);

/** Members mentioned (`@handle` in the text) or tagged in a post. */
export const feedMentions = pgTable(
  'feed_mentions',
  {
    feedId: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [uniqueIndex('feed_mentions_feed_user').on(t.feedId, t.userId), index('feed_mentions_user').on(t.userId)],
);
