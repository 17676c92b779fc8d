import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { reasonTitle, TARGET_ROW, type ModerationCase, type QueueItem, type ReportTarget } from '#contract/reports';
import type { Deps } from '../../deps';
import { events } from '../../db/schema/events';
import { feedImages, feeds } from '../../db/schema/feeds';
import { moderationActions, reports } from '../../db/schema/reports';
import { comments, subjects } from '../../db/schema/subjects';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import { findUpload } from '../media/service';
import { mediaUrl } from '../media/upload-files';
import { mediaUrlSigner, type MediaUrlSigner } from '../media/url-signing';
import { feedView, signedMediaUrl } from '../feeds/feed-views';
import { excerptOf } from '../notifications/notification-views';
import { signedImages } from '../reports/service';
import { summariesOf, targetFacts, targetView } from '../reports/report-targets';
import { auditEntries, warningCount } from './audit-views';

/**
 * What moderators read (issue 20): the queue of open reports grouped by what they are about, oldest first, and one
 * reported thing in context. Moderators see reported content whoever may otherwise see it: the photos come signed.
 * Asked only after the route checked the viewer is a moderator.
 */

const PER_PAGE = 20;

/** `GET /api/moderation/queue`: each target with open reports, in the order its first report came. */
export async function reviewQueue(deps: Deps, page: number) {
  const open = eq(reports.status, 'open');
  const [groups, [total]] = await Promise.all([
    deps.db
      .select({
        targetKind: reports.targetKind,
        targetId: reports.targetId,
        reportCount: sql<number>`count(*)::int`,
        reasonIds: sql<number[]>`array_agg(${reports.reasonId})`,
        reporterIds: sql<number[]>`(array_agg(${reports.reporterId} order by ${reports.createdAt}, ${reports.id}))[1:3]`,
        first: sql<string>`min(${reports.createdAt})`,
        last: sql<string>`max(${reports.createdAt})`,
      })
      .from(reports)
      .where(open)
      .groupBy(reports.targetKind, reports.targetId)
      .orderBy(sql`min(${reports.createdAt})`, reports.targetKind, reports.targetId)
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE),
    deps.db.select({ n: sql<number>`count(distinct (${reports.targetKind}, ${reports.targetId}))::int` }).from(reports).where(open),
  ]);
  const facts = await Promise.all(groups.map((g) => targetFacts(deps.db, g.targetKind, g.targetId)));
  const people = await summariesOf(deps.db, [...groups.flatMap((g) => g.reporterIds), ...facts.flatMap((f) => (f ? [f.userId] : []))]);
  const list: QueueItem[] = groups.map((g, i) => {
    const counts = new Map<number, number>();
    for (const id of g.reasonIds) counts.set(id, (counts.get(id) ?? 0) + 1);
    return {
      targetKind: g.targetKind,
      targetId: g.targetId,
      reportCount: g.reportCount,
      reasons: [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id, count]) => ({ id, title: reasonTitle(id), count })),
      reporters: g.reporterIds.flatMap((id) => people.get(id) ?? []),
      firstReportedAt: new Date(g.first).toISOString(),
      lastReportedAt: new Date(g.last).toISOString(),
      target: targetView(facts[i], people),
    };
  });
  const n = total?.n ?? 0;
  return { list, current_page: page, last_page: Math.max(1, Math.ceil(n / PER_PAGE)), per_page: PER_PAGE, total: n };
}

/** A post's photos, signed for the moderator. */
async function postImages(deps: Deps, feedId: number, sign: MediaUrlSigner) {
  const rows = await deps.db.select({ key: feedImages.uploadKey, url: feedImages.url }).from(feedImages).where(eq(feedImages.feedId, feedId)).orderBy(asc(feedImages.position));
  return rows.map((r) => signedMediaUrl(r.key, r.url, sign));
}

/**
 * `GET /api/moderation/case`: a target with its reports, in context. 404 when it is gone and nobody reported it. The
 * kind asked is read as what the row is (a short asked as a post is a short's case), as reports are filed.
 */
export async function reviewCase(deps: Deps, moderatorId: number, asked: ReportTarget, id: number): Promise<ModerationCase> {
  const facts = await targetFacts(deps.db, asked, id);
  const kind = facts?.kind ?? asked;
  const reportRows = await deps.db
    .select()
    .from(reports)
    .where(and(eq(reports.targetKind, kind), eq(reports.targetId, id)))
    .orderBy(sql`${reports.status} <> 'open'`, desc(reports.createdAt), desc(reports.id));
  if (!facts && reportRows.length === 0) throw notFound('Nothing was reported there.');
  const sign = await mediaUrlSigner(deps);
  const memberId = facts?.userId ?? reportRows[0]?.targetUserId;
  const [parent] = facts?.parentCommentId
    ? await deps.db.select({ userId: comments.userId, body: comments.body }).from(comments).where(eq(comments.id, facts.parentCommentId)).limit(1)
    : [];
  const onComment = TARGET_ROW[kind] === 'comment';
  const subjectFacts = onComment && facts?.link && facts.link.kind !== 'member' ? await targetFacts(deps.db, facts.link.kind, facts.link.id) : undefined;
  const recent =
    memberId === undefined
      ? []
      : await deps.db
          .select({ feedId: feeds.id, title: feeds.title, description: feeds.description, createdAt: feeds.createdAt, removedAt: subjects.removedAt })
          .from(feeds)
          .innerJoin(subjects, eq(subjects.id, feeds.subjectId))
          .where(and(eq(feeds.userId, memberId), isNotNull(feeds.publishedAt)))
          .orderBy(desc(feeds.publishedAt), desc(feeds.id))
          .limit(5);
  const [banner] = kind === 'event' ? await deps.db.select({ key: events.bannerImage }).from(events).where(eq(events.id, id)).limit(1) : [];
  const bannerUpload = banner?.key ? await findUpload(deps, banner.key) : undefined;
  const bannerFile = bannerUpload?.files.display;
  const [member] = memberId === undefined ? [] : await deps.db.select({ suspendedUntil: users.suspendedUntil }).from(users).where(eq(users.id, memberId)).limit(1);
  const historyRows =
    memberId === undefined
      ? []
      : await deps.db.select().from(moderationActions).where(eq(moderationActions.targetUserId, memberId)).orderBy(desc(moderationActions.createdAt), desc(moderationActions.id)).limit(10);
  const people = await summariesOf(deps.db, [...reportRows.map((r) => r.reporterId), ...(memberId === undefined ? [] : [memberId]), ...(parent ? [parent.userId] : [])]);
  const now = deps.clock.now();
  return {
    targetKind: kind,
    targetId: id,
    target: targetView(facts, people),
    text: facts?.text ?? null,
    images: kind === 'post' && facts ? await postImages(deps, id, sign) : bannerUpload && bannerFile ? [sign(bannerUpload.key, bannerFile, mediaUrl(bannerUpload.key, bannerFile))] : [],
    // Read through the posts' one view, as any viewer of it would: signed unless it is every member's.
    video: kind === 'short' && facts ? ((await feedView(deps, moderatorId, id)).videos[0] ?? null) : null,
    createdAt: facts?.createdAt.toISOString() ?? null,
    context:
      onComment
        ? { subjectExcerpt: subjectFacts?.excerpt ?? null, parent: parent ? { member: people.get(parent.userId) ?? null, body: parent.body } : null }
        : null,
    recentPosts: await Promise.all(
      recent.map(async (p) => ({
        feedId: p.feedId,
        text: excerptOf([p.title, p.description].filter(Boolean).join(' — ')) ?? '',
        images: await postImages(deps, p.feedId, sign),
        createdAt: p.createdAt.toISOString(),
        removed: p.removedAt !== null,
      })),
    ),
    memberStatus:
      member && memberId !== undefined
        ? { suspendedUntil: member.suspendedUntil && member.suspendedUntil > now ? member.suspendedUntil.toISOString() : null, warnings: await warningCount(deps.db, memberId) }
        : null,
    reports: reportRows.map((r) => ({
      reportId: r.id,
      reporter: people.get(r.reporterId) ?? null,
      reasonId: r.reasonId,
      reason: reasonTitle(r.reasonId),
      comment: r.comment,
      images: signedImages(r.images, sign),
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
    history: await auditEntries(deps.db, historyRows, true),
  };
}
