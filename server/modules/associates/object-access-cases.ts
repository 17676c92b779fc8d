import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { associate } from '#contract/associates';
import { body, okData, type TestApp } from '../../test/test-app';
import { associateHelpers, type Member } from './associate-test-helpers';

// Check 10 (server/security/object-access.test.ts) for the associate routes (issue 25): owner B naming owner A's
// associate gets the same 404 as for an associate that does not exist, and A's associate is as it was (active, the
// same name and permissions). The associate naming themself is another owner for these routes: the same 404.

type Entry = { case: () => Promise<void> } | { exempt: string };

const UNKNOWN_ID = 2_000_000_000;

export function associateObjectAccessCases(t: () => TestApp): Record<string, Entry> {
  const h = associateHelpers(t);
  const { send } = h;

  const byAssociate = (call: (b: Member, id: number) => Promise<LightMyRequestResponse>) => ({
    async case() {
      const [a, b] = [await h.member(), await h.member()];
      const before = okData(await h.addCall(a, { firstName: 'Mia' }), associate);
      for (const caller of [b]) {
        const res = await call(caller, before.associateId);
        expect(res.statusCode, res.body).toBe(404);
        expect(body(res)).toEqual(body(await call(caller, UNKNOWN_ID)));
      }
      const [now] = (await h.list(a)).associateList;
      expect(now).toMatchObject({ associateId: before.associateId, firstName: 'Mia', status: 1, permission: before.permission });
    },
  });

  return {
    'POST /api/associate/add': byAssociate((b, id) => send('POST', '/api/associate/add', b.token, { associateId: id, firstName: 'Mine', lastName: 'Now', dob: '2014-01-01' })),
    'GET /api/associate/profile': byAssociate((b, id) => send('GET', `/api/associate/profile?associateId=${id}`, b.token)),
    'POST /api/associate/status': byAssociate((b, id) => send('POST', '/api/associate/status', b.token, { associateId: id, status: 0 })),
    'POST /api/associate/remove': byAssociate((b, id) => send('POST', '/api/associate/remove', b.token, { associateId: id, mode: 'delete' })),
    'GET /api/associate/permissions': byAssociate((b, id) => send('GET', `/api/associate/permissions?associateId=${id}`, b.token)),
    'POST /api/associate/permissions': byAssociate((b, id) => send('POST', '/api/associate/permissions', b.token, { associateId: id, permission: [{ id: 'post', status: 0 }] })),
    'POST /api/associate/invitation': byAssociate((b, id) => send('POST', '/api/associate/invitation', b.token, { associateId: id })),
  };
}
