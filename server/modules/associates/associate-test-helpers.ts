import { associate, associateListData, associatePermissionsData, type PermissionId } from '#contract/associates';
import { authSession } from '#contract/auth';
import { helpers, type Member } from '../notifications/test-helpers';
import { PASSWORD, okData, uniqueEmail, type TestApp } from '../../test/test-app';

// Shared by the associates tests: an owner adds an associate as the form does, the invitation's code sets their
// password, and the owner's reads.

export type { Member };

/** A date of birth `years` old on the test clock's day (born on the 1st of this month). */
export function bornYearsAgo(t: TestApp, years: number) {
  const d = t.clock.now();
  return `${d.getUTCFullYear() - years}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

export function associateHelpers(t: () => TestApp) {
  const base = helpers(t);
  const { send } = base;

  const addCall = (owner: Member, input: Record<string, unknown> = {}) =>
    send('POST', '/api/associate/add', owner.token, { email: uniqueEmail('kid'), firstName: 'Sam', lastName: 'Rider', dob: bornYearsAgo(t(), 12), ...input });

  /** Adds an associate (12 unless `dob` says otherwise) and sets their password from the invitation: both sides' ids. */
  async function add(owner: Member, input: Record<string, unknown> = {}) {
    const saved = okData(await addCall(owner, input), associate);
    const res = await t().app.inject({ method: 'POST', url: '/api/associate/accept', payload: { email: saved.email, otp: await t().codeFor(saved.email), password: PASSWORD, deviceType: 1 } });
    const session = okData(res, authSession);
    return { ...saved, token: session.token.access_token, userId: saved.associateId, password: PASSWORD };
  }

  const list = async (owner: Member) => okData(await send('GET', '/api/associate', owner.token), associateListData);
  const permissions = async (owner: Member, associateId: number) => okData(await send('GET', `/api/associate/permissions?associateId=${associateId}`, owner.token), associatePermissionsData);
  const setCall = (owner: Member, associateId: number, changes: Partial<Record<PermissionId, 0 | 1>>) =>
    send('POST', '/api/associate/permissions', owner.token, { associateId, permission: Object.entries(changes).map(([id, status]) => ({ id, status })) });
  const set = async (owner: Member, associateId: number, changes: Partial<Record<PermissionId, 0 | 1>>) => okData(await setCall(owner, associateId, changes), associatePermissionsData);
  const statusCall = (owner: Member, associateId: number, status: 0 | 1) => send('POST', '/api/associate/status', owner.token, { associateId, status });

  return { ...base, addCall, add, list, permissions, setCall, set, statusCall };
}
