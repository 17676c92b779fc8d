import { http, HttpResponse } from 'msw';
import {
  PERMISSION_IDS,
  associate,
  associateAuditEntry,
  associatePermissionsData,
  type Associate,
  type AssociateAuditEntry,
  type PermissionId,
} from '#contract/associates';
import { ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';

/**
 * Wire fixtures parsed with the contract's own schemas, so a contract change (or a fixture the server could never
 * send) breaks the tests relying on it. The owner is the test session's member, Maya Torres (userId 7).
 */

const OWNER = { userId: 7, handleName: 'mayatrails', firstName: 'Maya', lastName: 'Torres' };

/**
 * `minutes` ago and half a minute more, as the wire writes a time: a page that read the clock a moment before the
 * fixture was made still says `minutes`.
 */
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000 - 30_000).toISOString();

/** Every permission granted except `withheld`. */
export const permissionsExcept = (...withheld: PermissionId[]) =>
  PERMISSION_IDS.map((id) => ({ id, status: withheld.includes(id) ? (0 as const) : (1 as const) }));

/**
 * Ana Rivera, associate 41: 12 (born 2 May 2014), active, invitation accepted, last active 3 minutes ago, every
 * permission but the four withheld under 16.
 */
export function associateFixture(over: Partial<Associate> = {}): Associate {
  return associate.parse({
    associateId: 41,
    email: 'ana.rivera@example.com',
    handleName: 'anarivera',
    firstName: 'Ana',
    lastName: 'Rivera',
    dob: '2014-05-02',
    age: 12,
    gender: 'female',
    status: 1,
    profileImage: null,
    invitationPending: false,
    lastActiveAt: minutesAgo(3),
    mayBecomeIndependent: false,
    permission: permissionsExcept('member_search', 'mentions', 'create_events', 'public_profile'),
    ...over,
  });
}

/** `GET /api/associate`'s answer for `list`, of at most `max`. */
export const associateList = (list: Associate[], max = 5) => ok({ associateList: list, associateCount: list.length, maxAssociates: max });

/** One audit line by Maya, `minutes` ago. */
export function auditFixture(over: Partial<AssociateAuditEntry> & { minutes?: number } = {}): AssociateAuditEntry {
  const { minutes = 60, ...rest } = over;
  return associateAuditEntry.parse({ id: 1, change: 'created', permission: null, by: OWNER, at: minutesAgo(minutes), ...rest });
}

/** `GET /api/associate/permissions` for Ana, with her permissions and `audit`. */
export function permissionsFixture(over: Partial<ReturnType<typeof associatePermissionsData.parse>> = {}) {
  const ana = associateFixture();
  return associatePermissionsData.parse({
    associateId: ana.associateId,
    firstName: ana.firstName,
    lastName: ana.lastName,
    status: ana.status,
    permission: ana.permission,
    audit: [],
    ...over,
  });
}

/** Serves `GET /api/associate` with whatever `answer` gives at the time of asking, and counts the requests. */
export function serveAssociateList(answer: () => Response) {
  const asked = { count: 0 };
  server.use(
    http.get('/api/associate', () => {
      asked.count += 1;
      return answer();
    }),
  );
  return asked;
}

/** Serves `POST /api/validate-email`: `taken` addresses have an account; keeps each address asked about, in order. */
export function serveEmailCheck(...taken: string[]) {
  const asked: string[] = [];
  server.use(
    http.post('/api/validate-email', async ({ request }) => {
      const { email } = (await request.json()) as { email: string };
      asked.push(email);
      return HttpResponse.json(ok({ available: !taken.includes(email) }));
    }),
  );
  return asked;
}
