import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users';
import { hashPassword } from '../lib/passwords';
import { createTestApp, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedAccounts } from './accounts';
import { demoSignInHint } from './sign-in-hint';

// Issue 19 item 16: the demo sign-in was printed on the first start only; every start prints it while it holds.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('demoSignInHint', () => {
  it('prints the demo sign-in at every start while the demo world is here, and it signs in', { timeout: 60_000 }, async () => {
    expect(await demoSignInHint(t.app.deps)).toBeUndefined();
    await t.db.transaction((tx) => seedAccounts(tx));

    const line = await demoSignInHint(t.app.deps);
    expect(line).toBe('Demo world: sign in as maya@demo.switchback.app with password Switchback1! (the moderator: morgan@demo.switchback.app)');
    const [, email, password] = /sign in as (\S+) with password (\S+) \(/.exec(line!)!;
    expect((await t.signIn(email!, password!)).statusCode).toBe(200);
    // A second start says the same.
    expect(await demoSignInHint(t.app.deps)).toBe(line);

    // A production demo's random passwords were shown once: never the published one.
    const production = await demoSignInHint({ ...t.app.deps, config: { ...t.config, env: 'production' } });
    expect(production).toBe("Demo world: its members' passwords were printed when it was made.");

    // Once the member changed it here, the published password is not offered as if it worked.
    await t.db.update(users).set({ passwordHash: await hashPassword('Another-trail9?') }).where(eq(users.email, email!));
    expect(await demoSignInHint(t.app.deps)).toBe(`Demo world: maya@demo.switchback.app no longer signs in with ${DEMO_PASSWORD} (its password was changed here).`);
  });
});
