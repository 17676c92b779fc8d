import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhoCanSee } from '#contract/events';
import type { Route } from '#contract/map-routes';
import { users } from '../db/schema/users';
import { eventHelpers, type Member } from '../modules/events/event-test-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { guardianFor } from './guardian';
import { mayViewRoute } from './route-policy';

// Who sees a route (route-policy.ts): its owner, and whoever may see an event that uses it, so a route follows every
// rule of its events (event-policy.ts): drafts, `whoCanSee`, invitations, the owner's privacy, a pending request
// granting nothing. A route no event uses is its owner's alone. The Guardian's answer, the policy's and
// `GET /api/route/:routeId` agree; the preview image is served without a signature exactly when every member may see
// the route (media-policy.ts).

let t: TestApp;
const h = eventHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const VIEWERS = ['owner', 'follower', 'pending', 'stranger', 'invited'] as const;
type Viewer = (typeof VIEWERS)[number];

/** How the route is used: by no event, or by one event of its owner's (who may be private), published or drafted. */
type Row = { event: { whoCanSee: WhoCanSee; draft?: boolean } | null; privateOwner: boolean };

const ROWS: Record<string, Row> = {
  'no event': { event: null, privateOwner: false },
  'no event, private owner': { event: null, privateOwner: true },
  'public event, public owner': { event: { whoCanSee: 'public' }, privateOwner: false },
  'public event, private owner': { event: { whoCanSee: 'public' }, privateOwner: true },
  'followers event, public owner': { event: { whoCanSee: 'followers' }, privateOwner: false },
  'followers event, private owner': { event: { whoCanSee: 'followers' }, privateOwner: true },
  'invite-only event': { event: { whoCanSee: 'invite' }, privateOwner: false },
  'draft event': { event: { whoCanSee: 'public', draft: true }, privateOwner: false },
};

/**
 * Viewer x visibility. `follower`: accepted follower of the owner; `pending`: their follow request is pending (made
 * while the owner was private, kept when a public owner turned public); `invited`: invited to the event once it is
 * published (the owner follows them, as an invitation needs; they do not follow the owner).
 */
const EXPECTED: Record<string, Record<Viewer, boolean>> = {
  'no event': { owner: true, follower: false, pending: false, stranger: false, invited: false },
  'no event, private owner': { owner: true, follower: false, pending: false, stranger: false, invited: false },
  'public event, public owner': { owner: true, follower: true, pending: true, stranger: true, invited: true },
  'public event, private owner': { owner: true, follower: true, pending: false, stranger: false, invited: true },
  'followers event, public owner': { owner: true, follower: true, pending: false, stranger: false, invited: true },
  'followers event, private owner': { owner: true, follower: true, pending: false, stranger: false, invited: true },
  'invite-only event': { owner: true, follower: false, pending: false, stranger: false, invited: true },
  'draft event': { owner: true, follower: false, pending: false, stranger: false, invited: false },
};

/** Whether the preview is served to anyone holding its URL, unsigned: no event uses the route, or a public one does. */
const PREVIEW_UNSIGNED: Record<string, boolean> = {
  'no event': true,
  'no event, private owner': true,
  'public event, public owner': true,
  'public event, private owner': false,
  'followers event, public owner': false,
  'followers event, private owner': false,
  'invite-only event': false,
  'draft event': false,
};

async function world(row: Row) {
  // Every owner starts private so a request can be pending; a public owner then turns public, keeping that request.
  const owner = await h.member({ private: true });
  const [follower, pending, stranger, invited] = [await h.member(), await h.member(), await h.member(), await h.member()];
  await h.followAccepted(follower, owner);
  expect((await h.toggle('POST', '/api/follow', pending, owner.userId)).isRequested).toBe(true);
  if (!row.privateOwner) await t.db.update(users).set({ isPrivate: false }).where(eq(users.id, owner.userId));
  const route = await h.route(owner);
  if (row.event) {
    await h.followAccepted(owner, invited);
    const saved = await h.create(owner, { whoCanSee: row.event.whoCanSee, isDraft: row.event.draft ?? false, routeId: route.routeId });
    if (!row.event.draft) await h.invite(owner, saved.id, [invited.userId]);
  }
  const viewers: Record<Viewer, Member> = { owner, follower, pending, stranger, invited };
  return { route, viewers };
}

describe.each(Object.keys(ROWS))('a route: %s', (name) => {
  let route: Route;
  let viewers: Record<Viewer, Member>;
  beforeAll(async () => {
    ({ route, viewers } = await world(ROWS[name]!));
  });

  it.each(VIEWERS)('as seen by the %s: the Guardian, the policy and GET /api/route agree', async (viewer) => {
    const who = viewers[viewer];
    const may = EXPECTED[name]![viewer];
    const subject = { id: route.routeId, userId: viewers.owner.userId };
    expect(await guardianFor(t.db, who.userId).canSeeRoute(subject)).toBe(may);
    expect(await mayViewRoute(t.db, who.userId, subject)).toBe(may);
    const res = await h.send('GET', `/api/route/${route.routeId}`, who.token);
    expect(res.statusCode, res.body).toBe(may ? 200 : 404);
  });

  it(`its preview is ${PREVIEW_UNSIGNED[name] ? '' : 'not '}served without a signature or a token`, async () => {
    expect(route.staticImage).toMatch(/^\/media\//);
    const res = await t.app.inject({ method: 'GET', url: route.staticImage! });
    expect(res.statusCode).toBe(PREVIEW_UNSIGNED[name] ? 200 : 404);
    // Nobody signed in may see a route, whatever its events.
    expect(await guardianFor(t.db, null).canSeeRoute({ id: route.routeId, userId: viewers.owner.userId })).toBe(false);
  });
});
