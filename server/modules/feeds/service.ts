import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { parseWebVtt } from '#contract/webvtt';
import { SHORT_NEEDS_VIDEO, type Feed, type FeedInput, type FeedKind, type VideoFeedInput } from '#contract/feeds';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { activities } from '../../db/schema/activities';
import { feedImages, feedMentions, feeds } from '../../db/schema/feeds';
import { gear } from '../../db/schema/gear';
import { uploads } from '../../db/schema/media';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { fieldError } from '../../lib/errors';
import { loadFeedSubject, loadOwnFeed } from '../../policy/feed-access';
import { guardianFor } from '../../policy/guardian';
import { attachUpload, detachUploads } from '../media/attach';
import { orderedPhotos } from '../media/ordered-photos';
import { VIDEO_PURPOSE } from '../videos/video-uploads';
import { writeNotification } from '../notifications/notify';
import { withOutbox, type Outbox } from '../notifications/outbox';
import { feedView } from './feed-views';
import { NO_TAGS, syncPostHashtags } from './hashtag-counts';
import { parseTags, resolveMentions } from './text-tags';
import { addToTimelines } from './timelines';
import { deleteSubjects, newSubject } from '../subjects/subject-rows';

/** Creating, editing and deleting posts (issue 5). Listing is feed-list.ts; reactions are reactions.ts. */

/** Everything a save checks before writing: a post says or shows something, and its place is whole. */
function checkContent(input: FeedInput) {
  // A shared activity or piece of gear is a post by itself (its card says it), as on Strava.
  if (!input.title && !input.description && (input.images ?? []).length === 0 && input.activityId == null && input.gearId == null) {
    throw fieldError('title', 'Add a title, a description, a photo or an activity.');
  }
  if ((input.latitude == null) !== (input.longitude == null)) {
    throw fieldError('latitude', 'Give both latitude and longitude, or neither.');
  }
}

/**
 * The piece of gear a post is about (issue 24): one of the author's own, published (a draft is theirs alone to see).
 * Anyone else's, or none, is the same refusal.
 */
async function checkGear(tx: Db, authorId: number, gearId: number | null | undefined) {
  if (gearId == null) return null;
  const [row] = await tx.select({ userId: gear.userId, isDraft: gear.isDraft }).from(gear).where(eq(gear.id, gearId)).limit(1);
  if (!row || !guardianFor(tx, authorId).canEditGear(row)) throw fieldError('gearId', 'That gear does not exist.');
  if (row.isDraft) throw fieldError('gearId', 'Publish it before you post about it.');
  return gearId;
}

/**
 * The activity a post shares (spec §3 Feed.activityId): one of the author's own. Anyone else's, or none, is the same
 * refusal. Who sees it through the post is decided when the post is read (feed-views.ts asks the policy then).
 */
async function checkActivity(tx: Db, authorId: number, activityId: number | null | undefined) {
  if (activityId == null) return null;
  const [row] = await tx.select({ userId: activities.userId }).from(activities).where(eq(activities.id, activityId)).limit(1);
  if (!row || !guardianFor(tx, authorId).canEditActivity(row)) throw fieldError('activityId', 'That activity does not exist.');
  return activityId;
}

/**
 * Who the post mentions: `@handles` in the text the author may mention (others stay plain text), then the members
 * tagged by id, each of whom the author must be allowed to mention. In order, each once.
 */
async function mentionedIds(tx: Db, authorId: number, text: string, tagged: readonly number[]) {
  const fromText = await resolveMentions(tx, authorId, parseTags(text).handles);
  const wanted = [...new Set(tagged)];
  if (wanted.length > 0) {
    const allowed = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, wanted), guardianFor(tx, authorId).mentionableWhere()));
    if (allowed.length !== wanted.length) throw fieldError('tagUser', 'You can tag only members you follow or who follow you.');
  }
  return [...new Set([...fromText.map((m) => m.userId), ...wanted])];
}

/**
 * Attaches the photos `keys` (the member's own `feed` uploads, in the order shown) to post `feedId` and detaches
 * those it no longer shows (media/ordered-photos.ts). One upload belongs to one post.
 */
async function savePhotos(tx: Db, now: Date, userId: number, feedId: number, keys: readonly string[]) {
  const current = await tx.select({ key: feedImages.uploadKey }).from(feedImages).where(eq(feedImages.feedId, feedId));
  const photos = await orderedPhotos(tx, {
    userId,
    purpose: 'feed',
    keys,
    current: current.map((c) => c.key),
    now,
    what: 'post',
    takenElsewhere: async (wanted) =>
      (await tx.select({ key: feedImages.uploadKey }).from(feedImages).where(and(inArray(feedImages.uploadKey, [...wanted]), ne(feedImages.feedId, feedId))).limit(1)).length > 0,
  });
  await tx.delete(feedImages).where(eq(feedImages.feedId, feedId));
  if (photos.length > 0) await tx.insert(feedImages).values(photos.map((photo) => ({ feedId, ...photo })));
}

/** Replaces the post's mentions; answers the members mentioned now who were not before. */
async function saveMentions(tx: Db, feedId: number, ids: number[]) {
  const before = await tx.select({ userId: feedMentions.userId }).from(feedMentions).where(eq(feedMentions.feedId, feedId));
  await tx.delete(feedMentions).where(eq(feedMentions.feedId, feedId));
  if (ids.length > 0) await tx.insert(feedMentions).values(ids.map((userId, position) => ({ feedId, userId, position })));
  const had = new Set(before.map((b) => b.userId));
  return { added: ids.filter((id) => !had.has(id)), all: ids };
}

/**
 * Tells mentioned members once the post is out: only for a published post, only members who may see it (a private
 * author's post mentions a non-follower in vain), never the author, as each member's settings allow.
 */
async function notifyMentioned(tx: Db, now: Date, outbox: Outbox, feedId: number, ids: number[]) {
  const post = (await loadFeedSubject(tx, feedId))!;
  for (const userId of ids) {
    if (!(await guardianFor(tx, userId).canSeeFeed(post, { id: post.userId, isPrivate: post.authorIsPrivate }))) continue;
    await writeNotification(tx, now, outbox, { userId, actorId: post.userId, kind: 'mentions', subjectType: 'feed', subjectId: feedId });
  }
}

/** What every kind's save shares: the text, draft state and tagged members; `id` edits the member's own. */
type CommonInput = { id?: number | undefined; title: string; description: string; isDraft: boolean; tagUser?: number[] | undefined };

/** What a kind adds to a save (a post's photos and activity, a short's video and visibility). */
type KindPart = {
  kind: FeedKind;
  /** The kind's own columns, checked; `existing` when editing. */
  values(tx: Db, existing: Existing | undefined): Promise<Partial<typeof feeds.$inferInsert>>;
  /** Whether it may come out now: a short only once its video is ready (it waits, and its job publishes it). */
  ready?(tx: Db): Promise<boolean>;
  /** After the row is written: its attachments. */
  attach(tx: Db, now: Date, feedId: number): Promise<void>;
};
type Existing = typeof feeds.$inferSelect;

/**
 * The one save of every kind: `POST` (no `id`) and `PUT` (`id` of the member's own post or short of that kind; anyone
 * else's is a 404). A draft has no publish time; publishing sets it, so a draft published later takes its place in
 * the lists at that moment. A published one cannot go back to being a draft. Answers it as its author sees it.
 */
async function saveOfKind(deps: Deps, userId: number, input: CommonInput, part: KindPart): Promise<Feed> {
  const text = `${input.title}\n${input.description}`;
  const feedId = await withOutbox(deps, async (tx, outbox) => {
    const now = deps.clock.now();
    const existing = input.id === undefined ? undefined : await loadOwnFeed(tx, userId, input.id, part.kind);
    if (existing?.publishedAt && input.isDraft) throw fieldError('isDraft', `A published ${part.kind} cannot go back to being a draft.`);
    const kindValues = await part.values(tx, existing);
    // Published before it is ready: kept out of every list, for its author marked as coming out, until it is.
    const waits = !input.isDraft && !existing?.publishedAt && part.ready !== undefined && !(await part.ready(tx));
    const publishedAt = input.isDraft || waits ? null : (existing?.publishedAt ?? now);
    const { hashtags } = parseTags(text);
    const mentions = await mentionedIds(tx, userId, text, input.tagUser ?? []);
    const values = {
      ...kindValues,
      title: input.title,
      description: input.description,
      isDraft: publishedAt === null,
      publishWhenReady: waits,
      hashtags,
      updatedAt: now,
      publishedAt,
    };
    const [row] = existing
      ? await tx.update(feeds).set(values).where(eq(feeds.id, existing.id)).returning({ id: feeds.id })
      : await tx
          .insert(feeds)
          .values({ ...values, kind: part.kind, userId, subjectId: await newSubject(tx, 'post', userId), createdAt: now })
          .returning({ id: feeds.id });
    const id = row!.id;
    await part.attach(tx, now, id);
    await syncPostHashtags(tx, id, existing ? { tags: existing.hashtags, publishedAt: existing.publishedAt } : NO_TAGS, { tags: hashtags, publishedAt });
    const saved = await saveMentions(tx, id, mentions);
    if (publishedAt && !existing?.publishedAt) await addToTimelines(tx, now, { id, kind: part.kind, userId, publishedAt });
    if (publishedAt) {
      // Nothing unpublished told anybody: coming out tells everyone it mentions; an edit tells only those newly mentioned.
      const tell = existing?.publishedAt ? saved.added : saved.all;
      await notifyMentioned(tx, now, outbox, id, tell);
    }
    return id;
  });
  return feedView(deps, userId, feedId);
}

/** `POST /api/feed` and `PUT /api/feed`: a post (text, photos, a shared activity, a place). */
export async function saveFeed(deps: Deps, userId: number, input: FeedInput): Promise<Feed> {
  checkContent(input);
  return saveOfKind(deps, userId, input, {
    kind: 'post',
    values: async (tx) => ({
      activityId: await checkActivity(tx, userId, input.activityId),
      gearId: await checkGear(tx, userId, input.gearId),
      location: input.location || null,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
    }),
    attach: (tx, now, feedId) => savePhotos(tx, now, userId, feedId, input.images ?? []),
  });
}

/**
 * `POST /api/video-feed` and `PUT /api/video-feed`: a short (issue 22), one video of the member's own (purpose
 * `short`). Published before the video is ready, it waits and comes out when it is (`publishWaitingShort`). A
 * published short keeps its video.
 */
export async function saveShort(deps: Deps, userId: number, input: VideoFeedInput): Promise<Feed> {
  const key = input.videos[0];
  if (key === undefined) throw fieldError('videos', SHORT_NEEDS_VIDEO);
  return saveOfKind(deps, userId, input, {
    kind: 'short',
    async values(tx, existing) {
      if (existing?.publishedAt && existing.videoKey !== key) throw fieldError('videos', 'A published short keeps its video: post a new short for another.');
      const [other] = await tx.select({ id: feeds.id }).from(feeds).where(and(eq(feeds.videoKey, key), ne(feeds.id, existing?.id ?? 0))).limit(1);
      if (other) throw fieldError('videos', 'That video belongs to another short: upload it again.');
      const captions = input.captions?.trim() ?? '';
      if (captions) {
        const parsed = parseWebVtt(captions);
        if ('error' in parsed) throw fieldError('captions', parsed.error);
      }
      return { videoKey: key, videoAlt: input.altText ?? '', captions, visibility: input.visibility ?? 'everyone' };
    },
    async ready(tx) {
      // Locked: the job that makes it ready waits for this save, then finds the short waiting and publishes it.
      const [video] = await tx.select({ status: uploads.status }).from(uploads).where(eq(uploads.key, key)).limit(1).for('update');
      return video?.status === 'ready';
    },
    async attach(tx, now, feedId) {
      const [before] = await tx.select({ key: feeds.videoKey }).from(feeds).where(eq(feeds.id, feedId));
      await attachUpload(tx, { userId, key, field: 'videos', purpose: VIDEO_PURPOSE, now, what: 'video' });
      if (before?.key && before.key !== key) await detachUploads(tx, { userId, keys: [before.key] });
    },
  });
}

/**
 * A short's video is ready (the `videos.process` job): a short its author published meanwhile comes out now, with
 * its hashtags counted and the members it mentions told, as if published this moment. Nothing when none waits.
 */
export async function publishWaitingShort(deps: Pick<Deps, 'db' | 'bus' | 'mailer' | 'storage' | 'clock'>, videoKey: string) {
  await withOutbox(deps, async (tx, outbox) => {
    const now = deps.clock.now();
    const [row] = await tx
      .update(feeds)
      .set({ isDraft: false, publishWhenReady: false, publishedAt: now, updatedAt: now })
      .where(and(eq(feeds.videoKey, videoKey), eq(feeds.publishWhenReady, true)))
      .returning({ id: feeds.id, hashtags: feeds.hashtags, userId: feeds.userId });
    if (!row) return;
    await addToTimelines(tx, now, { id: row.id, kind: 'short', userId: row.userId, publishedAt: now });
    await syncPostHashtags(tx, row.id, { tags: row.hashtags, publishedAt: null }, { tags: row.hashtags, publishedAt: now });
    const mentioned = await tx.select({ userId: feedMentions.userId }).from(feedMentions).where(eq(feedMentions.feedId, row.id)).orderBy(feedMentions.position);
    await notifyMentioned(tx, now, outbox, row.id, mentioned.map((m) => m.userId));
  });
}

/** `DELETE /api/feedDelete`: the member's own post (anyone else's is a 404), its rows, photos and tag counts. */
export async function deleteFeed(deps: Deps, userId: number, feedId: number) {
  await withOutbox(deps, async (tx, outbox) => {
    const existing = await loadOwnFeed(tx, userId, feedId);
    const photos = await tx.select({ key: feedImages.uploadKey }).from(feedImages).where(eq(feedImages.feedId, feedId));
    await syncPostHashtags(tx, feedId, { tags: existing.hashtags, publishedAt: existing.publishedAt }, NO_TAGS);
    // Images, hashtags, mentions, reactions and comments go with the post's subject (foreign keys cascade).
    await deleteSubjects(tx, [existing.subjectId]);
    await detachUploads(tx, { userId, keys: [...photos.map((p) => p.key), ...(existing.videoKey ? [existing.videoKey] : [])] });
    // So do the notifications about it and its comments: they would lead nowhere. Their members' badges follow.
    const gone = await tx
      .delete(notifications)
      .where(
        or(
          and(eq(notifications.subjectType, 'feed'), eq(notifications.subjectId, feedId)),
          and(eq(notifications.subjectType, 'comment'), eq(notifications.parentId, feedId)),
        ),
      )
      .returning({ userId: notifications.userId });
    for (const member of new Set(gone.map((g) => g.userId))) outbox.badge(member);
  });
}
