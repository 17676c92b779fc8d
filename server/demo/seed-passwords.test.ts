import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authSession } from '#contract/auth';
import { createTestApp, okData, type TestApp } from '../test/test-app';
import { DEMO_MEMBERS, DEMO_PASSWORD, demoPasswords } from './accounts';
import { seedDemoWorld } from './seed';

// Issue 17 item 14: the published demo password exists only in development; a production demo gets random ones,
// printed once.

describe('demoPasswords', () => {
  it('gives every member the published password in development', () => {
    expect(demoPasswords('development')).toEqual(DEMO_MEMBERS.map(() => DEMO_PASSWORD));
  });

  it('gives every member a different random password in production, never the published one', () => {
    const first = demoPasswords('production');
    const second = demoPasswords('production');
    expect(new Set([...first, ...second]).size).toBe(DEMO_MEMBERS.length * 2);
    for (const password of first) {
      expect(password).not.toBe(DEMO_PASSWORD);
      // Long and random, and within spec §5's rules (so the member can keep it).
      expect(password).toMatch(/^(?=.*\d)(?=.*[!@#$%&*]).{20,128}$/);
    }
  });
});

describe('seedDemoWorld in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  // The accounts alone: each area's part is its own test's (server/demo/*.test.ts), and the whole world is what the
  // e2e server starts on. Seeding it all here cost 30 s a database for nothing the passwords depend on.
  it('prints each member’s random password once, and only those passwords sign in', async () => {
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void printed.push(String(line)));
    try {
      expect(await seedDemoWorld({ ...t.app.deps, config: { ...t.config, env: 'production' } }, t.app.log, [])).toBe(true);
    } finally {
      log.mockRestore();
    }
    const output = printed.join('\n');
    expect(output).not.toContain(DEMO_PASSWORD);
    for (const member of DEMO_MEMBERS) {
      const password = new RegExp(`${member.email.replace(/\./g, '\\.')}\\s+(\\S+)`).exec(output)?.[1];
      expect(password, member.email).toBeDefined();
      expect((await t.signIn(member.email, DEMO_PASSWORD)).statusCode).toBe(400);
      expect(okData(await t.signIn(member.email, password!), authSession).user.email).toBe(member.email);
    }
  });
});
