import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { body, type TestApp } from '../../test/test-app';
import { liveHelpers, type Member } from './live-test-helpers';

// Check 10 (server/security/object-access.test.ts) for the live routes (issue 26): member B naming member A's session
// (or one of its links) gets the same 404 as for one that does not exist, and A's session is as it was: live, its
// track, people and links untouched.

type Entry = { case: () => Promise<void> } | { exempt: string };

const UNKNOWN_ID = 2_000_000_000;

export function liveObjectAccessCases(t: () => TestApp): Record<string, Entry> {
  const h = liveHelpers(t);
  const { send } = h;

  const onSession = (call: (b: Member, liveId: number, linkId: number) => Promise<LightMyRequestResponse>) => ({
    async case() {
      const [a, b, friend] = [await h.member(), await h.member(), await h.member()];
      // A chooses who watches (B is not among them): a session B may not see.
      const before = await h.start(a, { audience: 'chosen', watcherIds: [friend.userId], contactEmails: ['a.contact@example.com'] });
      await h.positions(a, before.id, h.recent(3));
      const linkId = before.links[0]!.id;
      const res = await call(b, before.id, linkId);
      expect(res.statusCode, res.body).toBe(404);
      expect(body(res)).toEqual(body(await call(b, UNKNOWN_ID, UNKNOWN_ID)));
      const now = (await h.now(a)).own!;
      expect(now).toMatchObject({ id: before.id, status: 'live', watchers: [{ userId: friend.userId }], links: [{ id: linkId, revoked: false }] });
      expect(now.track.flat()).toHaveLength(3);
    },
  });

  return {
    'GET /api/live/:liveId': onSession((b, id) => send('GET', `/api/live/${id}`, b.token)),
    'GET /api/live/:liveId/own': onSession((b, id) => send('GET', `/api/live/${id}/own`, b.token)),
    'POST /api/live/:liveId/positions': onSession((b, id) => send('POST', `/api/live/${id}/positions`, b.token, { points: h.recent(2) })),
    'POST /api/live/:liveId/state': onSession((b, id) => send('POST', `/api/live/${id}/state`, b.token, { status: 'paused' })),
    'POST /api/live/:liveId/ok': onSession((b, id) => send('POST', `/api/live/${id}/ok`, b.token, {})),
    'POST /api/live/:liveId/stop': onSession((b, id) => send('POST', `/api/live/${id}/stop`, b.token, { save: false })),
    'PUT /api/live/:liveId/people': onSession((b, id) => send('PUT', `/api/live/${id}/people`, b.token, { watcherIds: [b.userId], contactIds: [] })),
    'POST /api/live/:liveId/links': onSession((b, id) => send('POST', `/api/live/${id}/links`, b.token, { email: 'b.friend@example.com' })),
    'DELETE /api/live/:liveId/links/:linkId': onSession((b, id, linkId) => send('DELETE', `/api/live/${id}/links/${linkId}`, b.token)),
    'POST /api/live': {
      exempt:
        'watcherIds and contactIds name members to watch (any member may be named, as in an invitation; a blocked one is refused) and eventId an event the sharer goes to, else a field error (live.test.ts): nothing of another member’s is read or changed.',
    },
    'GET /api/live/shared/:token': { exempt: 'a 256-bit token, not an id: it opens only the session it was made for, until revoked or expired (live.test.ts).' },
    'GET /api/live': { exempt: 'eventId only narrows the list of sessions the viewer may watch (live-policy.ts): none of another member’s objects is read by it.' },
  };
}
