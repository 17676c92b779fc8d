import type * as z from 'zod/mini';
import { subjectCommentSchemas } from './subject-comments';

/**
 * Comments on events (spec §3: "event comments are keyed by eventId and carry the same shape" as feed comments):
 * the feed comment with `eventId` in place of `feedId`. Paths of spec §7: `GET`/`POST /api/challenge/comment`,
 * `POST /api/challenge/updateChallengeComment`, `POST /api/challenge/comment/challengeCommentLikeStore`,
 * `DELETE /api/challenge/DeleteComment`.
 */
const schemas = subjectCommentSchemas('eventId');

export const eventReply = schemas.reply;
export const eventComment = schemas.comment;
export type EventReply = z.infer<typeof eventReply>;
export type EventComment = z.infer<typeof eventComment>;
export const eventCommentsQuery = schemas.query;
export const eventCommentList = schemas.commentList;
export const eventReplyList = schemas.replyList;
export const eventCommentsAnswer = schemas.answer;
export const newEventCommentBody = schemas.newBody;
export const eventCommentSaved = schemas.saved;
export const editEventCommentBody = schemas.editBody;
export const eventCommentLikeBody = schemas.likeBody;
/** `DELETE /api/challenge/DeleteComment` with a JSON body. Answers `commentDeleted` of contract/feeds.ts. */
export const deleteEventCommentBody = schemas.deleteBody;
