import type { FeedVisibility } from '#contract/feeds';
import type { Db } from '../../db/client';
import { feeds } from '../../db/schema/feeds';
import { newSubject } from '../subjects/subject-rows';

// Shorts for tests of what hangs off a short (reports, moderation), written straight into the table so those tests
// need no ffmpeg encode: a published short without its video row, which reading it does not need (its `videos` is
// empty). Tests of the video itself use short-test-helpers.ts.

/** A published short of `userId`'s, every member's unless asked; answers its id. */
export async function insertShort(db: Db, userId: number, input: { visibility?: FeedVisibility; title?: string } = {}) {
  const now = new Date();
  const [row] = await db
    .insert(feeds)
    .values({
      userId,
      subjectId: await newSubject(db, 'post', userId),
      kind: 'short',
      visibility: input.visibility ?? 'everyone',
      title: input.title ?? 'Rock garden line',
      isDraft: false,
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
    })
    .returning({ id: feeds.id });
  return row!.id;
}
