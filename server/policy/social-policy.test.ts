import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users';
import { createTestApp, type TestApp } from '../test/test-app';
import { mayViewProfileContent, relationship } from './social-policy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const follow = (token: string, userId: number) =>
  t.app.inject({ method: 'POST', url: '/api/follow', headers: t.bearer(token), payload: { userId } });

describe('mayViewProfileContent (check 12)', () => {
  const viewers = ['stranger', 'pending requester', 'follower', 'self'] as const;
  const expected: Record<'public' | 'private', Record<(typeof viewers)[number], boolean>> = {
    public: { stranger: true, 'pending requester': true, follower: true, self: true },
    private: { stranger: false, 'pending requester': false, follower: true, self: true },
  };
  // Each owner starts private so a request can be pending; a "public" owner then turns public, keeping that request.

  for (const kind of ['public', 'private'] as const) {
    for (const viewer of viewers) {
      it(`${viewer} x ${kind} profile: ${expected[kind][viewer] ? 'sees' : 'does not see'} the content`, async () => {
        const owner = await t.signUp();
        await t.app.inject({ method: 'POST', url: '/api/profileSetting', headers: t.bearer(owner.token), payload: { isPrivate: true } });
        const other = await t.signUp();
        if (viewer === 'pending requester' || viewer === 'follower') expect((await follow(other.token, owner.userId)).statusCode).toBe(200);
        if (viewer === 'follower') {
          const res = await t.app.inject({ method: 'POST', url: '/api/follow/accept', headers: t.bearer(owner.token), payload: { userId: other.userId } });
          expect(res.statusCode).toBe(200);
        }
        if (kind === 'public') await t.db.update(users).set({ isPrivate: false }).where(eq(users.id, owner.userId));
        const viewerId = viewer === 'self' ? owner.userId : other.userId;
        expect(await mayViewProfileContent(t.db, viewerId, { id: owner.userId, isPrivate: kind === 'private' })).toBe(expected[kind][viewer]);
        const rel = await relationship(t.db, viewerId, owner.userId);
        expect(rel).toMatchObject({ isFollowing: viewer === 'follower', isRequested: viewer === 'pending requester', isBlocked: false, isMuted: false });
      });
    }
  }
});
