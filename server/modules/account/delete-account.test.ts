import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataExport, deleteAccountData, deleteCodeData } from '#contract/account';
import { authSession, checkSocialLoginData } from '#contract/auth';
import { feed } from '#contract/feeds';
import { compressImageData } from '#contract/media';
import { notificationList } from '#contract/notifications';
import { hashTagOptions } from '#contract/social';
import { ownProfile } from '#contract/user';
import { dataExports } from '../../db/schema/account';
import { emailCodes, identities, sessions } from '../../db/schema/auth';
import { jobs } from '../../db/schema/jobs';
import { uploads } from '../../db/schema/media';
import { users } from '../../db/schema/users';
import { minutes } from '../../lib/clock';
import { startOidcIssuer, type OidcIssuer } from '../../test/oidc-issuer';
import { body, createTestApp, okData, uniqueEmail, uniqueName, type TestApp } from '../../test/test-app';
import { commentHelpers } from '../feeds/comment-test-helpers';

// Issue 3, data rights, and check 7: deleting the account takes the user row, sessions, identities, codes, uploads
// and exports in one transaction, then their files; the old token is 401 everywhere; the e-mail can sign up again.

const CLIENT_ID = 'switchback-web.apps.test';

let google: OidcIssuer;
let t: TestApp;
beforeAll(async () => {
  google = await startOidcIssuer();
  // No poller (JOB_POLL_MS=0): jobs run when a test drains them, or at once where the server asks (runNow).
  t = await createTestApp({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_ISSUER: google.url, JOB_POLL_MS: '0' } });
});
afterAll(async () => {
  await t?.close();
  await google?.stop();
});

type Member = { email: string; token: string; userId: number };

const post = (url: string, payload: object | undefined, token?: string) =>
  t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: token ? t.bearer(token) : {} });
const deleteAccount = (m: Member, payload: object) => post('/api/account/delete', payload, m.token);
const profileStatus = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/profile', headers: t.bearer(token) })).statusCode;

async function upload(m: Member) {
  const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a52' } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('type', 'profile');
  form.append('image[]', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'me.jpg');
  const encoded = new Response(form);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/compress-image',
    headers: { ...t.bearer(m.token), 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return okData(res, compressImageData).images[0]!.key;
}

/** A member who signed up with Google and so has no password. */
async function socialOnlyMember(): Promise<Member> {
  const email = uniqueEmail('social');
  const idToken = await google.mintIdToken(CLIENT_ID, { sub: `sub-${randomBytes(8).toString('hex')}`, email });
  const { socialToken } = okData(await post('/api/checkSocialLogin', { provider: 'google', idToken }), checkSocialLoginData);
  const session = okData(
    await post('/api/social-login', { socialToken, deviceType: 1, handleName: uniqueName('g'), dob: '1994-02-03', gender: 'male' }),
    authSession,
  );
  expect(session.user.hasPassword).toBe(false);
  return { email, token: session.token.access_token, userId: session.user.userId };
}

async function rowsOf(userId: number, email: string) {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
  return {
    users: await n(t.db.select({ n: count() }).from(users).where(eq(users.id, userId))),
    sessions: await n(t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId))),
    identities: await n(t.db.select({ n: count() }).from(identities).where(eq(identities.userId, userId))),
    uploads: await n(t.db.select({ n: count() }).from(uploads).where(eq(uploads.userId, userId))),
    exports: await n(t.db.select({ n: count() }).from(dataExports).where(eq(dataExports.userId, userId))),
    codes: await n(t.db.select({ n: count() }).from(emailCodes).where(eq(emailCodes.email, email))),
  };
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );
const mediaDir = () => path.join(t.dataDir, 'media');

describe('POST /api/account/delete with a password', () => {
  it('refuses a wrong password with errors.password and deletes nothing', async () => {
    const m = await t.signUp();
    const res = await deleteAccount(m, { password: 'Wrong-pass1!' });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ password: ['The password is incorrect.'] });
    expect(await profileStatus(m.token)).toBe(200);
    expect((await t.signIn(m.email, m.password)).statusCode).toBe(200);
  });

  it('asks for the password when none is sent, and refuses a code instead of it', async () => {
    const m = await t.signUp();
    expect(body(await deleteAccount(m, {})).errors).toHaveProperty('password');
    const withCode = await deleteAccount(m, { otp: '1234' });
    expect(withCode.statusCode).toBe(400);
    expect(body(withCode).errors).toHaveProperty('otp');
    expect(await profileStatus(m.token)).toBe(200);
  });

  it('refuses unknown fields and answers 401 without a session', async () => {
    const m = await t.signUp();
    const extra = await deleteAccount(m, { password: m.password, userId: 1 });
    expect(extra.statusCode).toBe(400);
    expect(body(extra).errors).toHaveProperty('userId');
    expect((await post('/api/account/delete', { password: m.password })).statusCode).toBe(401);
    expect(await profileStatus(m.token)).toBe(200);
  });

  it('removes the rows and the files, kills every token, and frees the e-mail', async () => {
    const m = await t.signUp();
    const otherDevice = await t.tokenFor(m.email, m.password);
    const key = await upload(m);
    const started = okData(await t.app.inject({ method: 'GET', url: '/api/account/export', headers: t.bearer(m.token) }), dataExport);
    await t.app.deps.jobs.drain();
    const [exportRow] = await t.db.select().from(dataExports).where(eq(dataExports.id, started.exportId));
    const exportFile = path.join(mediaDir(), ...exportRow!.fileKey!.split('/'));
    expect(await exists(path.join(mediaDir(), key, 'original.jpg'))).toBe(true);
    expect(await exists(path.join(mediaDir(), key, 'display.webp'))).toBe(true);
    expect(await exists(exportFile)).toBe(true);

    const res = await deleteAccount(m, { password: m.password });
    expect(okData(res, deleteAccountData)).toEqual({ deleted: true });
    expect(body(res).message).toBe('Your account is deleted.');

    expect(await rowsOf(m.userId, m.email)).toEqual({ users: 0, sessions: 0, identities: 0, uploads: 0, exports: 0, codes: 0 });
    // The files are gone by the time the answer arrives.
    expect(await exists(path.join(mediaDir(), key))).toBe(false);
    expect(await exists(exportFile)).toBe(false);
    // The clean-up job is done, not waiting for a retry; a second pass follows later for files still being written.
    const removal = (await t.db.select().from(jobs).where(eq(jobs.kind, 'account.remove-files'))).filter((j) =>
      JSON.stringify(j.payload).includes(key),
    );
    expect(removal).toHaveLength(2);
    const [now, later] = removal.sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
    expect(now).toMatchObject({ lastError: null, doneAt: expect.any(Date) });
    expect(later).toMatchObject({ doneAt: null });
    expect(later!.runAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(minutes(10));

    // Check 7: every token of the account is 401 on every route.
    for (const token of [m.token, otherDevice]) {
      expect(await profileStatus(token)).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/account/export', headers: t.bearer(token) })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: `/api/account/exports/${started.exportId}`, headers: t.bearer(token) })).statusCode).toBe(401);
      expect((await deleteAccount({ ...m, token }, { password: m.password })).statusCode).toBe(401);
    }
    expect(await (await t.app.inject({ method: 'GET', url: `/media/${key}/display.webp` })).statusCode).toBe(404);

    // Signing in fails; the e-mail can sign up again, as a new account.
    expect((await t.signIn(m.email, m.password)).statusCode).toBe(400);
    const again = await t.signUp({ email: m.email });
    expect(again.userId).not.toBe(m.userId);
    expect(okData(await t.app.inject({ method: 'GET', url: '/api/profile', headers: t.bearer(again.token) }), ownProfile).email).toBe(m.email);
  });

  it('leaves no zip behind when the account goes while its export is being made', async () => {
    const m = await t.signUp();
    okData(await t.app.inject({ method: 'GET', url: '/api/account/export', headers: t.bearer(m.token) }), dataExport);
    const before = await fs.readdir(path.join(mediaDir(), 'exports')).catch(() => [] as string[]);
    expect(okData(await deleteAccount(m, { password: m.password }), deleteAccountData).deleted).toBe(true);
    await t.app.deps.jobs.drain();
    const after = await fs.readdir(path.join(mediaDir(), 'exports')).catch(() => [] as string[]);
    expect(after.filter((f) => !before.includes(f))).toEqual([]);
  });

  it('removes a zip stored just as the account went', async () => {
    const m = await t.signUp();
    okData(await t.app.inject({ method: 'GET', url: '/api/account/export', headers: t.bearer(m.token) }), dataExport);
    const storage = t.app.deps.storage;
    const realPut = storage.put.bind(storage);
    let storedKey = '';
    const put = vi.spyOn(storage, 'put').mockImplementationOnce(async (key, data, type) => {
      // The account goes between the zip being made and it being marked ready.
      expect(okData(await deleteAccount(m, { password: m.password }), deleteAccountData).deleted).toBe(true);
      storedKey = key;
      await realPut(key, data, type);
    });
    try {
      await t.app.deps.jobs.drain();
    } finally {
      put.mockRestore();
    }
    expect(storedKey).toMatch(/^exports\//);
    expect(await exists(path.join(mediaDir(), ...storedKey.split('/')))).toBe(false);
  });

  it('does not mail a deletion code to a member with a password', async () => {
    const m = await t.signUp();
    const before = await t.mailCount(m.email);
    const res = await post('/api/account/delete-code', undefined, m.token);
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toHaveProperty('password');
    expect(await t.mailCount(m.email)).toBe(before);
  });
});

describe('POST /api/account/delete for a social-only member (code)', () => {
  const sendCode = async (m: Member) => okData(await post('/api/account/delete-code', undefined, m.token), deleteCodeData);

  it('mails a 4-digit code, refuses a wrong one with errors.otp, and the right one deletes the account', async () => {
    const m = await socialOnlyMember();
    expect(await sendCode(m)).toEqual({ otpSent: true });
    const code = await t.codeFor(m.email);
    expect(code).toMatch(/^\d{4}$/);

    const wrong = await deleteAccount(m, { otp: code === '0000' ? '1111' : '0000' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).errors).toHaveProperty('otp');
    expect(await profileStatus(m.token)).toBe(200);

    // A password is no way in for an account without one.
    const withPassword = await deleteAccount(m, { password: 'Trail-mix1!' });
    expect(withPassword.statusCode).toBe(400);
    expect(body(withPassword).errors).toHaveProperty('password');

    expect(okData(await deleteAccount(m, { otp: code }), deleteAccountData)).toEqual({ deleted: true });
    expect(await rowsOf(m.userId, m.email)).toEqual({ users: 0, sessions: 0, identities: 0, uploads: 0, exports: 0, codes: 0 });
    expect(await profileStatus(m.token)).toBe(401);
  });

  it('asks for the code when none is sent', async () => {
    const m = await socialOnlyMember();
    const res = await deleteAccount(m, {});
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toHaveProperty('otp');
  });

  it('follows the code rules: it expires after 10 minutes, and a newer code kills the older one', async () => {
    const m = await socialOnlyMember();
    await sendCode(m);
    const first = await t.codeFor(m.email);
    await sendCode(m);
    const second = await t.codeFor(m.email);
    if (first !== second) expect((await deleteAccount(m, { otp: first })).statusCode).toBe(400);

    t.clock.advance(minutes(10));
    const expired = await deleteAccount(m, { otp: second });
    expect(expired.statusCode).toBe(400);
    expect(body(expired).errors?.otp?.[0]).toMatch(/expired/);
    expect(await profileStatus(m.token)).toBe(200);
  });
});

describe('POST /api/account/delete: what the member left on other members’ posts', () => {
  // The events side (places, waitlist, reactions, comments, organised events) is in events/account-deletion.test.ts.
  const c = commentHelpers(() => t);
  const postOf = async (who: Member, feedId: number) => okData(await c.send('GET', `/api/feed/${feedId}`, who.token), feed);
  const notificationsOf = async (who: Member) => okData(await c.send('GET', `/api/notifications`, who.token), notificationList).list;

  it('lowers the reaction, comment, reply and comment-like counts to what is left', async () => {
    const author = await c.member();
    const leaving = await c.member();
    const other = await c.member();
    const feedId = await c.post(author);
    const react = async (who: typeof leaving, likeUniCode: string) => okData(await c.send('POST', '/api/feed/like', who.token, { feedId, likeUniCode }), feed);
    await react(leaving, 'U+2764');
    await react(other, 'U+1F44D');
    const theirs = await c.add(leaving, feedId, 'Which tyres?');
    await c.add(other, feedId, 'Tubeless', theirs.comment.commentId);
    const kept = await c.add(other, feedId, 'Great loop');
    await c.add(leaving, feedId, 'Agreed', kept.comment.commentId);
    await c.like(leaving, kept.comment.commentId);
    expect(await postOf(author, feedId)).toMatchObject({ commentCount: 4, likes: { total: 2 } });

    expect(okData(await deleteAccount(leaving, { password: leaving.password }), deleteAccountData)).toEqual({ deleted: true });
    expect(await postOf(author, feedId)).toMatchObject({ commentCount: 1, likes: { total: 1, byCode: [{ likeUniCode: 'U+1F44D', count: 1 }] } });
    expect(await c.counts(feedId)).toEqual({ stored: 1, actual: 1 });
    const [comment] = (await c.list(author, feedId)).list;
    expect(comment).toMatchObject({ commentId: kept.comment.commentId, likeCount: 0, replyCount: 0, reply: [] });
  });

  it('lowers the use count of the tags their posts carried, so a tag only they used is no longer suggested', async () => {
    const leaving = await c.member();
    const other = await c.member();
    const shared = `gravel${Date.now()}`;
    const only = `theirs${Date.now()}`;
    const write = async (who: Member, description: string, isDraft = false) =>
      okData(await c.send('POST', '/api/feed', who.token, { title: 'Out again', description, isDraft }), feed);
    await write(leaving, `#${shared} and #${only}`);
    await write(leaving, `#${only} again`);
    await write(leaving, `#${shared} in a draft`, true);
    await write(other, `#${shared} too`);
    const suggested = async (prefix: string) => okData(await c.send('GET', `/api/feedTag?search=%23${prefix}`, other.token), hashTagOptions).list;
    expect(await suggested(shared)).toEqual([{ tagName: shared, useCount: 2 }]);
    expect(await suggested(only)).toEqual([{ tagName: only, useCount: 2 }]);

    await deleteAccount(leaving, { password: leaving.password });
    expect(await suggested(shared)).toEqual([{ tagName: shared, useCount: 1 }]);
    expect(await suggested(only)).toEqual([]);
  });

  it('takes the notifications about their own posts with them, whoever they came from', async () => {
    const leaving = await c.member();
    const commenter = await c.member();
    const mentioned = await c.member();
    // A member may mention only those they are connected to; a public member's follow is accepted at once.
    await c.toggle('POST', '/api/follow', commenter, mentioned.userId);
    const feedId = await c.post(leaving);
    await c.add(commenter, feedId, `Look @${mentioned.handleName}`);
    const about = async () => (await notificationsOf(mentioned)).filter((n) => n.subjectType === 'comment' && n.parentId === feedId);
    expect(await about()).toHaveLength(1);

    await deleteAccount(leaving, { password: leaving.password });
    expect(await about()).toEqual([]);
  });
});
