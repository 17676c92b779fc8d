import { and, desc, eq, gte, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FeedKind } from '#contract/feeds';
import type { Db } from '../../db/client';
import { feeds } from '../../db/schema/feeds';
import { timelineEntries, timelines } from '../../db/schema/timelines';
import { days, minutes, type Clock } from '../../lib/clock';
import { followeesOf, followersOf } from '../../policy/social-policy';

/**
 * Per-member following feeds (P14, the schema's comment says what a timeline holds). Mastodon's design, kept in the
 * database rather than Redis so a timeline commits with the post or follow that changes it (one transaction, no second
 * store to lose on a crash):
 *
 * - made lazily, when the member first opens that feed, from the newest `TIMELINE_SIZE` posts of the members they
 *   follow (the one expensive read, once);
 * - fed on every publish (fan-out on write: one INSERT … SELECT over the author's followers who have a timeline) and
 *   on every follow that becomes accepted (the new followee's posts within the timeline's span);
 * - thinned on unfollow, remove-follower and block (entries of that author; the read checks the edge anyway);
 * - trimmed once a day of use back to `TIMELINE_SIZE`, moving `covers_from` up; pages past it are read from the posts;
 * - no longer fed once unused for `TIMELINE_IDLE_DAYS` (most members' posts would otherwise be copied to members who
 *   left), and made anew when they return.
 */

/** Entries a timeline keeps after a trim: 40 pages, as far as most members ever scroll (Mastodon keeps 800). */
export const TIMELINE_SIZE = 800;
/** A timeline is trimmed once it holds twice its size. */
const TRIM_AT = 2 * TIMELINE_SIZE;
/** Unused this long, a timeline is no longer fed, and is made anew when its member comes back. */
export const TIMELINE_IDLE_DAYS = 14;
/** Posts published this close to a timeline's making are read again after it (see `build`). */
const CATCH_UP_MS = minutes(1);

type Deps = { db: Db; clock: Clock };

const one = (memberId: number, kind: FeedKind) => and(eq(timelines.memberId, memberId), eq(timelines.kind, kind));
const entriesOf = (memberId: number, kind: FeedKind) => and(eq(timelineEntries.memberId, memberId), eq(timelineEntries.kind, kind));
const fedSince = (now: Date) => new Date(now.getTime() - days(TIMELINE_IDLE_DAYS));

/**
 * The member's timeline of `kind`, ready to read: made or made anew when there is none or it went idle, trimmed on the
 * first read of a day. Answers `covers_from` (null: the entries go back to the first post).
 */
export async function openTimeline({ db, clock }: Deps, memberId: number, kind: FeedKind): Promise<Date | null> {
  const now = clock.now();
  const [row] = await db.select({ coversFrom: timelines.coversFrom, usedAt: timelines.usedAt }).from(timelines).where(one(memberId, kind)).limit(1);
  if (!row || row.usedAt < fedSince(now)) return build(db, now, memberId, kind);
  if (row.usedAt.getTime() > now.getTime() - days(1)) return row.coversFrom;
  return trim(db, now, memberId, kind, row.coversFrom);
}

/**
 * The newest `TIMELINE_SIZE` posts of the member and those they follow, of `kind`: published at or after `since`, or
 * before `before` (all when neither).
 */
function followedPosts(memberId: number, kind: FeedKind, { since, before }: { since?: Date; before?: Date } = {}) {
  const span = since ? gte(feeds.publishedAt, since) : before ? lt(feeds.publishedAt, before) : sql`true`;
  return sql`select ${memberId}::integer, ${feeds.kind}, ${feeds.publishedAt}, ${feeds.id}, ${feeds.userId} from ${feeds}
    where ${feeds.kind} = ${kind} and ${isNotNull(feeds.publishedAt)} and ${span}
      and (${feeds.userId} = ${memberId} or ${feeds.userId} in (${followeesOf(memberId)}))
    order by ${feeds.publishedAt} desc, ${feeds.id} desc limit ${TIMELINE_SIZE}`;
}

const insertEntries = (picked: ReturnType<typeof sql>) =>
  sql`insert into ${timelineEntries} (member_id, kind, published_at, feed_id, author_id) ${picked} on conflict do nothing`;

/**
 * Makes the timeline: its row first, committed and covering only from now, so every post published from then on is
 * fanned out to it while the entries are read in (a read meanwhile takes the older pages from the posts, correctly);
 * then the newest `TIMELINE_SIZE` posts, and `covers_from` moved back to the oldest of them. A post whose transaction
 * was between its fan-out and its commit when the row appeared is in neither: the posts of the last minute are read
 * once more.
 */
async function build(db: Db, now: Date, memberId: number, kind: FeedKind): Promise<Date | null> {
  await db.transaction(async (tx) => {
    await tx
      .insert(timelines)
      .values({ memberId, kind, coversFrom: now, usedAt: now })
      .onConflictDoUpdate({ target: [timelines.memberId, timelines.kind], set: { coversFrom: now, usedAt: now } });
    await tx.delete(timelineEntries).where(entriesOf(memberId, kind));
  });
  const coversFrom = await readIn(db, memberId, kind, {});
  await db.execute(insertEntries(followedPosts(memberId, kind, { since: new Date(now.getTime() - CATCH_UP_MS) })));
  await db.update(timelines).set({ coversFrom }).where(one(memberId, kind));
  return coversFrom;
}

/**
 * Reads the newest `TIMELINE_SIZE` followed posts (before `before`) into the entries, and answers where they now
 * cover from: null when fewer came (everything there is), else the oldest read, one millisecond later, since posts of
 * that very millisecond may have been cut by the limit; those entries go.
 */
async function readIn(db: Db, memberId: number, kind: FeedKind, span: { before?: Date }): Promise<Date | null> {
  const result = (await db.execute(sql`with picked as (${followedPosts(memberId, kind, span)}), added as (${insertEntries(sql`select * from picked`)})
    select count(*)::integer as n, min(published_at) as oldest from picked`)) as unknown as { rows: { n: number; oldest: string | Date | null }[] };
  const { n, oldest } = result.rows[0] ?? { n: 0, oldest: null };
  const coversFrom = n < TIMELINE_SIZE || oldest === null ? null : new Date(new Date(oldest).getTime() + 1);
  if (coversFrom) await db.delete(timelineEntries).where(and(entriesOf(memberId, kind), lt(timelineEntries.publishedAt, coversFrom)));
  return coversFrom;
}

/**
 * The member scrolled to the end of their timeline's span: it reaches `TIMELINE_SIZE` posts further back, so the
 * pages after this one cost what page 1 does (P5), until the day's trim. Answers the new `covers_from`; when another
 * request moved it meanwhile, that one's.
 */
export async function extendTimeline({ db }: Deps, memberId: number, kind: FeedKind, coversFrom: Date): Promise<Date | null> {
  const further = await readIn(db, memberId, kind, { before: coversFrom });
  const [moved] = await db
    .update(timelines)
    .set({ coversFrom: further })
    .where(and(one(memberId, kind), eq(timelines.coversFrom, coversFrom)))
    .returning({ coversFrom: timelines.coversFrom });
  if (moved) return moved.coversFrom;
  const [now] = await db.select({ coversFrom: timelines.coversFrom }).from(timelines).where(one(memberId, kind));
  return now ? now.coversFrom : coversFrom;
}

/**
 * The day's first read: past `TRIM_AT` entries, the newest `TIMELINE_SIZE` stay and `covers_from` moves up to the
 * oldest kept (every post of that millisecond is there, since the entries covered it before).
 */
async function trim(db: Db, now: Date, memberId: number, kind: FeedKind, coversFrom: Date | null): Promise<Date | null> {
  const nth = (n: number) =>
    db
      .select({ publishedAt: timelineEntries.publishedAt })
      .from(timelineEntries)
      .where(entriesOf(memberId, kind))
      .orderBy(desc(timelineEntries.publishedAt), desc(timelineEntries.feedId))
      .offset(n - 1)
      .limit(1);
  let covers = coversFrom;
  if ((await nth(TRIM_AT)).length > 0) {
    const [kept] = await nth(TIMELINE_SIZE);
    covers = kept!.publishedAt;
    await db.delete(timelineEntries).where(and(entriesOf(memberId, kind), lt(timelineEntries.publishedAt, covers)));
  }
  await db.update(timelines).set({ coversFrom: covers, usedAt: now }).where(one(memberId, kind));
  return covers;
}

/** A post has just been published: into the timelines of its author and their followers, those still fed. */
export async function addToTimelines(tx: Db, now: Date, post: { id: number; kind: FeedKind; userId: number; publishedAt: Date }) {
  await tx.execute(
    insertEntries(sql`select t.member_id, t.kind, ${post.publishedAt.toISOString()}::timestamptz, ${post.id}::integer, ${post.userId}::integer from ${timelines} t
      where t.kind = ${post.kind} and t.used_at >= ${fedSince(now).toISOString()}::timestamptz and (t.member_id = ${post.userId} or t.member_id in (${followersOf(post.userId)}))`),
  );
}

/** `followerId` now follows `followeeId` (accepted): the followee's posts within each of the follower's timelines. */
export async function followStarted(tx: Db, now: Date, followerId: number, followeeId: number) {
  await tx.execute(
    insertEntries(sql`select t.member_id, f.kind, f.published_at, f.id, f.user_id from ${timelines} t
      join ${feeds} f on f.user_id = ${followeeId} and f.kind = t.kind and f.published_at is not null and (t.covers_from is null or f.published_at >= t.covers_from)
      where t.member_id = ${followerId} and t.used_at >= ${fedSince(now).toISOString()}::timestamptz`),
  );
}

/**
 * `followerId` no longer follows `followeeId`, or the two blocked each other (`either`: both ways): the entries go.
 * Only tidiness: the read asks for the follow edge on every entry.
 */
export async function followEnded(tx: Db, followerId: number, followeeId: number, either = false) {
  const of = (member: number, author: number) => and(eq(timelineEntries.memberId, member), eq(timelineEntries.authorId, author));
  await tx.delete(timelineEntries).where(either ? or(of(followerId, followeeId), of(followeeId, followerId)) : of(followerId, followeeId));
}
