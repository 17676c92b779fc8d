import { expect } from 'vitest';
import type { LiveMessage } from '#contract/realtime';
import { relationship } from '#contract/social';
import { okData, type TestApp } from '../../test/test-app';

// Shared by this folder's tests: members with names, the calls they make, and what the live bus carried.

export type Member = Awaited<ReturnType<TestApp['signUp']>>;

export function helpers(t: () => TestApp) {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t().app.inject({ method, url, headers: t().bearer(token), ...(payload ? { payload } : {}) });

  /** A member with a name of our choosing (sentences name the actor), public unless asked. */
  async function member(opts: { firstName?: string; lastName?: string; private?: boolean } = {}) {
    const m = await t().signUp();
    if (opts.firstName || opts.lastName) {
      const res = await send('PUT', '/api/update_profile', m.token, {
        handleName: m.handleName,
        firstName: opts.firstName ?? 'Alex',
        lastName: opts.lastName ?? 'Rider',
        gender: 'female',
        dob: '1990-05-17',
        sports: [],
        bio: null,
        location: null,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    if (opts.private) expect((await send('POST', '/api/profileSetting', m.token, { isPrivate: true })).statusCode).toBe(200);
    return m;
  }

  /** A follow toggle that must succeed; answers the caller's relationship. */
  const toggle = async (method: 'POST' | 'DELETE', url: string, who: Member, userId: number) =>
    okData(await send(method, url, who.token, { userId }), relationship);

  /** Everything the bus carries to members from now on, by member; `stop()` unsubscribes. */
  function listen() {
    const heard: { userId: number; message: LiveMessage }[] = [];
    const stop = t().app.deps.bus.subscribe((m) => {
      if (m.type === 'deliver') heard.push({ userId: m.userId, message: m.message });
    });
    return { to: (userId: number) => heard.filter((h) => h.userId === userId).map((h) => h.message), stop };
  }

  return { send, member, toggle, listen };
}
