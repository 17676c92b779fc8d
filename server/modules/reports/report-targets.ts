import { eq, inArray } from 'drizzle-orm';
import type { ReportTarget, ReportTargetView } from '#contract/reports';
import type { Db } from '../../db/client';
import { events } from '../../db/schema/events';
import { feeds } from '../../db/schema/feeds';
import { activities } from '../../db/schema/activities';
import { comments, subjects, type SubjectKind } from '../../db/schema/subjects';
import { users } from '../../db/schema/users';
import { actorColumns } from '../notifications/notify';
import { excerptOf } from '../notifications/notification-views';

/**
 * What a report can be about, read the same way for the reporter's list, the review queue and a moderator's action:
 * whom it concerns, its words, where it lives and whether a moderator removed it. Undefined when it is gone (deleted
 * by its author, or the account deleted), which a report outlives.
 */
export type TargetFacts = {
  kind: ReportTarget;
  id: number;
  /** The member it is about: the member reported, or the author. */
  userId: number;
  excerpt: string | null;
  /** The whole text a moderator reads (a post's title and text, an event's name and description, a comment, a bio). */
  text: string | null;
  link: ReportTargetView['link'];
  removed: boolean;
  /** The subject row of a post or event, and of the post or event a comment is on. */
  subjectId: number | null;
  /** A comment's parent comment (a reply's), else null. */
  parentCommentId: number | null;
  isDraft: boolean;
  createdAt: Date;
};

const joined = (title: string, body: string) => [title.trim(), body.trim()].filter(Boolean).join('\n\n') || null;

/**
 * The facts of one target, or undefined when it does not exist (any more). A post's id and a short's name the same
 * rows, as do a comment's and a short's comment's: `kind` in the answer is what the row really is.
 */
export async function targetFacts(db: Db, kind: ReportTarget, id: number): Promise<TargetFacts | undefined> {
  switch (kind) {
    case 'member': {
      const [u] = await db.select({ id: users.id, bio: users.bio, createdAt: users.createdAt }).from(users).where(eq(users.id, id)).limit(1);
      if (!u) return undefined;
      return { kind, id, userId: u.id, excerpt: excerptOf(u.bio), text: u.bio, link: { kind: 'member', id }, removed: false, subjectId: null, parentCommentId: null, isDraft: false, createdAt: u.createdAt };
    }
    case 'post':
    case 'short': {
      const [p] = await db
        .select({ kind: feeds.kind, userId: feeds.userId, title: feeds.title, description: feeds.description, subjectId: feeds.subjectId, isDraft: feeds.isDraft, createdAt: feeds.createdAt, removedAt: subjects.removedAt })
        .from(feeds)
        .innerJoin(subjects, eq(subjects.id, feeds.subjectId))
        .where(eq(feeds.id, id))
        .limit(1);
      if (!p) return undefined;
      const text = joined(p.title, p.description);
      // On one line the title runs into the text: a dash keeps them apart, as the post card does.
      const line = [p.title.trim(), p.description.trim()].filter(Boolean).join(' — ');
      return { kind: p.kind, id, userId: p.userId, excerpt: excerptOf(line), text, link: { kind: p.kind, id }, removed: p.removedAt !== null, subjectId: p.subjectId, parentCommentId: null, isDraft: p.isDraft, createdAt: p.createdAt };
    }
    case 'event': {
      const [e] = await db
        .select({ userId: events.userId, name: events.eventName, description: events.description, subjectId: events.subjectId, isDraft: events.isDraft, createdAt: events.createdAt, removedAt: subjects.removedAt })
        .from(events)
        .innerJoin(subjects, eq(subjects.id, events.subjectId))
        .where(eq(events.id, id))
        .limit(1);
      if (!e) return undefined;
      return { kind, id, userId: e.userId, excerpt: excerptOf(e.name), text: joined(e.name, e.description), link: { kind: 'event', id }, removed: e.removedAt !== null, subjectId: e.subjectId, parentCommentId: null, isDraft: e.isDraft, createdAt: e.createdAt };
    }
    case 'activity': {
      const [a] = await db
        .select({ userId: activities.userId, title: activities.title, description: activities.description, subjectId: activities.subjectId, createdAt: activities.createdAt, removedAt: subjects.removedAt })
        .from(activities)
        .innerJoin(subjects, eq(subjects.id, activities.subjectId))
        .where(eq(activities.id, id))
        .limit(1);
      if (!a) return undefined;
      const line = [a.title.trim(), a.description.trim()].filter(Boolean).join(' — ');
      return { kind, id, userId: a.userId, excerpt: excerptOf(line), text: joined(a.title, a.description), link: { kind: 'activity', id }, removed: a.removedAt !== null, subjectId: a.subjectId, parentCommentId: null, isDraft: false, createdAt: a.createdAt };
    }
    case 'comment':
    case 'short_comment': {
      const [c] = await db
        .select({ userId: comments.userId, body: comments.body, subjectId: comments.subjectId, parentId: comments.parentId, createdAt: comments.createdAt, removedAt: comments.removedAt, subjectKind: subjects.kind })
        .from(comments)
        .innerJoin(subjects, eq(subjects.id, comments.subjectId))
        .where(eq(comments.id, id))
        .limit(1);
      if (!c) return undefined;
      const link = await subjectLink(db, c.subjectKind, c.subjectId);
      return { kind: link?.kind === 'short' ? 'short_comment' : 'comment', id, userId: c.userId, excerpt: excerptOf(c.body), text: c.body, link, removed: c.removedAt !== null, subjectId: c.subjectId, parentCommentId: c.parentId, isDraft: false, createdAt: c.createdAt };
    }
  }
}

/** The post (or short), event or activity a subject row stands for, as a link. */
async function subjectLink(db: Db, kind: SubjectKind, subjectId: number): Promise<ReportTargetView['link']> {
  if (kind === 'post') {
    const [feed] = await db.select({ id: feeds.id, kind: feeds.kind }).from(feeds).where(eq(feeds.subjectId, subjectId)).limit(1);
    return feed ? { kind: feed.kind, id: feed.id } : null;
  }
  const table = { event: events, activity: activities }[kind];
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.subjectId, subjectId)).limit(1);
  return row ? { kind, id: row.id } : null;
}

/** The member summaries of `userIds`, by id (public columns only, check 11). */
export async function summariesOf(db: Db, userIds: readonly number[]) {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map<number, ReportTargetView['member'] & object>();
  const rows = await db.select(actorColumns).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.userId, r]));
}

/** A target as the wire shows it, or the "no longer available" view of one that is gone. */
export function targetView(facts: TargetFacts | undefined, members: Map<number, NonNullable<ReportTargetView['member']>>): ReportTargetView {
  if (!facts) return { member: null, excerpt: null, link: null, removed: false };
  return { member: members.get(facts.userId) ?? null, excerpt: facts.excerpt, link: facts.link, removed: facts.removed };
}
