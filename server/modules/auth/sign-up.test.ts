import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSession, signUpCodeSentData, validateEmailData, verifyOtpData } from '#contract/auth';
import { ownProfile } from '#contract/user';
import { users } from '../../db/schema/users';
import { hours } from '../../lib/clock';
import { mailsTo } from '../../test/mailbox';
import { body, createTestApp, okData, PASSWORD, uniqueEmail, uniqueName, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

/** Register and verify an e-mail: the ticket `register/complete` needs. */
async function ticketFor(email: string) {
  okData(await post('/api/register', { email }), signUpCodeSentData);
  const verified = okData(await post('/api/verify_otp', { email, otp: await t.codeFor(email), type: 1 }), verifyOtpData);
  return verified.token!;
}

const profile = (token: string, handleName = uniqueName('h')) => ({
  token,
  password: PASSWORD,
  handleName,
  firstName: 'Robin',
  lastName: 'Ridge',
  dob: '1992-02-29',
  gender: 'male',
  deviceType: 1,
});

describe('POST /api/validate-email (the associates form)', () => {
  it('says a new e-mail is available and a member’s is not, whatever its case, to a signed-in member', async () => {
    const me = await t.signUp();
    const asMe = (email: string) => t.app.inject({ method: 'POST', url: '/api/validate-email', payload: { email }, headers: t.bearer(me.token) });
    expect(okData(await asMe(uniqueEmail()), validateEmailData)).toEqual({ available: true });
    const member = await t.signUp();
    expect(okData(await asMe(member.email.toUpperCase()), validateEmailData)).toEqual({ available: false });
  });

  it('answers no one who is not signed in, so it cannot list who is a member', async () => {
    const member = await t.signUp();
    const res = await post('/api/validate-email', { email: member.email });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, message: 'Please sign in to continue.' });
  });

  it('rejects a malformed e-mail with a message on the field', async () => {
    const me = await t.signUp();
    const res = await t.app.inject({ method: 'POST', url: '/api/validate-email', payload: { email: 'not-an-email' }, headers: t.bearer(me.token) });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 400, errors: { email: ['Enter a valid e-mail address'] } });
  });
});

describe('POST /api/register', () => {
  it('mails a 4-digit code to a new e-mail', async () => {
    const email = uniqueEmail();
    const res = await post('/api/register', { email });
    expect(okData(res, signUpCodeSentData)).toEqual({ otpSent: true, resendAfter: 30 });
    expect(await t.codeFor(email)).toMatch(/^\d{4}$/);
  });

  it('answers a member’s e-mail exactly as a new one, and e-mails the member a notice instead of a code', async () => {
    const member = await t.signUp();
    const mailsBefore = await t.mailCount(member.email);
    // An hour after the member signed up, when the address has no sends of its own left to count.
    t.clock.advance(hours(1) + 1_000);
    const taken = await post('/api/register', { email: member.email });
    const fresh = await post('/api/register', { email: uniqueEmail() });
    expect(taken.statusCode).toBe(200);
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(taken.json()).toEqual(fresh.json());

    await t.app.deps.mailer.flush();
    // Soft line breaks of quoted-printable undone, so sentences read whole.
    const mails = (await mailsTo(t.dataDir, member.email)).slice(mailsBefore).map((m) => m.replace(/=\n/g, ''));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Someone tried to sign up to Switchback with your e-mail');
    expect(mails[0]).toMatch(/sign in with your e-mail and password/);
    expect(mails[0]).not.toMatch(/code is: \d/);
  });

  it('limits sends to a member’s e-mail as it limits a new one', async () => {
    // Both addresses were sent one code a moment ago (the member's at sign-up).
    const member = await t.signUp();
    const fresh = uniqueEmail();
    expect((await post('/api/register', { email: fresh })).statusCode).toBe(200);
    const taken = await post('/api/register', { email: member.email });
    const other = await post('/api/register', { email: fresh });
    for (const res of [taken, other]) {
      expect(res.statusCode).toBe(429);
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThan(20);
      expect(wait).toBeLessThanOrEqual(30);
      expect(body(res).message).toBe(`Please wait ${wait} seconds before asking for another code.`);
    }
  });
});

describe('POST /api/verify_otp type 1', () => {
  it('turns the mailed code into a sign-up ticket', async () => {
    const email = uniqueEmail();
    await post('/api/register', { email });
    const data = okData(await post('/api/verify_otp', { email, otp: await t.codeFor(email), type: 1 }), verifyOtpData);
    expect(data.verified).toBe(true);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  });
});

describe('POST /api/register/complete', () => {
  it('records who referred a member who joined through a referral link, and ignores an unknown code', async () => {
    const referrer = await t.signUp();
    const [row] = await t.db.select({ referralCode: users.referralCode, id: users.id }).from(users).where(eq(users.email, referrer.email));
    const { referralCode, id: referrerId } = row!;
    const referred = okData(await post('/api/register/complete', { ...profile(await ticketFor(uniqueEmail())), referralCode }), authSession);
    const stray = okData(await post('/api/register/complete', { ...profile(await ticketFor(uniqueEmail())), referralCode: 'NOSUCHCODE' }), authSession);
    const referredBy = async (userId: number) =>
      (await t.db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, userId)))[0]!.referredBy;
    expect(await referredBy(referred.user.userId)).toBe(referrerId);
    expect(await referredBy(stray.user.userId)).toBeNull();
    expect(referred.user.referralCode).not.toBe(referralCode);
  });

  it('creates the account and signs it in on this device', async () => {
    const email = uniqueEmail();
    const handleName = uniqueName('Trail');
    const session = okData(await post('/api/register/complete', profile(await ticketFor(email), handleName)), authSession);
    expect(session.user).toMatchObject({ email, handleName, firstName: 'Robin', lastName: 'Ridge', dob: '1992-02-29', gender: 'male' });

    const me = await t.app.inject({ method: 'GET', url: '/api/profile', headers: t.bearer(session.token.access_token) });
    expect(okData(me, ownProfile)).toMatchObject({ userId: session.user.userId, email });
    // The new password works for the next sign-in.
    expect((await t.signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it('answers 409 on handleName for a taken handle (any case), and the ticket still works with another', async () => {
    const member = await t.signUp({ handleName: uniqueName('Taken') });
    const ticket = await ticketFor(uniqueEmail());
    const res = await post('/api/register/complete', profile(ticket, member.handleName.toUpperCase()));
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 409, errors: { handleName: [expect.any(String)] } });

    expect((await post('/api/register/complete', profile(ticket))).statusCode).toBe(200);
  });

  it('refuses extra fields such as userId and role, naming each, and creates nothing', async () => {
    const email = uniqueEmail();
    const ticket = await ticketFor(email);
    const res = await post('/api/register/complete', { ...profile(ticket), userId: 1, role: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 400, errors: { userId: ['Unknown field'], role: ['Unknown field'] } });
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('answers 400 with a message per bad or missing field', async () => {
    const ticket = await ticketFor(uniqueEmail());
    const { handleName: _omitted, ...withoutHandle } = profile(ticket);
    const res = await post('/api/register/complete', { ...withoutHandle, gender: 'other', dob: '2030-01-01', password: 'short' });
    expect(res.statusCode).toBe(400);
    const errors = body(res).errors!;
    expect(Object.keys(errors).sort()).toEqual(['dob', 'gender', 'handleName', 'password']);
    for (const messages of Object.values(errors)) expect(messages[0]).toEqual(expect.any(String));
  });

  it('refuses an unknown ticket, and a ticket that was already used', async () => {
    const unknown = await post('/api/register/complete', profile('not-a-real-ticket'));
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).errors).toHaveProperty('token');

    const ticket = await ticketFor(uniqueEmail());
    expect((await post('/api/register/complete', profile(ticket))).statusCode).toBe(200);
    const replay = await post('/api/register/complete', profile(ticket));
    expect(replay.statusCode).toBe(400);
    expect(body(replay).errors).toHaveProperty('token');
  });
});
