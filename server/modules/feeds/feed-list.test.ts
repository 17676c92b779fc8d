import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../test/test-app';
import { feedHelpers, type Member } from './feed-test-helpers';
import { feedPageQuery, listFeeds } from './feed-list';

let t: TestApp;
const h = feedHelpers(() => t);
let viewer: Member;
let followed: Member;
let other: Member;
beforeAll(async () => {
  t = await createTestApp();
  viewer = await h.member();
  followed = await h.member();
  other = await h.member();
  await h.followAccepted(viewer, followed);
});
afterAll(() => t?.close());

const setClock = (at: Date) => t.clock.advance(at.getTime() - t.clock.now().getTime());

describe('GET /api/feed filters and search', () => {
  it('following: the people the viewer follows and their own; mine: their own with drafts', async () => {
    const a = await h.create(followed, { title: 'followed' });
    const b = await h.create(other, { title: 'other' });
    const c = await h.create(viewer, { title: 'own' });
    const d = await h.create(viewer, { title: 'own draft', isDraft: true });
    const following = await h.ids(viewer, 'filter_type=following');
    expect(following).toEqual(expect.arrayContaining([a.id, c.id]));
    expect(following).not.toContain(b.id);
    expect(following).not.toContain(d.id);
    expect(await h.ids(viewer, 'filter_type=mine')).toEqual([d.id, c.id]);
    expect(await h.ids(viewer)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
  });

  it('finds text regardless of case and accents, and a #tag through its hashtag', async () => {
    const word = `Crème${Date.now()}`;
    const p = await h.create(other, { title: `Café ${word} ride`, description: 'Up the #Col' });
    await h.create(other, { title: 'A cafe mention without the word' });
    expect(await h.ids(viewer, `search=${encodeURIComponent(word.toUpperCase().replace('È', 'E'))}`)).toEqual([p.id]);
    expect(await h.ids(viewer, `search=${encodeURIComponent('CAFÉ ' + word)}`)).toEqual([p.id]);
    const tagged = await h.ids(viewer, `search=${encodeURIComponent('#col')}`);
    expect(tagged).toContain(p.id);
    expect(await h.ids(viewer, `search=${encodeURIComponent('#COL')}`)).toEqual(tagged);
    // A LIKE wildcard typed by the member matches itself only.
    expect(await h.ids(viewer, 'search=%25%25%25')).toEqual([]);
  });

  it('keeps whole UTC days between startDate and endDate, both included', async () => {
    const author = await h.member();
    const day = 86_400_000;
    const dayTwo = Math.ceil(t.clock.now().getTime() / day) * day + day;
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const [one, two, three] = [iso(dayTwo - day), iso(dayTwo), iso(dayTwo + day)];
    setClock(new Date(dayTwo - 1000));
    const first = await h.create(author, { title: 'day one, last second' });
    setClock(new Date(dayTwo));
    const second = await h.create(author, { title: 'day two, first millisecond' });
    setClock(new Date(dayTwo + day + day / 2));
    const third = await h.create(author, { title: 'day three' });
    const q = (range: string) => h.ids(viewer, `userId=${author.userId}&${range}`);
    expect(await q(`startDate=${one}&endDate=${one}`)).toEqual([first.id]);
    expect(await q(`startDate=${two}`)).toEqual([third.id, second.id]);
    expect(await q(`endDate=${two}`)).toEqual([second.id, first.id]);
    const bad = await h.listCall(viewer, `startDate=${three}&endDate=${one}`);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errors).toHaveProperty('endDate');
    expect((await h.listCall(viewer, 'startDate=03/01/2031')).statusCode).toBe(400);
  });

  it('answers 404 for an unknown member and refuses unknown query fields', async () => {
    expect((await h.listCall(viewer, 'userId=2000000000')).statusCode).toBe(404);
    expect((await h.listCall(viewer, 'isAdmin=1')).statusCode).toBe(400);
  });
});

describe('paging', () => {
  it('pages by keyset: posts added meanwhile never duplicate or skip one', async () => {
    const author = await h.member();
    const made: number[] = [];
    for (let i = 0; i < 7; i++) {
      t.clock.advance(1000);
      made.push((await h.create(author, { title: `p${i}` })).id);
    }
    const seen: number[] = [];
    let page = await h.list(viewer, `userId=${author.userId}&per_page=3`);
    seen.push(...page.list.map((f) => f.id));
    expect(page).toMatchObject({ current_page: 1, per_page: 3, total: 7, last_page: 3 });
    while (page.next_cursor) {
      // Someone posts at the top while the viewer scrolls.
      t.clock.advance(1000);
      await h.create(author, { title: 'new on top' });
      page = await h.list(viewer, `userId=${author.userId}&per_page=3&page=${page.current_page + 1}&cursor=${page.next_cursor}`);
      seen.push(...page.list.map((f) => f.id));
    }
    expect(seen).toEqual([...made].reverse());
  });

  it('defaults to 20 a page and refuses more than 50', async () => {
    expect((await h.list(viewer)).per_page).toBe(20);
    expect((await h.listCall(viewer, 'per_page=51')).statusCode).toBe(400);
  });

  it('builds the list and its count once per shape, every value a parameter', () => {
    const first = feedPageQuery(t.db, { viewerId: viewer.userId, kind: 'post', filter: 'all', perPage: 20 });
    const other = feedPageQuery(t.db, { viewerId: viewer.userId + 1, kind: 'post', filter: 'all', perPage: 20 });
    expect(other.list).toBe(first.list);
    expect(other.values.viewerId).toBe(viewer.userId + 1);
    const { sql, params } = first.list.getQuery();
    expect(sql).toMatch(/order by "feeds"."published_at" desc, "feeds"."id" desc limit \$\d+\)+ p join "users" a .* order by p.published_at desc, p.id desc$/s);
    expect(params.filter((p) => typeof p !== 'object').map(String)).toEqual([String(21)]);
    expect(first.count.getQuery().sql).toMatch(/limit/);
    expect(feedPageQuery(t.db, { viewerId: viewer.userId, kind: 'post', filter: 'following', perPage: 20 }).list).not.toBe(first.list);
  });

  it('sends the same few statements whatever the page size (no query per post)', async () => {
    const author = await h.member();
    for (let i = 0; i < 5; i++) {
      const pic = await h.photo(author);
      await h.create(author, { title: `n${i}`, images: [pic.key] });
    }
    // Every statement the list sends, counted on the database client (a pg Pool or PGlite: both have query()).
    const client = (t.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const statements = async (perPage: number) => {
      // The job runner polls on the same client every second: paused, so only the list's statements are counted.
      await t.app.deps.jobs.stop();
      const query = client.query;
      let sent = 0;
      client.query = function (this: unknown, ...args: unknown[]) {
        sent++;
        return query.apply(this, args);
      };
      try {
        const page = await listFeeds({ db: t.db, storage: t.app.deps.storage, clock: t.clock }, viewer.userId, { userId: author.userId, per_page: perPage });
        expect(page.list).toHaveLength(perPage);
        expect(page.list.every((f) => f.images.length === 1 && f.author.userId === author.userId)).toBe(true);
      } finally {
        client.query = query;
        t.app.deps.jobs.start();
      }
      return sent;
    };
    const four = await statements(4);
    expect(four).toBe(await statements(1));
    // The author, whether a block stands between them and the viewer, the page (its posts with their photos, mentions
    // and reactions) and its count.
    expect(four).toBe(4);
    // A first page that holds the whole list knows its total without counting.
    expect(await statements(5)).toBe(3);
    const whole = await listFeeds({ db: t.db, storage: t.app.deps.storage, clock: t.clock }, viewer.userId, { userId: author.userId, per_page: 5 });
    expect(whole).toMatchObject({ total: 5, last_page: 1, next_cursor: null });
  });
});
