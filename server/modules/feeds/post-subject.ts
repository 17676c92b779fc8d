import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feeds } from '../../db/schema/feeds';
import type { SubjectSpec } from '../subjects/subject-spec';
import { loadFeedSubject, loadViewableFeed } from '../../policy/feed-access';
import { guardianFor } from '../../policy/guardian';

type PostRow = Awaited<ReturnType<typeof loadViewableFeed>>;

/**
 * Posts as a subject (server/modules/subjects/subject-spec.ts): their reactions and comments are the shared ones, seen
 * by whoever may see the post (`mayViewFeed`), closed while it is a draft; the owner's notifications use the kind's
 * own sentences ("… reacted to your post.", "… commented on your post.").
 */
export const postSubject: SubjectSpec<'feedId', PostRow> = {
  kind: 'post',
  key: 'feedId',
  loadViewable: loadViewableFeed,
  async idOf(db: Db, subjectId: number) {
    const [row] = await db.select({ id: feeds.id }).from(feeds).where(eq(feeds.subjectId, subjectId)).limit(1);
    return row?.id;
  },
  async audience(db, post) {
    // The author's privacy is read once, by the first notification of a call.
    const row = await loadFeedSubject(db, post.id);
    return async (userId) => row !== undefined && guardianFor(db, userId).canSeeFeed(row, { id: row.userId, isPrivate: row.authorIsPrivate });
  },
  draftMessage: 'Comments open once the post is published.',
  sentences: {},
};
