import { and, count, eq, gte, inArray } from 'drizzle-orm';
import { reasonTitle, reportMessages, REPORTS_PER_DAY, TARGET_ROW, type MyReport, type ReportBody, type ReportTarget } from '#contract/reports';
import type { Deps } from '../../deps';
import { tellOwnersOfReport } from '../associates/associate-notices';
import type { Db } from '../../db/client';
import { keysetPage, type PageAsked } from '../../db/keyset';
import { reports } from '../../db/schema/reports';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { days } from '../../lib/clock';
import { loadViewableActivity } from '../../policy/activity-access';
import { loadViewableEvent } from '../../policy/event-access';
import { loadViewableFeed } from '../../policy/feed-access';
import { guardianFor } from '../../policy/guardian';
import { attachUpload, detachUploads } from '../media/attach';
import { uploadKeyFromUrl } from '../media/upload-files';
import { mediaUrlSigner, type MediaUrlSigner } from '../media/url-signing';
import { signedMediaUrl } from '../feeds/feed-views';
import { summariesOf, targetFacts, targetView, type TargetFacts } from './report-targets';

/**
 * Reports (issue 20): a member reports a member, a post, a short, an event, an activity or a comment, lists their
 * own reports with their outcome, and withdraws one while it is open. What a member reported leaves their lists at
 * once (the policy's `notReportedBy`); moderators review them (server/modules/moderation/review-queue.ts).
 */

const PER_PAGE = 20;
const NOT_FOUND: Record<ReportTarget, string> = {
  member: 'That member does not exist.',
  post: 'That post does not exist.',
  event: 'That event does not exist.',
  comment: 'That comment does not exist.',
  activity: 'That activity does not exist.',
  short: 'That short does not exist.',
  short_comment: 'That comment does not exist.',
};

/**
 * Whether the viewer may report the target: what they may see, or what they would see but for their own block
 * (reporting stays possible after blocking, Mastodon #23249). A target whose member blocked the viewer, a draft of
 * someone else's, or one already removed answers the same 404 as one that does not exist.
 */
async function reportableTarget(db: Db, viewerId: number, kind: ReportTarget, id: number): Promise<TargetFacts> {
  const missing = notFound(NOT_FOUND[kind]);
  const facts = await targetFacts(db, kind, id);
  if (!facts || facts.removed) throw missing;
  if (facts.userId === viewerId) throw badRequest(reportMessages.self);
  const guardian = guardianFor(db, viewerId);
  if (await guardian.isBlockedBy(facts.userId)) throw missing;
  if (await guardian.isBlockedWith(facts.userId)) {
    // Their own block: the target is hidden from them, and still reportable if it is published.
    if (facts.isDraft) throw missing;
    return facts;
  }
  try {
    // What it is, or for a comment what it is on (its link), must be theirs to see.
    const seen = facts.link?.kind === 'member' ? null : facts.link;
    if (seen?.kind === 'post' || seen?.kind === 'short') await loadViewableFeed(db, viewerId, seen.id);
    if (seen?.kind === 'event') await loadViewableEvent(db, viewerId, seen.id);
    if (seen?.kind === 'activity') await loadViewableActivity(db, viewerId, seen.id);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw missing;
    throw error;
  }
  if (TARGET_ROW[kind] === 'comment' && !facts.link) throw missing;
  return facts;
}

/**
 * Sends a report. One open report per reporter and target; at most `REPORTS_PER_DAY` a day (UTC). It is filed under
 * what the target really is: a short reported as a post is a short's report, a comment on a short a short comment's.
 */
export async function sendReport(deps: Deps, viewerId: number, asked: ReportTarget, id: number, body: ReportBody | Omit<ReportBody, 'feedId'>) {
  const filed = await deps.db.transaction(async (tx) => {
    const facts = await reportableTarget(tx, viewerId, asked, id);
    const kind = facts.kind;
    const now = deps.clock.now();
    const dayStart = new Date(Math.floor(now.getTime() / days(1)) * days(1));
    const [today] = await tx
      .select({ n: count() })
      .from(reports)
      .where(and(eq(reports.reporterId, viewerId), gte(reports.createdAt, dayStart)));
    if ((today?.n ?? 0) >= REPORTS_PER_DAY) throw new AppError(429, reportMessages.dailyLimit, undefined, { 'retry-after': String(Math.ceil((dayStart.getTime() + days(1) - now.getTime()) / 1000)) });
    const [open] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.reporterId, viewerId), eq(reports.targetKind, kind), eq(reports.targetId, id), eq(reports.status, 'open')))
      .limit(1);
    if (open) throw conflict(reportMessages.duplicate);
    const images: string[] = [];
    for (const [i, key] of (body.images ?? []).entries()) images.push(await attachUpload(tx, { userId: viewerId, key, field: `images.${i}`, purpose: 'report', now }));
    const comment = body.comment?.trim() || null;
    const [row] = await tx
      .insert(reports)
      .values({ reporterId: viewerId, targetKind: kind, targetId: id, targetUserId: facts.userId, reasonId: body.reasonId, comment, images, createdAt: now })
      .returning({ id: reports.id });
    return { id: row!.id, reportedId: facts.userId };
  });
  await tellOwnersOfReport(deps, viewerId, filed.reportedId);
  const reportId = filed.id;
  const [view] = await reportViews(deps, await deps.db.select().from(reports).where(eq(reports.id, reportId)));
  return { message: asked === 'member' ? reportMessages.memberReported : reportMessages.sent, data: view! };
}

type ReportRow = typeof reports.$inferSelect;

/** Screenshots are the reporter's and the moderators' alone: always signed (media-policy.ts). */
export function signedImages(urls: readonly string[], sign: MediaUrlSigner) {
  return urls.map((url) => signedMediaUrl(uploadKeyFromUrl(url) ?? '', url, sign));
}

/** Reports as their reporter reads them. */
async function reportViews(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, rows: ReportRow[]): Promise<MyReport[]> {
  const facts = await Promise.all(rows.map((r) => targetFacts(deps.db, r.targetKind, r.targetId)));
  const members = await summariesOf(
    deps.db,
    facts.flatMap((f) => (f ? [f.userId] : [])),
  );
  const sign = await mediaUrlSigner(deps);
  return rows.map((r, i) => ({
    reportId: r.id,
    targetKind: r.targetKind,
    targetId: r.targetId,
    reasonId: r.reasonId,
    reason: reasonTitle(r.reasonId),
    comment: r.comment,
    images: signedImages(r.images, sign),
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    target: targetView(facts[i], members),
  }));
}

/** The viewer's reports of `kinds`, newest first. */
export async function listMyReports(deps: Deps, viewerId: number, kinds: readonly ReportTarget[], asked: PageAsked) {
  const at = keysetPage(asked, { createdAt: reports.createdAt, id: reports.id }, PER_PAGE);
  const where = and(eq(reports.reporterId, viewerId), inArray(reports.targetKind, [...kinds]));
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(reports).where(and(where, at.where)).orderBy(...at.orderBy).limit(at.limit).offset(at.offset),
    deps.db.select({ n: count() }).from(reports).where(where),
  ]);
  const page = at.answer(rows, total?.n ?? 0, (r) => ({ createdAt: r.createdAt, id: r.id }));
  return { ...page, list: await reportViews(deps, page.list) };
}

/** Withdraws one of the viewer's open reports of `kinds` (spec: delete a report); its screenshots go with it. */
export async function withdrawReport(deps: Deps, viewerId: number, kinds: readonly ReportTarget[], reportId: number) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: reports.status, images: reports.images })
      .from(reports)
      .where(and(eq(reports.id, reportId), eq(reports.reporterId, viewerId), inArray(reports.targetKind, [...kinds])))
      .limit(1);
    if (!row) throw notFound('That report does not exist.');
    if (row.status !== 'open') throw conflict(reportMessages.notOpen);
    await tx.delete(reports).where(eq(reports.id, reportId));
    await detachUploads(tx, { userId: viewerId, keys: row.images.map((url) => uploadKeyFromUrl(url) ?? '') });
  });
  return { message: reportMessages.withdrawn, data: {} };
}
