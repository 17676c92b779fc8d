import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgotPasswordData, verifyOtpData } from '#contract/auth';
import { signInFailures } from '../../db/schema/auth';
import { minutes } from '../../lib/clock';
import { mailsTo } from '../../test/mailbox';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';

// Issue 17 item 8: wrong passwords are counted per e-mail signed in to, from whatever address they come.

let t: TestApp;
beforeAll(async () => {
  // The per-address limit as shipped: 20 a minute. Each address below stays within it.
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: '20' } });
});
afterAll(() => t?.close());

const WRONG = 'Not-my-password9!';
const ATTACK_SUBJECT = 'Subject: Someone is trying your Switchback password';

let nextAddress = 2;
/** A loopback address no other attempt in this file used: each stands for another machine. */
const freshAddress = () => `127.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 2}`;

const signInFrom = (remoteAddress: string, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password, deviceType: 1 }, remoteAddress });

async function attackMails(email: string) {
  await t.app.deps.mailer.flush();
  // Soft line breaks of quoted-printable undone, so sentences read whole.
  return (await mailsTo(t.dataDir, email)).map((m) => m.replace(/=\n/g, '')).filter((m) => m.includes(ATTACK_SUBJECT));
}

const retryAfter = (res: Awaited<ReturnType<typeof signInFrom>>) => Number(res.headers['retry-after']);

/** Ten wrong passwords for `email`, two from each of five addresses: each answered as a plain wrong password. */
async function tenWrong(email: string) {
  const addresses = Array.from({ length: 5 }, freshAddress);
  for (let i = 0; i < 10; i++) {
    const res = await signInFrom(addresses[i % 5]!, email, WRONG);
    expect(res.statusCode, `try ${i + 1}`).toBe(400);
    expect(body(res).message).toBe('The e-mail or password is incorrect.');
  }
}

function expectPaused(res: Awaited<ReturnType<typeof signInFrom>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ code: 429, message: expect.stringMatching(/^Too many wrong passwords for this account\. Try again in \d+ minutes?, or reset/) });
}

describe('wrong passwords for one account', () => {
  it('100 from five addresses: the first 10 are wrong passwords, then 429 from every address, even for the right one', async () => {
    const member = await t.signUp();
    const addresses = Array.from({ length: 5 }, freshAddress);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await signInFrom(addresses[i % 5]!, member.email, WRONG)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(90).fill(429));

    const right = await signInFrom(freshAddress(), member.email, member.password);
    expectPaused(right);
    expect(retryAfter(right)).toBeGreaterThan(minutes(14) / 1000);
    expect(retryAfter(right)).toBeLessThanOrEqual(minutes(15) / 1000);
    // Tries while paused are not even checked, so they are not counted either.
    expect(await t.db.select().from(signInFailures).where(eq(signInFailures.email, member.email))).toHaveLength(10);
  });

  it('tells the owner once per pause, not once per try', async () => {
    const member = await t.signUp();
    await tenWrong(member.email);
    const mails = await attackMails(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('You can still get in with a code: choose "Forgot password?" on the sign-in page');
    for (let i = 0; i < 5; i++) expectPaused(await signInFrom(freshAddress(), member.email, WRONG));
    expect(await attackMails(member.email)).toHaveLength(1);
  });

  it('pauses longer with each wrong password after the first pause, and opens again when the pause ends', async () => {
    const member = await t.signUp();
    await tenWrong(member.email);
    const first = retryAfter(await signInFrom(freshAddress(), member.email, WRONG));

    t.clock.advance(minutes(15) + 1_000);
    expect((await signInFrom(freshAddress(), member.email, WRONG)).statusCode).toBe(400);
    const second = await signInFrom(freshAddress(), member.email, member.password);
    expectPaused(second);
    expect(retryAfter(second)).toBeGreaterThan(first);
    expect(retryAfter(second)).toBeGreaterThan(minutes(29) / 1000);

    t.clock.advance(minutes(30) + 1_000);
    expect((await signInFrom(freshAddress(), member.email, WRONG)).statusCode).toBe(400);
    const third = retryAfter(await signInFrom(freshAddress(), member.email, WRONG));
    expect(third).toBeGreaterThan(minutes(59) / 1000);

    t.clock.advance(minutes(60) + 1_000);
    expect((await signInFrom(freshAddress(), member.email, member.password)).statusCode).toBe(200);
    // Still one e-mail: it was one episode.
    expect(await attackMails(member.email)).toHaveLength(1);
  });

  it('lets the owner in with a mailed code while paused, and the count starts again', async () => {
    const member = await t.signUp();
    await tenWrong(member.email);
    expectPaused(await signInFrom(freshAddress(), member.email, member.password));

    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: freshAddress() });
    const { token } = okData(await post('/api/forgot_password', { email: member.email }), forgotPasswordData);
    okData(await post('/api/verify_otp', { email: member.email, otp: await t.codeFor(member.email), type: 2, token }), verifyOtpData);
    const newPassword = 'Fresh-start8#';
    expect((await post('/api/reset_password', { email: member.email, password: newPassword, token })).statusCode).toBe(200);

    expect((await signInFrom(freshAddress(), member.email, newPassword)).statusCode).toBe(200);
    expect((await signInFrom(freshAddress(), member.email, member.password)).statusCode).toBe(400);
  });

  it('does not pause for ten wrong passwords spread over more than 15 minutes, or when the right one came between', async () => {
    const member = await t.signUp();
    const address = freshAddress();
    for (let i = 0; i < 9; i++) expect((await signInFrom(address, member.email, WRONG)).statusCode).toBe(400);
    t.clock.advance(minutes(15) + 1_000);
    expect((await signInFrom(freshAddress(), member.email, WRONG)).statusCode).toBe(400);
    expect((await signInFrom(freshAddress(), member.email, member.password)).statusCode).toBe(200);

    // The right password cleared the count: nine more wrong ones are still only wrong.
    const again = freshAddress();
    for (let i = 0; i < 9; i++) expect((await signInFrom(again, member.email, WRONG)).statusCode).toBe(400);
    expect((await signInFrom(freshAddress(), member.email, member.password)).statusCode).toBe(200);
    expect(await attackMails(member.email)).toEqual([]);
  });

  it('pauses only the account under attack', async () => {
    const target = await t.signUp();
    const bystander = await t.signUp();
    await tenWrong(target.email);
    expectPaused(await signInFrom(freshAddress(), target.email, target.password));
    expect((await signInFrom(freshAddress(), bystander.email, bystander.password)).statusCode).toBe(200);
  });

  it('pauses an address nobody owns exactly as a member’s, so the pause does not reveal which is which', async () => {
    const member = await t.signUp();
    const nobody = `nobody.${member.handleName}@example.com`;
    await tenWrong(member.email);
    await tenWrong(nobody);
    const [forMember, forNobody] = [await signInFrom(freshAddress(), member.email, WRONG), await signInFrom(freshAddress(), nobody, WRONG)];
    expectPaused(forMember);
    expectPaused(forNobody);
    expect(forNobody.json()).toEqual(forMember.json());
    // The test clock runs with real time, so the two pauses began a moment apart: a second either way, never more.
    expect(Math.abs(retryAfter(forNobody) - retryAfter(forMember))).toBeLessThanOrEqual(1);
  });
});
