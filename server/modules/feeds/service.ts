import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { Feed, FeedInput } from '#contract/feeds';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { activities } from '../../db/schema/activities';
import { feedImages, feedMentions, feeds } from '../../db/schema/feeds';
import { uploads } from '../../db/schema/media';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { fieldError } from '../../lib/errors';
import { loadFeedSubject, loadOwnFeed } from '../../policy/feed-access';
import { guardianFor } from '../../policy/guardian';
import { attachUpload, detachUploads } from '../media/attach';
import { writeNotification } from '../notifications/notify';
import { withOutbox, type Outbox } from '../notifications/outbox';
import { feedView } from './feed-views';
import { NO_TAGS, syncPostHashtags } from './hashtag-counts';
import { parseTags, resolveMentions } from './text-tags';
import { deleteSubjects, newSubject } from '../subjects/subject-rows';

/** Creating, editing and deleting posts (issue 5). Listing is feed-list.ts; reactions are reactions.ts. */

/** Everything a save checks before writing: a post says or shows something, and its place is whole. */
function checkContent(input: FeedInput) {
  // A shared activity is a post by itself (its map and numbers are the card), as on Strava.
  if (!input.title && !input.description && (input.images ?? []).length === 0 && input.activityId == null) {
    throw fieldError('title', 'Add a title, a description, a photo or an activity.');
  }
  if ((input.latitude == null) !== (input.longitude == null)) {
    throw fieldError('latitude', 'Give both latitude and longitude, or neither.');
  }
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
 * those it no longer shows. One upload belongs to one post.
 */
async function savePhotos(tx: Db, now: Date, userId: number, feedId: number, keys: readonly string[]) {
  if (new Set(keys).size !== keys.length) throw fieldError('images', 'The same photo is in the post twice.');
  const current = await tx.select({ key: feedImages.uploadKey }).from(feedImages).where(eq(feedImages.feedId, feedId));
  if (keys.length > 0) {
    const elsewhere = await tx
      .select({ key: feedImages.uploadKey })
      .from(feedImages)
      .where(and(inArray(feedImages.uploadKey, [...keys]), ne(feedImages.feedId, feedId)))
      .limit(1);
    if (elsewhere.length > 0) throw fieldError('images', 'That photo belongs to another post: upload it again.');
  }
  for (const key of keys) await attachUpload(tx, { userId, key, field: 'images', purpose: 'feed', now });
  await detachUploads(tx, { userId, keys: current.map((c) => c.key).filter((k) => !keys.includes(k)) });
  await tx.delete(feedImages).where(eq(feedImages.feedId, feedId));
  if (keys.length === 0) return;
  const made = await tx.select().from(uploads).where(inArray(uploads.key, [...keys]));
  const byKey = new Map(made.map((u) => [u.key, u]));
  await tx.insert(feedImages).values(
    keys.map((key, position) => {
      const upload = byKey.get(key)!;
      return {
        feedId,
        position,
        uploadKey: key,
        url: `/media/${key}/${upload.files.display!}`,
        thumbnail: `/media/${key}/${upload.files.thumb!}`,
        width: upload.width,
        height: upload.height,
      };
    }),
  );
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

/**
 * `POST /api/feed` (no `id`) and `PUT /api/feed` (`id` of the member's own post; anyone else's is a 404). A draft has
 * no publish time; publishing sets it, so a draft published later takes its place in the feed at that moment. A
 * published post cannot go back to being a draft. Answers the post as its author sees it.
 */
export async function saveFeed(deps: Deps, userId: number, input: FeedInput): Promise<Feed> {
  checkContent(input);
  const text = `${input.title}\n${input.description}`;
  const feedId = await withOutbox(deps, async (tx, outbox) => {
    const now = deps.clock.now();
    const existing = input.id === undefined ? undefined : await loadOwnFeed(tx, userId, input.id);
    if (existing && !existing.isDraft && input.isDraft) throw fieldError('isDraft', 'A published post cannot go back to being a draft.');
    const publishedAt = input.isDraft ? null : (existing?.publishedAt ?? now);
    const { hashtags } = parseTags(text);
    const mentions = await mentionedIds(tx, userId, text, input.tagUser ?? []);
    const activityId = await checkActivity(tx, userId, input.activityId);
    const values = {
      title: input.title,
      description: input.description,
      isDraft: input.isDraft,
      activityId,
      location: input.location || null,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      hashtags,
      updatedAt: now,
      publishedAt,
    };
    const [row] = existing
      ? await tx.update(feeds).set(values).where(eq(feeds.id, existing.id)).returning({ id: feeds.id })
      : await tx
          .insert(feeds)
          .values({ ...values, userId, subjectId: await newSubject(tx, 'post', userId), createdAt: now })
          .returning({ id: feeds.id });
    const id = row!.id;
    await savePhotos(tx, now, userId, id, input.images ?? []);
    await syncPostHashtags(tx, id, existing ? { tags: existing.hashtags, publishedAt: existing.publishedAt } : NO_TAGS, { tags: hashtags, publishedAt });
    const saved = await saveMentions(tx, id, mentions);
    if (publishedAt) {
      // A draft told nobody: publishing it tells everyone it mentions; an edit tells only those newly mentioned.
      const tell = existing?.isDraft === false ? saved.added : saved.all;
      await notifyMentioned(tx, now, outbox, id, tell);
    }
    return id;
  });
  return feedView(deps, userId, feedId);
}

/** `DELETE /api/feedDelete`: the member's own post (anyone else's is a 404), its rows, photos and tag counts. */
export async function deleteFeed(deps: Deps, userId: number, feedId: number) {
  await withOutbox(deps, async (tx, outbox) => {
    const existing = await loadOwnFeed(tx, userId, feedId);
    const photos = await tx.select({ key: feedImages.uploadKey }).from(feedImages).where(eq(feedImages.feedId, feedId));
    await syncPostHashtags(tx, feedId, { tags: existing.hashtags, publishedAt: existing.publishedAt }, NO_TAGS);
    // Images, hashtags, mentions, reactions and comments go with the post's subject (foreign keys cascade).
    await deleteSubjects(tx, [existing.subjectId]);
    await detachUploads(tx, { userId, keys: photos.map((p) => p.key) });
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
