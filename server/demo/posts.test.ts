import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedCommentList, feedList } from '#contract/feeds';
import { createTestApp, okData, type TestApp } from '../test/test-app';
import { DEMO_MEMBERS, DEMO_PASSWORD, seedAccounts } from './accounts';
import { weekdayAt, weekdaysNamed } from './local-days';
import { HOME_ZONES, seedDemoPosts } from './posts';
import { seedSocialGraph } from './social-graph';

// The demo world's posts: what the demo member finds on the feed screens.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const members = await t.db.transaction(async (tx) => {
    const seeded = await seedAccounts(tx);
    await seedSocialGraph(tx, seeded, t.clock.now());
    return seeded;
  });
  await seedDemoPosts(t.app.deps, members);
  token = await t.tokenFor(DEMO_MEMBERS[0].email, DEMO_PASSWORD);
});
afterAll(() => t?.close());

const feeds = async (query: string) => okData(await t.app.inject({ method: 'GET', url: `/api/feed?${query}`, headers: t.bearer(token) }), feedList);

describe('the demo posts', () => {
  it('give the demo member two weeks of posts with photos, hashtags, a mention, reactions and a draft', async () => {
    const all = await feeds('filter_type=all');
    expect(all.list.length).toBeGreaterThanOrEqual(12);
    const oldest = new Date(all.list.at(-1)!.publishedAt!).getTime();
    expect(t.clock.now().getTime() - oldest).toBeLessThan(14 * 86_400_000);
    expect(all.list.some((f) => f.images.length > 0 && f.images.every((i) => /^\d+:\d+$/.test(i.dimens)))).toBe(true);
    expect(all.list.some((f) => f.tagUser.some((m) => m.handleName === 'mayatrails'))).toBe(true);
    expect(all.list.some((f) => f.likes.total > 0 && f.likes.mine !== null)).toBe(true);
    // Sam is private and followed by Maya: his posts are in her feed.
    expect(all.list.some((f) => f.author.handleName === 'samgravel')).toBe(true);

    const gravel = await feeds('search=%23gravel');
    expect(gravel.list.length).toBeGreaterThanOrEqual(2);
    const mine = await feeds('filter_type=mine');
    expect(mine.list.filter((f) => f.isDraft)).toHaveLength(1);
  });

  it('are posted on the day their words name, on the author’s own clock', async () => {
    const all = await feeds('filter_type=all');
    const named = all.list.filter((f) => weekdaysNamed(`${f.title} ${f.description}`).length > 0);
    expect(named.map((f) => f.title).sort()).toEqual(['Gravel Sunday', 'Tempo Tuesday', 'Thursday night ride']);
    for (const f of named) {
      const zone = HOME_ZONES[f.author.handleName as keyof typeof HOME_ZONES];
      expect([f.title, weekdayAt(new Date(f.publishedAt!), zone)]).toEqual([f.title, weekdaysNamed(`${f.title} ${f.description}`)[0]]);
      expect(new Date(f.publishedAt!).getTime()).toBeLessThan(t.clock.now().getTime());
    }
  });

  it('hold conversations: comments with replies, counted on their posts', async () => {
    const all = await feeds('filter_type=all');
    const recap = all.list.find((f) => f.title === 'Trail day recap')!;
    expect(recap.commentCount).toBe(3);
    const thread = okData(
      await t.app.inject({ method: 'GET', url: `/api/feed/comment?feedId=${recap.id}`, headers: t.bearer(token) }),
      feedCommentList,
    );
    expect(thread.list.map((c) => [c.author.handleName, c.reply.map((r) => r.author.handleName)])).toEqual([
      ['jonasrides', []],
      ['priyahikes', ['mayatrails']],
    ]);
    expect(thread.list[1]!.hashtags).toEqual(['trailwork']);
    expect(thread.list[1]!.reply[0]!.tagUser.map((m) => m.handleName)).toEqual(['priyahikes']);
  });
});
