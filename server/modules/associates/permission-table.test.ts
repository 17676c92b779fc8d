import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notPermittedMessage, PERMISSION_IDS, type PermissionId } from '#contract/associates';
import { associates } from '../../db/schema/associates';
import { routeKey } from '../../security/contract-fuzz/operations';
import { body, createTestApp, type TestApp } from '../../test/test-app';
import { eventHelpers } from '../events/event-test-helpers';
import { ENDURO } from '../gear/gear-test-helpers';
import { RESUMABLE_PATH } from '../videos/resumable-upload-routes';
import { associateHelpers, bornYearsAgo, type Member } from './associate-test-helpers';

// Check 21 as one explicit table: every action an associate may be refused x every permission x {granted, not
// granted, revoked}. The actions are the routes that declare a permission (`config.permission`, asked by the one
// permission gate): a route that declares one and is not in ACTIONS below fails the first test, as does an entry here
// naming the wrong permission. A request is refused (403, the permission named) exactly when its own permission is
// not granted or revoked, and never for any other permission's state. Ids that name nothing are fine: the gate
// answers before the handler, and an allowed request then gets the handler's answer (200, or 404 for no such row).

let t: TestApp;
const h = associateHelpers(() => t);
const events = eventHelpers(() => t);
let owner: Member;
let kid: Member & { associateId: number; dob: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await h.member();
  kid = await h.add(owner, { dob: bornYearsAgo(t, 14) });
});
afterAll(() => t?.close());

const NONE = 2_000_000_000;
const FITTED = '2026-05-01T00:00:00.000Z';
const LIKE = 'U+2764';
type Call = () => Promise<LightMyRequestResponse>;
const send = (method: 'POST' | 'PUT', url: string, payload?: object): Call => () => h.send(method, url, kid.token, payload);
const raw = (method: 'POST', url: string): Call => () => t.app.inject({ method, url, headers: t.bearer(kid.token) });

/** Each action: the permission it needs, and a request that makes it. */
const ACTIONS: Record<string, { permission: PermissionId; call: Call }> = {
  'POST /api/feed': { permission: 'post', call: send('POST', '/api/feed', { title: 'Loop', description: '', isDraft: false }) },
  'PUT /api/feed': { permission: 'post', call: send('PUT', '/api/feed', { id: NONE, title: 'Loop', description: '', isDraft: false }) },
  'POST /api/shareEquipment': { permission: 'post', call: send('POST', '/api/shareEquipment', { id: NONE }) },
  'POST /api/video-feed': { permission: 'post_shorts', call: send('POST', '/api/video-feed', { title: 'Hi', description: '', isDraft: false, videos: ['A'.repeat(22)] }) },
  'PUT /api/video-feed': { permission: 'post_shorts', call: send('PUT', '/api/video-feed', { id: NONE, title: 'Hi', description: '', isDraft: false, videos: ['A'.repeat(22)] }) },
  'POST /api/uploadVideo': { permission: 'post_shorts', call: raw('POST', '/api/uploadVideo') },
  'POST /api/video-upload/:key/poster': { permission: 'post_shorts', call: send('POST', `/api/video-upload/${'A'.repeat(22)}/poster`, { image: 'B'.repeat(22) }) },
  [`POST ${RESUMABLE_PATH}`]: { permission: 'post_shorts', call: raw('POST', RESUMABLE_PATH) },
  'POST /api/feed/comment': { permission: 'comment', call: send('POST', '/api/feed/comment', { feedId: NONE, comment: 'Hello?' }) },
  'POST /api/feed/updateFeedComment': { permission: 'comment', call: send('POST', '/api/feed/updateFeedComment', { feedId: NONE, commentId: NONE, comment: 'Edited' }) },
  'POST /api/challenge/comment': { permission: 'comment', call: send('POST', '/api/challenge/comment', { eventId: NONE, comment: 'Hello?' }) },
  'POST /api/challenge/updateChallengeComment': { permission: 'comment', call: send('POST', '/api/challenge/updateChallengeComment', { eventId: NONE, commentId: NONE, comment: 'Edited' }) },
  'POST /api/activity/comment': { permission: 'comment', call: send('POST', '/api/activity/comment', { activityId: NONE, comment: 'Hello?' }) },
  'POST /api/activity/comment/edit': { permission: 'comment', call: send('POST', '/api/activity/comment/edit', { activityId: NONE, commentId: NONE, comment: 'Edited' }) },
  'POST /api/feed/like': { permission: 'react', call: send('POST', '/api/feed/like', { feedId: NONE, likeUniCode: LIKE }) },
  'POST /api/feed/comment/like': { permission: 'react', call: send('POST', '/api/feed/comment/like', { commentId: NONE, isLiked: true }) },
  'POST /api/challenge/comment/challengeCommentLikeStore': { permission: 'react', call: send('POST', '/api/challenge/comment/challengeCommentLikeStore', { commentId: NONE, isLiked: true }) },
  'POST /api/saveProductLike': { permission: 'react', call: send('POST', '/api/saveProductLike', { id: NONE, likeUniCode: LIKE, type: 'challenge' }) },
  'POST /api/activity/like': { permission: 'react', call: send('POST', '/api/activity/like', { activityId: NONE, likeUniCode: LIKE }) },
  'POST /api/activity/comment/like': { permission: 'react', call: send('POST', '/api/activity/comment/like', { commentId: NONE, isLiked: true }) },
  'POST /api/follow': { permission: 'follow', call: send('POST', '/api/follow', { userId: NONE }) },
  'POST /api/follow/accept': { permission: 'accept_followers', call: send('POST', '/api/follow/accept', { userId: NONE }) },
  'POST /api/challenge/join': { permission: 'join_events', call: send('POST', '/api/challenge/join', { challengeId: NONE }) },
  'POST /api/challenge/interestedChallengetoggle': { permission: 'join_events', call: send('POST', '/api/challenge/interestedChallengetoggle', { challengeId: NONE }) },
  'POST /api/challenge': { permission: 'create_events', call: () => h.send('POST', '/api/challenge', kid.token, events.form({ isDraft: true })) },
  'PUT /api/challenge': { permission: 'create_events', call: () => h.send('PUT', '/api/challenge', kid.token, events.form({ id: NONE })) },
  'POST /api/challenge/publish': { permission: 'create_events', call: send('POST', '/api/challenge/publish', { challengeId: NONE }) },
  'POST /api/challenge/member/invite': { permission: 'create_events', call: send('POST', '/api/challenge/member/invite', { challengeId: NONE, userIds: [NONE] }) },
  'POST /api/challenge/cohost/accept': { permission: 'create_events', call: send('POST', '/api/challenge/cohost/accept', { challengeId: NONE }) },
  'POST /api/route': { permission: 'create_events', call: send('POST', '/api/route', { name: 'Loop', sportId: 53, coordinates: [[-122.4194, 37.7749], [-122.4094, 37.7849]] }) },
  'POST /api/activity': {
    permission: 'record_activities',
    call: send('POST', '/api/activity', { sportId: 53, title: 'Loop', startDate: '2026-05-17T07:30:00.000Z', timeZone: 'Europe/Zurich', duration: 1800, distance: 5000, elevationGain: 40 }),
  },
  'PUT /api/activity': { permission: 'record_activities', call: send('PUT', '/api/activity', { id: NONE, title: 'Loop', description: '', sportId: 34, visibility: 'everyone' }) },
  'POST /api/activity/import': { permission: 'record_activities', call: raw('POST', '/api/activity/import') },
  'POST /api/activity/gear': { permission: 'record_activities', call: send('POST', '/api/activity/gear', { activityId: NONE, gearIds: [] }) },
  'POST /api/userSaveEquipment': { permission: 'add_gear', call: send('POST', '/api/userSaveEquipment', { ...ENDURO, isDraft: true }) },
  'POST /api/equipment/component': { permission: 'add_gear', call: send('POST', '/api/equipment/component', { gearId: NONE, kind: 'chain', name: 'Gift', installedAt: FITTED }) },
  'POST /api/equipment/component/move': { permission: 'add_gear', call: send('POST', '/api/equipment/component/move', { id: NONE, gearId: NONE, movedAt: FITTED }) },
  'POST /api/equipment/component/service': { permission: 'add_gear', call: send('POST', '/api/equipment/component/service', { id: NONE, servicedAt: FITTED, what: 'Clean' }) },
  'PUT /api/update_profile': {
    permission: 'edit_profile',
    call: () => h.send('PUT', '/api/update_profile', kid.token, { handleName: kid.handleName, firstName: 'Sam', lastName: 'Rider', bio: null, dob: kid.dob, sports: [], location: null }),
  },
  'POST /api/user-type': { permission: 'edit_profile', call: send('POST', '/api/user-type', { userType: 'member' }) },
  // Privacy is anyone's to tighten; turning the profile public is what needs the grant.
  'POST /api/profileSetting': { permission: 'public_profile', call: send('POST', '/api/profileSetting', { isPrivate: false }) },
  // Issue 26: going live, and each batch of positions (a revoke stops a session going on at its next batch).
  'POST /api/live': { permission: 'share_live', call: send('POST', '/api/live', { sportId: 35, audience: 'contacts' }) },
  'POST /api/live/:liveId/positions': { permission: 'share_live', call: send('POST', `/api/live/${NONE}/positions`, { points: [{ t: Date.now(), lng: 7.45, lat: 46.95 }] }) },
};

/** Every route that declares a permission, as the app registered it. */
const declared = () => Object.fromEntries(t.app.routeTable.filter((r) => r.permission).map((r) => [routeKey(r.method, r.url), r.permission]));

const STATES = ['granted', 'not granted', 'revoked'] as const;
type State = (typeof STATES)[number];

/**
 * Puts the associate's grants in a row's state: `permissions` in `state` and every other one granted. Not granted is
 * as if never granted (no audit line); revoked is granted, then revoked by the owner through the API.
 */
async function put(permissions: readonly PermissionId[], state: State) {
  const withheld = state === 'granted' ? [] : permissions;
  const start = state === 'revoked' ? PERMISSION_IDS : PERMISSION_IDS.filter((id) => !withheld.includes(id));
  await t.db.update(associates).set({ permissions: start }).where(eq(associates.userId, kid.associateId));
  if (state === 'revoked') expect((await h.setCall(owner, kid.associateId, Object.fromEntries(permissions.map((p) => [p, 0])))).statusCode).toBe(200);
}

/** What the table says of one cell: refused exactly when the action's own permission is not granted or revoked. */
const refusedIn = (action: PermissionId, permission: PermissionId, state: State) => permission === action && state !== 'granted';

function expectCell(res: LightMyRequestResponse, action: PermissionId, permission: PermissionId, state: State) {
  const label = `${permission} ${state}: ${res.body}`;
  if (refusedIn(action, permission, state)) {
    expect(res.statusCode, label).toBe(403);
    expect(body(res).message).toBe(notPermittedMessage(permission));
  } else {
    expect(res.statusCode, label).not.toBe(403);
  }
}

describe('check 21: every action x every permission x {granted, not granted, revoked}', () => {
  it('the table names every route that declares a permission, with the permission it declares', () => {
    const routes = declared();
    expect(Object.keys(routes).sort()).toEqual(Object.keys(ACTIONS).sort());
    for (const [key, need] of Object.entries(routes)) {
      if (typeof need === 'string') expect(need, key).toBe(ACTIONS[key]!.permission);
    }
  });

  // Per action, its own permission in each state (three requests), and every other permission together in each state
  // but granted (two requests: a cell of another permission is one of them, since each answer is checked for every
  // permission it holds in that state).
  describe.each(Object.entries(ACTIONS))('%s', (_key, action) => {
    it.each(STATES)(`with its own permission %s`, async (state) => {
      await put([action.permission], state);
      expectCell(await action.call(), action.permission, action.permission, state);
    });

    it.each(['not granted', 'revoked'] as const)('with every other permission %s', async (state) => {
      const others = PERMISSION_IDS.filter((p) => p !== action.permission);
      await put(others, state);
      const res = await action.call();
      for (const permission of others) expectCell(res, action.permission, permission, state);
    });
  });
});
