import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSummaryData } from '#contract/profile';
import { createTestApp, okData, type TestApp } from '../../test/test-app';
import { feedHelpers, type Member } from '../feeds/feed-test-helpers';

// Issue 17 item 2: "Feeds" on your own profile counts your published posts; drafts do not count. Anyone else sees a
// member's posts counted by their posts list, under the same visibility rule as the posts themselves (check 12).

let t: TestApp;
const h = feedHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const summary = async (who: Member) => okData(await h.send('GET', '/api/user-profile-summary', who.token), profileSummaryData);
const listedTotal = async (who: Member, author: Member) => (await h.list(who, `filter_type=all&handleName=${author.handleName}`)).total;

describe('GET /api/user-profile-summary: feeds', () => {
  it('counts the member’s published posts, not drafts nor anyone else’s, and follows publishing and deleting', async () => {
    const sam = await h.member({ private: true });
    const other = await h.member();
    const first = await h.create(sam, { title: 'Morning loop' });
    await h.create(sam, { title: 'Evening loop' });
    const draft = await h.create(sam, { title: 'Half written', isDraft: true });
    await h.create(other, { title: 'Not Sam’s' });

    expect(await summary(sam)).toMatchObject({ feeds: 2, followers: 0, following: 0 });
    expect((await summary(other)).feeds).toBe(1);

    await h.edit(sam, { id: draft.id, title: 'Half written', isDraft: false });
    expect((await summary(sam)).feeds).toBe(3);
    expect((await h.removeCall(sam, first.id)).statusCode).toBe(200);
    expect((await summary(sam)).feeds).toBe(2);
  });

  it('matches what the posts list counts for whoever may see them, and nothing for whoever may not', async () => {
    const sam = await h.member({ private: true });
    const follower = await h.member();
    const pending = await h.member();
    const stranger = await h.member();
    await h.followAccepted(follower, sam);
    await h.toggle('POST', '/api/follow', pending, sam.userId);
    await h.create(sam, { title: 'One' });
    await h.create(sam, { title: 'Two' });
    await h.create(sam, { title: 'Draft', isDraft: true });

    const own = (await summary(sam)).feeds;
    expect(own).toBe(2);
    expect(await listedTotal(sam, sam)).toBe(own);
    expect(await listedTotal(follower, sam)).toBe(own);
    expect(await listedTotal(pending, sam)).toBe(0);
    expect(await listedTotal(stranger, sam)).toBe(0);
  });
});
