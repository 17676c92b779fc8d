import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedList } from '#contract/feeds';
import { timelineEntries, timelines } from '../../db/schema/timelines';
import { days } from '../../lib/clock';
import { okData, createTestApp, type TestApp } from '../../test/test-app';
import { feedHelpers, type Member } from './feed-test-helpers';
import { TIMELINE_IDLE_DAYS, TIMELINE_SIZE } from './timelines';

// The following feed read from per-member timelines (P14): whatever path makes a post visible there puts it there,
// whatever takes it away takes it out, and paging runs on past the timeline's span into the posts before it without
// a post missed or seen twice.

let t: TestApp;
const h = feedHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const following = (who: Member, query = '') => h.ids(who, `filter_type=following${query ? `&${query}` : ''}`);

async function entriesOf(who: Member) {
  const [row] = await t.db
    .select({ n: count() })
    .from(timelineEntries)
    .where(and(eq(timelineEntries.memberId, who.userId), eq(timelineEntries.kind, 'post')));
  return row!.n;
}

async function timelineOf(who: Member) {
  const [row] = await t.db.select().from(timelines).where(and(eq(timelines.memberId, who.userId), eq(timelines.kind, 'post')));
  return row;
}

/**
 * `n` published posts of `author`, one a second up to the clock's now, written in one statement (a timeline's worth
 * through the API would take minutes): their ids, newest first.
 */
async function bulkPosts(author: Member, n: number): Promise<number[]> {
  const now = t.clock.now().getTime();
  const result = (await t.db.execute(sql`with s as (
      insert into subjects (kind, owner_id) select 'post', ${author.userId}::integer from generate_series(1, ${n}::integer) returning id
    ), numbered as (select id, row_number() over (order by id) as i from s)
    insert into feeds (subject_id, user_id, kind, title, is_draft, created_at, updated_at, published_at)
    select id, ${author.userId}::integer, 'post', 'bulk ' || i, false, t, t, t
    from (select id, i, to_timestamp((${now}::bigint - (${n}::integer - i) * 1000) / 1000.0) as t from numbered) x
    returning id, published_at`)) as unknown as { rows: { id: number; published_at: string | Date }[] };
  return result.rows.sort((a, b) => new Date(b.published_at).getTime() - new Date(a.published_at).getTime() || b.id - a.id).map((r) => r.id);
}

/** Every id of the viewer's following feed, page after page (of 50) by cursor; fails on a post seen twice. */
async function scrollAll(who: Member) {
  const seen: number[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `filter_type=following&per_page=50${cursor ? `&cursor=${cursor}` : ''}`;
    const page = okData(await h.listCall(who, query), feedList);
    seen.push(...page.list.map((f) => f.id));
    cursor = page.next_cursor ?? null;
  } while (cursor);
  expect(new Set(seen).size).toBe(seen.length);
  return seen;
}

describe('following, from the member’s timeline', () => {
  it('is made on first read, then fed by every post published since, the viewer’s own included', async () => {
    const [viewer, ana, other] = [await h.member(), await h.member(), await h.member()];
    await h.followAccepted(viewer, ana);
    const before = await h.create(ana, { title: 'before the timeline' });
    expect(await following(viewer)).toEqual([before.id]);
    expect(await timelineOf(viewer)).toMatchObject({ coversFrom: null });
    expect(await entriesOf(viewer)).toBe(1);

    t.clock.advance(1000);
    const after = await h.create(ana, { title: 'after' });
    const own = await h.create(viewer, { title: 'mine' });
    await h.create(other, { title: 'not followed' });
    const draft = await h.create(ana, { title: 'draft', isDraft: true });
    expect(await following(viewer)).toEqual([own.id, after.id, before.id]);
    // Publishing a draft later puts it in then, at its publish time.
    t.clock.advance(1000);
    await h.edit(ana, { id: draft.id, title: 'draft, out now', isDraft: false });
    expect(await following(viewer)).toEqual([draft.id, own.id, after.id, before.id]);
    expect(await entriesOf(viewer)).toBe(4);
  });

  it('takes a new followee’s posts in on follow, and a private one’s only once the request is accepted', async () => {
    const [viewer, open, closed] = [await h.member(), await h.member(), await h.member({ private: true })];
    const openPost = await h.create(open, { title: 'open' });
    const closedPost = await h.create(closed, { title: 'closed' });
    expect(await following(viewer)).toEqual([]);

    await h.toggle('POST', '/api/follow', viewer, open.userId);
    expect(await following(viewer)).toEqual([openPost.id]);
    const asked = await h.toggle('POST', '/api/follow', viewer, closed.userId);
    expect(asked.isRequested).toBe(true);
    expect(await following(viewer)).toEqual([openPost.id]);
    await h.toggle('POST', '/api/follow/accept', closed, viewer.userId);
    expect(await following(viewer)).toEqual([closedPost.id, openPost.id]);
  });

  it('drops an author on unfollow, on remove-follower and on a block either way; hides a muted one while muted', async () => {
    const [viewer, a, b, c, d] = [await h.member(), await h.member(), await h.member(), await h.member(), await h.member()];
    for (const m of [a, b, c, d]) await h.followAccepted(viewer, m);
    const [pa, pb, pc, pd] = [await h.create(a), await h.create(b), await h.create(c), await h.create(d)];
    expect(await following(viewer)).toEqual([pd.id, pc.id, pb.id, pa.id]);

    await h.toggle('POST', '/api/unFollow', viewer, a.userId);
    await h.toggle('POST', '/api/follower/remove', b, viewer.userId);
    await h.toggle('POST', '/api/block', c, viewer.userId);
    expect(await following(viewer)).toEqual([pd.id]);
    expect(await entriesOf(viewer)).toBe(1);

    await h.toggle('POST', '/api/following/notification', viewer, d.userId);
    expect(await following(viewer)).toEqual([]);
    await h.toggle('POST', '/api/following/notification', viewer, d.userId);
    expect(await following(viewer)).toEqual([pd.id]);
  });

  it('reaches further back as the member scrolls past its span, none missed or twice; page 1 counts up to the cap', async () => {
    const [viewer, busy, quiet] = [await h.member(), await h.member(), await h.member()];
    await h.followAccepted(viewer, busy);
    await h.followAccepted(viewer, quiet);
    const older = await bulkPosts(busy, TIMELINE_SIZE + 130);
    t.clock.advance(1000);
    const first = await following(viewer);
    const timeline = await timelineOf(viewer);
    expect(timeline?.coversFrom).not.toBeNull();
    expect(await entriesOf(viewer)).toBe(TIMELINE_SIZE - 1);
    expect(first).toEqual(older.slice(0, 20));
    expect(await scrollAll(viewer)).toEqual(older);
    expect(await timelineOf(viewer)).toMatchObject({ coversFrom: null });
    expect(await entriesOf(viewer)).toBe(older.length);
    // Page 1's total: capped, as for every list of posts.
    expect((await h.list(viewer, 'filter_type=following')).total).toBe(200);
  });

  it('trims past twice its size on the next day’s first read, and is made anew after going idle', async () => {
    const [viewer, early, late] = [await h.member(), await h.member(), await h.member()];
    await h.followAccepted(viewer, early);
    const earlyPosts = await bulkPosts(early, 40);
    t.clock.advance(1000);
    expect(await following(viewer)).toEqual(earlyPosts.slice(0, 20));
    expect(await timelineOf(viewer)).toMatchObject({ coversFrom: null });

    // A followee with a long history, followed now: all of it enters a timeline that goes back to the start.
    t.clock.advance(days(1) + 2 * TIMELINE_SIZE * 1000);
    const latePosts = await bulkPosts(late, 2 * TIMELINE_SIZE);
    await h.followAccepted(viewer, late);
    expect(await entriesOf(viewer)).toBe(40 + 2 * TIMELINE_SIZE);
    // The day's first read trims back to the newest TIMELINE_SIZE.
    expect(await following(viewer)).toEqual(latePosts.slice(0, 20));
    expect(await entriesOf(viewer)).toBe(TIMELINE_SIZE);
    expect((await timelineOf(viewer))?.coversFrom).not.toBeNull();
    expect(await scrollAll(viewer)).toEqual([...latePosts, ...earlyPosts]);

    expect(await entriesOf(viewer)).toBe(40 + 2 * TIMELINE_SIZE);

    // Idle: no longer fed; on return it is made anew, with what came meanwhile.
    t.clock.advance(days(TIMELINE_IDLE_DAYS + 1));
    const meanwhile = await h.create(early, { title: 'while you were away' });
    expect(await entriesOf(viewer)).toBe(40 + 2 * TIMELINE_SIZE);
    expect((await following(viewer))[0]).toBe(meanwhile.id);
    expect(await entriesOf(viewer)).toBe(TIMELINE_SIZE - 1);
  });

  it('keeps shorts in a timeline of their own', async () => {
    const [viewer, ana] = [await h.member(), await h.member()];
    await h.followAccepted(viewer, ana);
    const post = await h.create(ana, { title: 'a post' });
    expect(await following(viewer)).toEqual([post.id]);
    const shorts = okData(await h.send('GET', '/api/video-feed?filter_type=following', viewer.token), feedList);
    expect(shorts.list).toEqual([]);
    const kinds = await t.db.select({ kind: timelines.kind }).from(timelines).where(eq(timelines.memberId, viewer.userId));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['post', 'short']);
  });
});
