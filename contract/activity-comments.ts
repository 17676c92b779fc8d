import type * as z from 'zod/mini';
import { subjectCommentSchemas } from './subject-comments';

/**
 * Comments on activities (issue 21: an activity is a subject, its comments are the shared ones): the feed comment
 * with `activityId` in place of `feedId`. `GET`/`POST /api/activity/comment`, `POST /api/activity/comment/edit`,
 * `POST /api/activity/comment/like`, `DELETE /api/activity/comment` (answers `commentDeleted` of feeds.ts).
 */
export const activityCommentSchemas = subjectCommentSchemas('activityId');
export type ActivityReply = z.infer<typeof activityCommentSchemas.reply>;
export type ActivityComment = z.infer<typeof activityCommentSchemas.comment>;
