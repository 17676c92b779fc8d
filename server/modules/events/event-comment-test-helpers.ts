import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { eventCommentList, eventCommentSaved, eventReply } from '#contract/event-comments';
import { commentDeleted } from '#contract/feeds';
import { qualified } from '../../db/qualified';
import { events } from '../../db/schema/events';
import { comments, subjects } from '../../db/schema/subjects';
import { okData, type TestApp } from '../../test/test-app';
import { helpers, type Member } from '../notifications/test-helpers';
import { insertEvent, type TestEventInput } from './event-test-rows';

// Shared by the event comment tests: events to comment on, and the five comment calls as a member makes them.

export type { Member };

export function eventCommentHelpers(t: () => TestApp) {
  const base = helpers(t);
  const { send } = base;

  /** An event organised by `organiser`; answers its id. */
  const event = (organiser: Member, input: TestEventInput = {}) => insertEvent(t().db, organiser.userId, input);

  const listCall = (who: Member, eventId: number, query = '') => send('GET', `/api/challenge/comment?eventId=${eventId}${query}`, who.token);
  const list = async (who: Member, eventId: number, query = '') => okData(await listCall(who, eventId, query), eventCommentList);

  const comment = (who: Member, payload: object) => send('POST', '/api/challenge/comment', who.token, payload);
  /** A comment (or a reply, with `parentId`) that must be saved. */
  const add = async (who: Member, eventId: number, text: string, parentId?: number) =>
    okData(await comment(who, { eventId, comment: text, ...(parentId === undefined ? {} : { parentId }) }), eventCommentSaved);

  const editCall = (who: Member, payload: object) => send('POST', '/api/challenge/updateChallengeComment', who.token, payload);
  const edit = async (who: Member, eventId: number, commentId: number, text: string) => okData(await editCall(who, { eventId, commentId, comment: text }), eventReply);

  const likeCall = (who: Member, payload: object) => send('POST', '/api/challenge/comment/challengeCommentLikeStore', who.token, payload);
  const like = async (who: Member, commentId: number, isLiked = true) => okData(await likeCall(who, { commentId, isLiked }), eventReply);

  const removeCall = (who: Member, payload: object) => send('DELETE', '/api/challenge/DeleteComment', who.token, payload);
  const remove = async (who: Member, eventId: number, commentId: number) => okData(await removeCall(who, { eventId, commentId }), commentDeleted);

  /** The event's stored comment count beside the comments actually there: the two must agree. */
  async function counts(eventId: number) {
    const [row] = await t()
      .db.select({ stored: subjects.commentCount, actual: sql<number>`(select count(*) from ${comments} where ${qualified(comments.subjectId)} = ${qualified(subjects.id)})`.mapWith(Number) })
      .from(events)
      .innerJoin(subjects, eq(subjects.id, events.subjectId))
      .where(eq(events.id, eventId));
    expect(row, `event ${eventId}`).toBeDefined();
    return row!;
  }

  return { ...base, event, listCall, list, comment, add, editCall, edit, likeCall, like, removeCall, remove, counts };
}
