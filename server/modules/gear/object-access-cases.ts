import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { gearComponent, gearList } from '#contract/gear';
import { body, okData, type TestApp } from '../../test/test-app';
import { gearHelpers, type Member } from './gear-test-helpers';

// Check 10 (server/security/object-access.test.ts) for the gear routes (issue 24): member B naming A's piece, which B
// may not see (a draft, or a private member's), gets the same 404 as for a piece that does not exist, and A's piece
// is as it was. Where B may see it (published, A public) but not change it, the answer is still that 404.

type Entry = { case: () => Promise<void> } | { exempt: string };

const UNKNOWN_ID = 2_000_000_000;

export function gearObjectAccessCases(t: () => TestApp): Record<string, Entry> {
  const h = gearHelpers(t);
  const { send } = h;

  function expectSameAsUnknown(res: LightMyRequestResponse, unknown: LightMyRequestResponse) {
    expect(res.statusCode, res.body).toBe(404);
    expect(body(res)).toEqual(body(unknown));
  }

  /** A's piece (a draft, or published for every member) and B. */
  async function world(isDraft: boolean) {
    const [a, b] = [await h.member(), await h.member()];
    const piece = await h.save(a, { title: 'A’s bike', isDraft });
    return { a, b, id: piece.id };
  }

  async function unchanged(a: Member, id: number) {
    expect((await h.detail(a, id)).gear).toMatchObject({ title: 'A’s bike', retiredAt: null });
  }

  const byPiece = (call: (b: Member, id: number) => Promise<LightMyRequestResponse>, isDraft: boolean) => ({
    async case() {
      const { a, b, id } = await world(isDraft);
      expectSameAsUnknown(await call(b, id), await call(b, UNKNOWN_ID));
      await unchanged(a, id);
    },
  });

  /**
   * B naming A's component (on A's published bike, which B may see): the 404 of one that does not exist, A's chain as
   * it was. B fitting a part to A's bike, or moving B's own part onto it: the piece's 404.
   */
  function componentCases(): Record<string, Entry> {
    const FITTED = '2026-05-01T00:00:00.000Z';
    const byComponent = (call: (b: Member, id: number, ownGearId: number) => Promise<LightMyRequestResponse>) => ({
      async case() {
        const { a, b, id } = await world(false);
        const chain = okData(await send('POST', '/api/equipment/component', a.token, { gearId: id, kind: 'chain', name: 'A’s chain', installedAt: FITTED, serviceIntervalKm: 500 }), gearComponent);
        const own = await h.save(b, { title: 'B’s bike' });
        expectSameAsUnknown(await call(b, chain.id, own.id), await call(b, UNKNOWN_ID, own.id));
        expect((await h.detail(a, id)).components.map((c) => [c.id, c.name, c.gearId, c.services.length])).toEqual([[chain.id, 'A’s chain', id, 0]]);
      },
    });
    return {
      'POST /api/equipment/component': {
        async case() {
          const { a, b, id } = await world(false);
          const own = await h.save(b, { title: 'B’s bike' });
          const fitTo = (gearId: number) => send('POST', '/api/equipment/component', b.token, { gearId, kind: 'chain', name: 'Gift', installedAt: FITTED });
          expectSameAsUnknown(await fitTo(id), await fitTo(UNKNOWN_ID));
          expect((await h.detail(a, id)).components).toEqual([]);
          const mine = okData(await fitTo(own.id), gearComponent);
          const edit = (componentId: number) => send('POST', '/api/equipment/component', b.token, { id: componentId, gearId: own.id, kind: 'chain', name: 'Renamed', installedAt: FITTED });
          expect(okData(await edit(mine.id), gearComponent).name).toBe('Renamed');
          const chain = okData(await send('POST', '/api/equipment/component', a.token, { gearId: id, kind: 'chain', name: 'A’s chain', installedAt: FITTED }), gearComponent);
          expectSameAsUnknown(await edit(chain.id), await edit(UNKNOWN_ID));
          await unchanged(a, id);
        },
      },
      'POST /api/equipment/component/move': {
        async case() {
          const { a, b, id } = await world(false);
          const own = await h.save(b, { title: 'B’s bike' });
          const spare = await h.save(b, { title: 'B’s spare' });
          const mine = okData(await send('POST', '/api/equipment/component', b.token, { gearId: own.id, kind: 'chain', name: 'B’s chain', installedAt: FITTED }), gearComponent);
          const moveTo = (gearId: number) => send('POST', '/api/equipment/component/move', b.token, { id: mine.id, gearId, movedAt: '2026-05-10T00:00:00.000Z' });
          expectSameAsUnknown(await moveTo(id), await moveTo(UNKNOWN_ID));
          expect((await h.detail(a, id)).components).toEqual([]);
          expect(okData(await moveTo(spare.id), gearComponent).gearId).toBe(spare.id);
          const chain = okData(await send('POST', '/api/equipment/component', a.token, { gearId: id, kind: 'chain', name: 'A’s chain', installedAt: FITTED }), gearComponent);
          const steal = (componentId: number) => send('POST', '/api/equipment/component/move', b.token, { id: componentId, gearId: own.id, movedAt: '2026-05-10T00:00:00.000Z' });
          expectSameAsUnknown(await steal(chain.id), await steal(UNKNOWN_ID));
          expect((await h.detail(a, id)).components.map((c) => c.id)).toEqual([chain.id]);
        },
      },
      'POST /api/equipment/component/service': byComponent((b, id) => send('POST', '/api/equipment/component/service', b.token, { id, servicedAt: FITTED, what: 'Stolen' })),
      'DELETE /api/equipment/component': byComponent((b, id) => send('DELETE', '/api/equipment/component', b.token, { id })),
    };
  }

  return {
    'GET /api/equipment/:gearId': byPiece((b, id) => h.detailCall(b, id), true),
    // Changing a piece B may see is still the owner's alone.
    'POST /api/userSaveEquipment': byPiece((b, id) => h.saveCall(b, { id, title: 'Mine now' }), false),
    'POST /api/equipment/retire': byPiece((b, id) => send('POST', '/api/equipment/retire', b.token, { id, retired: true }), false),
    // Posting about a piece is the owner's alone, even of one B may see.
    'POST /api/shareEquipment': byPiece((b, id) => send('POST', '/api/shareEquipment', b.token, { id, text: 'Look at mine' }), false),
    'DELETE /api/deleteEquipment': byPiece((b, id) => send('DELETE', '/api/deleteEquipment', b.token, { id }), false),
    'POST /api/activity/gear': {
      // B naming A's activity (to put B's gear on it), and B's own activity with A's piece: both refused, nothing moves.
      async case() {
        const { a, b, id } = await world(false);
        const theirRide = await h.manualRide(a);
        const mine = await h.save(b, { title: 'B’s bike' });
        const myRide = await h.manualRide(b, { sportId: 34 });
        const call = (activityId: number, gearIds: number[]) => send('POST', '/api/activity/gear', b.token, { activityId, gearIds });
        expectSameAsUnknown(await call(theirRide.id, [mine.id]), await call(UNKNOWN_ID, [mine.id]));
        const foreign = await call(myRide.id, [id]);
        expect(foreign.statusCode).toBe(400);
        expect(body(foreign)).toEqual(body(await call(myRide.id, [UNKNOWN_ID])));
        expect((await h.detail(a, id)).gear.totals.activities).toBe(0);
        expect((await h.detail(b, mine.id)).gear.totals.activities).toBe(0);
      },
    },
    ...componentCases(),
    'GET /api/getUserProfileSportEquipment': {
      // B listing a private A's gear by id or handle: nothing of it; a member who does not exist: 404.
      async case() {
        const a = await h.member({ private: true });
        const b = await h.member();
        await h.save(a, { title: 'A’s bike' });
        expect(okData(await send('GET', `/api/getUserProfileSportEquipment?userId=${a.userId}&sportId=53`, b.token), gearList)).toMatchObject({ list: [], total: 0 });
        expect(okData(await send('GET', `/api/getUserProfileSportEquipment?handleName=${a.handleName}`, b.token), gearList).total).toBe(0);
        expect((await send('GET', `/api/getUserProfileSportEquipment?userId=${UNKNOWN_ID}`, b.token)).statusCode).toBe(404);
        expect(okData(await send('GET', '/api/getUserProfileSportEquipment', a.token), gearList).list.map((g) => g.title)).toEqual(['A’s bike']);
      },
    },
    'GET /api/sportEquipmentOptions': {
      exempt: 'sportId picks a sport from the fixed catalogue (contract/sports.ts); the answer is the same form for every member.',
    },
  };
}
