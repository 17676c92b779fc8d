import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { body, type TestApp } from '../../test/test-app';
import { eventHelpers, type Member } from './event-test-helpers';

// Check 10 (server/security/object-access.test.ts) for the event routes of this folder: member B acting on member
// A's event gets the same 404 as for an event that does not exist, and A's event is as it was. A's event is
// invite-only, so B may not see it; where B may see an event but not act on it (a public one), the answer is the
// 403 of the policy, also checked.

type Entry = { case: () => Promise<void> } | { exempt: string };

/** An id no row has: the answer B's call is compared with. */
const UNKNOWN_ID = 2_000_000_000;

export function eventObjectAccessCases(t: () => TestApp): Record<string, Entry> {
  const h = eventHelpers(t);

  function expectSameAsUnknown(res: LightMyRequestResponse, unknown: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBe(404);
    expect(body(res)).toEqual(body(unknown));
  }

  /** A's invite-only event with C going and D interested, and B, who may not see it. */
  async function world() {
    const a = await h.member();
    const b = await h.member();
    const c = await h.member();
    const d = await h.member();
    await h.connect(a, c);
    await h.connect(a, d);
    const saved = await h.create(a, { whoCanSee: 'invite', capacity: 5 });
    await h.invite(a, saved.id, [c.userId, d.userId]);
    await h.join(c, saved.id);
    await h.interest(d, saved.id);
    return { a, b, c, d, saved };
  }

  /** A's event as A sees it, unchanged: same name, same people (A, going as its organiser, and C). */
  async function unchanged(a: Member, saved: { id: number; eventName: string }) {
    const now = await h.detail(a, saved.id);
    expect(now).toMatchObject({ eventName: saved.eventName, cancelledAt: null, status: { goingCount: 2, interestedCount: 1, waitlistCount: 0 } });
    return now;
  }

  /** A's invite-only draft with E asked to co-host (not yet answering), and B, who may not see it. */
  async function draftWorld() {
    const a = await h.member();
    const b = await h.member();
    const e = await h.member();
    await h.connect(a, e);
    const draft = await h.create(a, { whoCanSee: 'invite', isDraft: true, CoHost: [e.userId] });
    return { a, b, e, draft };
  }

  /** A's draft as A sees it, unchanged: still a draft, E still asked. */
  async function draftUnchanged(a: Member, e: Member, draft: { id: number }) {
    expect(await h.detail(a, draft.id)).toMatchObject({ isDraft: true, coHosts: [], pendingCoHosts: [{ userId: e.userId }] });
  }

  /** B's call on A's event against the same call on an unknown id: a body builder for each. */
  const byChallengeId = (method: 'POST' | 'DELETE', url: string) => async () => {
    const { a, b, saved } = await world();
    const unknown = await h.send(method, url, b.token, { challengeId: UNKNOWN_ID });
    expectSameAsUnknown(await h.send(method, url, b.token, { challengeId: saved.id }), unknown);
    await unchanged(a, saved);
  };

  return {
    'GET /api/getChallengeDetails': {
      // B reading A's invite-only event.
      async case() {
        const { a, b, saved } = await world();
        const unknown = await h.detailCall(b, UNKNOWN_ID);
        expectSameAsUnknown(await h.detailCall(b, saved.id), unknown);
        await unchanged(a, saved);
      },
    },

    'POST /api/challenge': {
      // B creating "with" A's event id (POST never edits) or with A's route: both refused, A's event as it was.
      async case() {
        const { a, b, saved } = await world();
        const res = await h.createCall(b, { id: saved.id, eventName: 'Mine now' });
        expect(res.statusCode).toBe(400);
        expect(body(res).errors).toHaveProperty('id');
        const route = await h.route(a);
        h.expectFieldError(await h.createCall(b, { routeId: route.routeId }), 'routeId');
        await unchanged(a, saved);
      },
    },

    'PUT /api/challenge': {
      // B editing A's invite-only event (404 like an unknown one), A's public event (403: B may look, not edit), and
      // B's own event given A's route.
      async case() {
        const { a, b, saved } = await world();
        const unknown = await h.editCall(b, UNKNOWN_ID, { eventName: 'Mine now' });
        expectSameAsUnknown(await h.editCall(b, saved.id, { eventName: 'Mine now' }), unknown);
        await unchanged(a, saved);
        const open = await h.create(a);
        expect((await h.editCall(b, open.id, { eventName: 'Mine now' })).statusCode).toBe(403);
        expect((await h.detail(a, open.id)).eventName).toBe(open.eventName);
        const own = await h.create(b);
        const route = await h.route(a);
        h.expectFieldError(await h.editCall(b, own.id, { routeId: route.routeId }), 'routeId');
      },
    },

    'DELETE /api/challenge': { case: byChallengeId('DELETE', '/api/challenge') },
    'POST /api/challenge/cancel': { case: byChallengeId('POST', '/api/challenge/cancel') },
    'POST /api/challenge/interestedChallengetoggle': { case: byChallengeId('POST', '/api/challenge/interestedChallengetoggle') },
    'POST /api/challenge/join': { case: byChallengeId('POST', '/api/challenge/join') },
    'POST /api/challenge/opt-out': {
      // B taking C's place: opt-out only ever removes the caller's own row, and on an event B may not see it is a 404.
      case: byChallengeId('POST', '/api/challenge/opt-out'),
    },

    'POST /api/challenge/member/invite': {
      // B inviting themself and others to A's invite-only event; and a guest (C) inviting more guests.
      async case() {
        const { a, b, c, saved } = await world();
        const e = await h.member();
        const unknown = await h.inviteCall(b, UNKNOWN_ID, [b.userId, e.userId]);
        expectSameAsUnknown(await h.inviteCall(b, saved.id, [b.userId, e.userId]), unknown);
        expect((await h.inviteCall(c, saved.id, [e.userId])).statusCode).toBe(403);
        h.expectNotFound(await h.detailCall(b, saved.id));
        h.expectNotFound(await h.detailCall(e, saved.id));
        await unchanged(a, saved);
      },
    },

    'POST /api/challenge/publish': {
      // B publishing A's draft; and E, asked to co-host but not yet a co-host, who may look at it but not publish it.
      async case() {
        const { a, b, e, draft } = await draftWorld();
        const unknown = await h.publishCall(b, UNKNOWN_ID);
        expectSameAsUnknown(await h.publishCall(b, draft.id), unknown);
        expect((await h.publishCall(e, draft.id)).statusCode).toBe(403);
        await draftUnchanged(a, e, draft);
      },
    },

    'POST /api/challenge/cohost/accept': {
      // B accepting on A's draft, where E is the one asked: 404 like an unknown event, and E's invitation stays E's.
      async case() {
        const { a, b, e, draft } = await draftWorld();
        const unknown = await h.acceptCohostCall(b, UNKNOWN_ID);
        expectSameAsUnknown(await h.acceptCohostCall(b, draft.id), unknown);
        await draftUnchanged(a, e, draft);
        expect(await h.ids(b, 'type=mine')).not.toContain(draft.id);
      },
    },

    'POST /api/challenge/cohost/decline': {
      // B declining on A's draft: 404 like an unknown event; E's invitation is not B's to end.
      async case() {
        const { a, b, e, draft } = await draftWorld();
        const unknown = await h.declineCohostCall(b, UNKNOWN_ID);
        expectSameAsUnknown(await h.declineCohostCall(b, draft.id), unknown);
        await draftUnchanged(a, e, draft);
        expect((await h.cohostInvites(e)).list.map((x) => x.id)).toEqual([draft.id]);
      },
    },

    'GET /api/challenge/people': {
      // B reading who goes to A's invite-only event.
      async case() {
        const { a, b, c, saved } = await world();
        const unknown = await h.peopleCall(b, UNKNOWN_ID, 'going');
        for (const list of ['going', 'interested', 'waitlist'] as const) expectSameAsUnknown(await h.peopleCall(b, saved.id, list), unknown);
        expect((await h.people(a, saved.id, 'going')).list.map((m) => m.userId)).toEqual([a.userId, c.userId]);
      },
    },

    'GET /api/challenge/:challengeId/calendar.ics': {
      // B downloading A's invite-only event as a calendar file.
      async case() {
        const { a, b, saved } = await world();
        const unknown = await h.calendarCall(b, UNKNOWN_ID);
        const res = await h.calendarCall(b, saved.id);
        expectSameAsUnknown(res, unknown);
        expect(res.body).not.toContain(saved.eventName);
        expect((await h.calendarCall(a, saved.id)).statusCode).toBe(200);
        await unchanged(a, saved);
      },
    },
  };
}
