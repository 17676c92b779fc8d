import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { commentDeleted, commentSaved, feed, feedCommentList, feedReply } from '#contract/feeds';
import { qualified } from '../../db/qualified';
import { feeds } from '../../db/schema/feeds';
import { comments, subjects } from '../../db/schema/subjects';
import { okData, type TestApp } from '../../test/test-app';
import { helpers, type Member } from '../notifications/test-helpers';

// Shared by the comment tests: posts to comment on, and the five comment calls as a member makes them.

export type { Member };

export function commentHelpers(t: () => TestApp) {
  const base = helpers(t);
  const { send } = base;

  /** A post by `author` through `POST /api/feed`, published unless asked for a draft; answers its id. */
  async function post(author: Member, opts: { draft?: boolean } = {}) {
    const res = await send('POST', '/api/feed', author.token, { title: 'Ridge loop', description: 'Dusty but fast.', isDraft: opts.draft ?? false });
    return okData(res, feed).id;
  }

  const list = async (who: Member, feedId: number, query = '') => okData(await send('GET', `/api/feed/comment?feedId=${feedId}${query}`, who.token), feedCommentList);

  const comment = (who: Member, payload: object) => send('POST', '/api/feed/comment', who.token, payload);
  /** A comment (or a reply, with `parentId`) that must be saved. */
  const add = async (who: Member, feedId: number, text: string, parentId?: number) =>
    okData(await comment(who, { feedId, comment: text, ...(parentId === undefined ? {} : { parentId }) }), commentSaved);

  const editCall = (who: Member, payload: object) => send('POST', '/api/feed/updateFeedComment', who.token, payload);
  const edit = async (who: Member, feedId: number, commentId: number, text: string) => okData(await editCall(who, { feedId, commentId, comment: text }), feedReply);

  const likeCall = (who: Member, payload: object) => send('POST', '/api/feed/comment/like', who.token, payload);
  const like = async (who: Member, commentId: number, isLiked = true) => okData(await likeCall(who, { commentId, isLiked }), feedReply);

  const removeCall = (who: Member, payload: object) => send('POST', '/api/feed/delete-comment', who.token, payload);
  const remove = async (who: Member, feedId: number, commentId: number) => okData(await removeCall(who, { feedId, commentId }), commentDeleted);

  /** The comment count the post shows `who` (`GET /api/feed/:feedId`). */
  const shownCount = async (who: Member, feedId: number) => okData(await send('GET', `/api/feed/${feedId}`, who.token), feed).commentCount;

  /** The post's stored comment count beside the comments actually there: the two must agree. */
  async function counts(feedId: number) {
    const [row] = await t()
      .db.select({ stored: subjects.commentCount, actual: sql<number>`(select count(*) from ${comments} where ${qualified(comments.subjectId)} = ${qualified(subjects.id)})`.mapWith(Number) })
      .from(feeds)
      .innerJoin(subjects, eq(subjects.id, feeds.subjectId))
      .where(eq(feeds.id, feedId));
    expect(row, `post ${feedId}`).toBeDefined();
    return row!;
  }

  return { ...base, post, shownCount, list, comment, add, editCall, edit, likeCall, like, removeCall, remove, counts };
}
