import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedList } from '#contract/feeds';
import { myReportList } from '#contract/reports';
import { createTestApp, okData, type TestApp } from '../test/test-app';
import { DEMO_MEMBERS, DEMO_PASSWORD, seedAccounts } from './accounts';
import { seedDemoShorts } from './shorts';
import { seedSocialGraph } from './social-graph';

// The demo world's shorts: real videos, processed as a member's upload is, that the demo member finds in the player.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const members = await t.db.transaction(async (tx) => {
    const seeded = await seedAccounts(tx);
    await seedSocialGraph(tx, seeded, t.clock.now());
    return seeded;
  });
  await seedDemoShorts(t.app.deps, members, { warn: () => {} });
  // Their videos' jobs, as the server runs them after start: each short comes out as its video is ready.
  await t.app.deps.jobs.drain();
}, 180_000);
afterAll(() => t?.close());

const shortsAs = async (email: string, query = '') =>
  okData(await t.app.inject({ method: 'GET', url: `/api/video-feed?${query}`, headers: t.bearer(await t.tokenFor(email, DEMO_PASSWORD)) }), feedList);

describe('the demo shorts', () => {
  it('give the demo member ready, playable shorts with posters, reactions, a comment and a followers-only one they follow', async () => {
    const maya = await shortsAs(DEMO_MEMBERS[0].email);
    expect(maya.list.map((s) => s.title)).toEqual(['Farm roads at dusk', 'River crossing', 'Hairpins from above', 'Summit wind', 'Rock garden, second try']);
    expect(maya.list[0]!.visibility).toBe('followers');
    for (const short of maya.list) {
      expect(short).toMatchObject({ kind: 'short', isDraft: false });
      expect(short.videos[0]).toMatchObject({ status: 'ready', width: 288, height: 512 });
      expect(short.videos[0]!.thumbnail).toMatch(/poster\.webp/);
      const video = await t.app.inject({ method: 'GET', url: short.videos[0]!.videoUrl, headers: { range: 'bytes=0-1023' } });
      expect(video.statusCode).toBe(206);
    }
    expect(maya.list.find((s) => s.title === 'Rock garden, second try')).toMatchObject({ commentCount: 1, likes: { total: 2 } });
    expect(maya.list.find((s) => s.title === 'Hairpins from above')!.tagUser.map((m) => m.handleName)).toEqual(['mayatrails']);
    expect((await shortsAs(DEMO_MEMBERS[0].email, 'search=%23hiking')).list.map((s) => s.title)).toEqual(['Summit wind']);
    // Jonas does not follow Sam: his followers-only short is not there for him.
    expect((await shortsAs(DEMO_MEMBERS[1].email)).list.map((s) => s.title)).not.toContain('Farm roads at dusk');
  });

  it('hold one short Lena reported, waiting in the moderators’ queue and gone from her player', async () => {
    const lena = DEMO_MEMBERS.find((m) => m.handleName === 'lenaruns')!;
    const token = await t.tokenFor(lena.email, DEMO_PASSWORD);
    const mine = okData(await t.app.inject({ method: 'GET', url: '/api/short-video-report', headers: t.bearer(token) }), myReportList);
    expect(mine.list).toEqual([
      expect.objectContaining({ targetKind: 'short', status: 'open', reason: 'Dangerous trail behaviour', target: expect.objectContaining({ excerpt: expect.stringMatching(/^Hairpins from above/) }) }),
    ]);
    expect((await shortsAs(lena.email)).list.map((s) => s.title)).not.toContain('Hairpins from above');
  });
});
