import type { ThreadSubject } from '#contract/realtime';
import type { Db } from '../../db/client';
import type { SubjectKind } from '../../db/schema/subjects';
import type { SentenceVariant } from '../notifications/sentences';

/**
 * A subject is whatever members can react to and comment on (issue 18): a `subjects` row that each kind's own table
 * points to (`feeds.subject_id`, `events.subject_id`). The reaction service (server/modules/reactions) and the comment
 * service (server/modules/comments) work on subject ids alone; what differs between kinds is said once, in the kind's
 * `SubjectSpec` (server/modules/feeds/post-subject.ts, server/modules/events/event-subject.ts), and in the wire names
 * below. Adding a kind is a name in SUBJECT_KINDS (schema), a line in each record here, and a spec.
 */

/** What the services read of a subject as its kind loads it: the kind's own id, the subject id, owner, draft state. */
export type SubjectRow = { id: number; subjectId: number; userId: number; isDraft: boolean };

/** Where a notification about a reaction to the subject leads (the kind's own id as `subject_id`). */
export const REACTION_NOTICE: Record<SubjectKind, 'feed' | 'event' | 'activity'> = { post: 'feed', event: 'event', activity: 'activity' };
/** Where a notification about a comment on the subject leads (the comment's id, the kind's id as `parent_id`). */
export const COMMENT_NOTICE: Record<SubjectKind, 'comment' | 'event_comment' | 'activity_comment'> = { post: 'comment', event: 'event_comment', activity: 'activity_comment' };
/** The name the subject's comment thread goes by on the live socket (contract/realtime.ts). */
export const THREAD: Record<SubjectKind, ThreadSubject> = { post: 'feed', event: 'event', activity: 'activity' };

export type SubjectSpec<K extends string, S extends SubjectRow> = {
  kind: SubjectKind;
  /** The kind's id as the wire names it on a comment (`feedId`, `eventId`). */
  key: K;
  /** The subject if the viewer may see it (asked of server/policy), else the kind's 404. */
  loadViewable(db: Db, viewerId: number, id: number): Promise<S>;
  /** The kind's own id of a subject of this kind, or undefined (a comment named by id alone leads here). */
  idOf(db: Db, subjectId: number): Promise<number | undefined>;
  /**
   * Who may see the subject, asked of each member about to be told something: a notification goes only to a member
   * who may follow its link. Whatever the check needs is read once per call, by the first notification.
   */
  audience(db: Db, subject: S): Promise<(userId: number) => Promise<boolean>>;
  /** Refused with this message when someone comments on a draft. */
  draftMessage: string;
  /** What the owner is told of a new reaction and a new comment, when not the kind's own sentence ("your post"). */
  sentences: { reacted?: SentenceVariant | undefined; commented?: SentenceVariant | undefined };
};
