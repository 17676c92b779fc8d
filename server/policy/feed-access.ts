import { and, eq, isNull } from 'drizzle-orm';
import type { FeedKind } from '#contract/feeds';
import type { Db } from '../db/client';
import { feeds } from '../db/schema/feeds';
import { subjects } from '../db/schema/subjects';
import { users } from '../db/schema/users';
import { notFound } from '../lib/errors';
import { mayViewFeed } from './social-policy';
import { mayEditPost } from './subject-policy';

/** Said for a post that is missing and for one the viewer may not see alike (architecture.md: 404 for both). */
export const FEED_NOT_FOUND = 'That post does not exist.';

/**
 * A post's id, author and draft state, with its author's privacy: what the policy needs to decide. A post a moderator
 * removed is not found (moderation-policy.ts), for its author too.
 */
export async function loadFeedSubject(db: Db, feedId: number) {
  const [row] = await db
    .select({
      id: feeds.id,
      kind: feeds.kind,
      subjectId: feeds.subjectId,
      userId: feeds.userId,
      isDraft: feeds.isDraft,
      visibility: feeds.visibility,
      authorIsPrivate: users.isPrivate,
    })
    .from(feeds)
    .innerJoin(users, eq(users.id, feeds.userId))
    .innerJoin(subjects, eq(subjects.id, feeds.subjectId))
    .where(and(eq(feeds.id, feedId), isNull(subjects.removedAt)))
    .limit(1);
  return row;
}

/**
 * The post `feedId` if `viewerId` may see it (the policy's `mayViewFeed`), else a 404. Every route that reads or acts
 * on a post by id (detail, reactions, comments) starts here.
 */
export async function loadViewableFeed(db: Db, viewerId: number, feedId: number): Promise<{ id: number; subjectId: number; userId: number; isDraft: boolean }> {
  const row = await loadFeedSubject(db, feedId);
  if (!row || !(await mayViewFeed(db, viewerId, row, { id: row.userId, isPrivate: row.authorIsPrivate }))) throw notFound(FEED_NOT_FOUND);
  return { id: row.id, subjectId: row.subjectId, userId: row.userId, isDraft: row.isDraft };
}

/**
 * The post or short `feedId` (of `kind`, when given: a short is not edited as a post) if `viewerId` may edit it
 * (`mayEditPost`: edit, delete), else the same 404 as one they may not see.
 */
export async function loadOwnFeed(db: Db, viewerId: number, feedId: number, kind?: FeedKind) {
  const [row] = await db.select().from(feeds).where(eq(feeds.id, feedId)).limit(1);
  if (!row || (kind && row.kind !== kind) || !mayEditPost(viewerId, row)) throw notFound(FEED_NOT_FOUND);
  return row;
}
