import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { associate, defaultPermissions, PERMISSION_IDS } from '#contract/associates';
import { notificationList } from '#contract/notifications';
import { authSession, invitationCodeData } from '#contract/auth';
import { ownProfile } from '#contract/user';
import { buildApp } from '../../app';
import { users } from '../../db/schema/users';
import { minutes } from '../../lib/clock';
import { closedWithin, listen, openSocket, type TestSocket } from '../../realtime/test-socket';
import { mailsTo } from '../../test/mailbox';
import { body, createTestApp, okData, PASSWORD, uniqueEmail, type TestApp } from '../../test/test-app';
import { associateHelpers, bornYearsAgo } from './associate-test-helpers';
import { atMaximum } from './associate-save';

// Issue 25: an owner adds associates (member accounts they manage), decides what each may do, turns them off and on,
// and removes them; the invitation's code sets the associate's password. Permissions per action: permission-table.test.ts.

let t: TestApp;
const h = associateHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_ASSOCIATES: '3' } });
});
afterAll(() => t?.close());

const granted = (a: { permission: { id: string; status: number }[] }) => a.permission.filter((p) => p.status === 1).map((p) => p.id);

describe('adding an associate', () => {
  it('makes a member account of their own with the age’s safe defaults, followed by the owner, and invites it', async () => {
    const owner = await h.member({ firstName: 'Dana', lastName: 'Rivera' });
    const email = uniqueEmail('kid');
    const res = await h.addCall(owner, { email, firstName: 'Mia', lastName: 'Rivera', dob: bornYearsAgo(t, 12), gender: 'female' });
    expect(body(res).message).toBe('Associate saved successfully');
    const saved = okData(res, associate);
    expect(saved).toMatchObject({ email, firstName: 'Mia', age: 12, status: 1, invitationPending: true, mayBecomeIndependent: false, lastActiveAt: null });
    expect(saved.handleName).toMatch(/^MiaRivera\d*$/);
    // Under 16: no public profile, no member search, no mentions from non-followers, no events of their own.
    expect(granted(saved)).toEqual(defaultPermissions(bornYearsAgo(t, 12), t.clock.now()));
    expect(granted(saved)).not.toContain('public_profile');
    expect(granted(saved)).not.toContain('member_search');
    expect(granted(saved)).not.toContain('mentions');
    const [row] = await t.db.select({ isPrivate: users.isPrivate, passwordHash: users.passwordHash }).from(users).where(eq(users.id, saved.associateId));
    expect(row).toEqual({ isPrivate: true, passwordHash: null });
    // The invitation: a 4-digit code, and who sent it.
    await t.app.deps.mailer.flush();
    const [mail] = await mailsTo(t.dataDir, email);
    expect(mail).toContain('Dana Rivera made you a Switchback account');
    expect(await t.codeFor(email)).toMatch(/^\d{4}$/);
    // The owner follows them, so sees what a private profile shows its followers.
    const profile = await h.send('GET', `/api/user-profile?userId=${saved.associateId}`, owner.token);
    expect(profile.statusCode, profile.body).toBe(200);
  });

  it('gives a 17-year-old every permission unless the owner chose otherwise', async () => {
    const owner = await h.member();
    const saved = okData(await h.addCall(owner, { dob: bornYearsAgo(t, 17), permission: [{ id: 'create_events', status: 0 }] }), associate);
    expect(saved.mayBecomeIndependent).toBe(true);
    expect(granted(saved)).toEqual(PERMISSION_IDS.filter((p) => p !== 'create_events'));
  });

  it('stops at the maximum with why, and the list counts against it', async () => {
    const owner = await h.member();
    for (let i = 0; i < 3; i++) expect((await h.addCall(owner)).statusCode).toBe(200);
    const fourth = await h.addCall(owner);
    expect(fourth.statusCode).toBe(403);
    expect(body(fourth).message).toBe(atMaximum(3));
    const list = await h.list(owner);
    expect([list.associateCount, list.maxAssociates, list.associateList.length]).toEqual([3, 3, 3]);
  });

  it('refuses a taken e-mail on its field, extra fields (check 11), and an associate adding associates', async () => {
    const owner = await h.member();
    const taken = await h.addCall(owner, { email: owner.email });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).errors).toEqual({ email: ['An account with this e-mail already exists.'] });
    for (const extra of [{ ownerId: owner.userId }, { userId: 1 }, { status: 0 }, { isPrivate: false }]) {
      expect((await h.addCall(owner, extra)).statusCode).toBe(400);
    }
    const kid = await h.add(owner);
    const res = await h.addCall(kid);
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toBe('An associate cannot add associates of their own.');
    expect((await h.list(kid)).associateCount).toBe(0);
  });
});

describe('the invitation', () => {
  it('sets the password with the code once, signs in, and the own profile says who manages the account', async () => {
    const owner = await h.member({ firstName: 'Dana', lastName: 'Rivera' });
    const kid = await h.add(owner);
    const me = okData(await h.send('GET', '/api/profile', kid.token), ownProfile);
    expect(me.managedBy).toEqual({
      owner: { userId: owner.userId, handleName: owner.handleName, firstName: 'Dana', lastName: 'Rivera' },
      permissions: granted(kid),
    });
    expect(okData(await h.send('GET', '/api/profile', owner.token), ownProfile).managedBy).toBeNull();
    // The sign-in's answer says so too, so the app shows it from the first page.
    expect(okData(await t.signIn(kid.email, PASSWORD), authSession).user.managedBy).toEqual(me.managedBy);
    // Used once: the same code again does nothing.
    const again = await t.app.inject({ method: 'POST', url: '/api/associate/accept', payload: { email: kid.email, otp: await t.codeFor(kid.email), password: 'Other-pass9!', deviceType: 1 } });
    expect(again.statusCode).toBe(400);
    expect((await h.list(owner)).associateList[0]!.invitationPending).toBe(false);
  });

  it('dies after five wrong tries and after ten minutes; a new code from the page works', async () => {
    const owner = await h.member();
    const saved = okData(await h.addCall(owner), associate);
    const accept = (otp: string) => t.app.inject({ method: 'POST', url: '/api/associate/accept', payload: { email: saved.email, otp, password: PASSWORD, deviceType: 1 } });
    const code = await t.codeFor(saved.email);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 4; i >= 1; i--) expect(body(await accept(wrong)).errors).toEqual({ otp: [`Wrong code. ${i} ${i === 1 ? 'try' : 'tries'} left.`] });
    expect(body(await accept(wrong)).errors).toEqual({ otp: ['Too many wrong tries. Ask for a new code.'] });
    expect((await accept(code)).statusCode).toBe(400);
    // A new code from the invitation page, once the resend wait is over; the same answer for an address with no
    // invitation (check 4).
    t.clock.advance(31_000);
    const resend = await t.app.inject({ method: 'POST', url: '/api/associate/invitation/code', payload: { email: saved.email } });
    const stranger = await t.app.inject({ method: 'POST', url: '/api/associate/invitation/code', payload: { email: uniqueEmail('nobody') } });
    expect([resend.statusCode, stranger.statusCode]).toEqual([200, 200]);
    expect(body(resend).message).toBe(body(stranger).message);
    const fresh = await t.codeFor(saved.email);
    t.clock.advance(minutes(11));
    expect(body(await accept(fresh)).errors).toEqual({ otp: ['This code has expired. Ask for a new one.'] });
    // The owner sends another: it works, and lets them in.
    t.clock.advance(minutes(30));
    const resent = await h.send('POST', '/api/associate/invitation', owner.token, { associateId: saved.associateId });
    expect(body(resent).message).toBe(`Invitation sent to ${saved.email}.`);
    expect(okData(resent, invitationCodeData).resendAfter).toBeGreaterThan(0);
    expect(okData(await accept(await t.codeFor(saved.email)), authSession).user.userId).toBe(saved.associateId);
  });
});

describe('status', () => {
  let live: TestApp['app'];
  let url: string;
  const opened: TestSocket[] = [];
  beforeAll(async () => {
    // A second server whose session re-check is a minute: a socket closed within 5 s was closed by the change itself.
    live = await buildApp({ config: { ...t.config, jobPollMs: 0 }, db: t.db, clock: t.clock, socketTimings: { heartbeatMs: 25_000, sessionCheckMs: 60_000 } });
    url = await listen(live);
  });
  afterAll(async () => {
    for (const s of opened) s.socket.terminate();
    await live?.close();
  });

  it('inactive signs them out everywhere at once (check 7), sign-in says why; active lets them in again', async () => {
    const owner = await h.member({ firstName: 'Dana', lastName: 'Rivera' });
    const kid = await h.add(owner);
    const second = await t.tokenFor(kid.email, PASSWORD);
    const socket = openSocket(url, { token: kid.token });
    opened.push(socket);
    await vi.waitFor(() => expect(live.liveSockets.count(kid.userId)).toBe(1), { timeout: 5000, interval: 10 });
    const off = await live.inject({ method: 'POST', url: '/api/associate/status', headers: t.bearer(owner.token), payload: { associateId: kid.userId, status: 0 } });
    expect(okData(off, associate).status).toBe(0);
    await closedWithin(socket);
    for (const token of [kid.token, second]) expect((await h.send('GET', '/api/profile', token)).statusCode).toBe(401);
    const refused = await t.signIn(kid.email, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe('Your account is turned off by Dana Rivera, who manages it. Ask them to turn it on again.');
    expect(okData(await h.statusCall(owner, kid.userId, 1), associate).status).toBe(1);
    expect((await t.signIn(kid.email, PASSWORD)).statusCode).toBe(200);
    const audit = (await h.permissions(owner, kid.userId)).audit.map((a) => a.change);
    expect(audit.slice(0, 2)).toEqual(['activated', 'deactivated']);
  });

  it('an associate cannot change their own status, permissions or owner (check 21)', async () => {
    const owner = await h.member();
    const kid = await h.add(owner);
    expect((await h.statusCall(kid, kid.userId, 0)).statusCode).toBe(404);
    expect((await h.setCall(kid, kid.userId, { public_profile: 1 })).statusCode).toBe(404);
    expect((await h.send('POST', '/api/associate/add', kid.token, { associateId: kid.userId, firstName: 'Sam', lastName: 'Rider', dob: kid.dob })).statusCode).toBe(404);
    expect((await h.send('POST', '/api/profileSetting', kid.token, { isPrivate: false })).statusCode).toBe(403);
    // Nor through their own profile (check 11: fields that are not the form's are refused).
    const sneaky = await h.send('PUT', '/api/update_profile', kid.token, {
      handleName: kid.handleName,
      firstName: 'Sam',
      lastName: 'Rider',
      bio: null,
      dob: kid.dob,
      sports: [],
      location: null,
      permissions: ['public_profile'],
      managedBy: null,
    });
    expect(sneaky.statusCode).toBe(400);
    expect(okData(await h.send('GET', '/api/profile', kid.token), ownProfile).managedBy?.owner.userId).toBe(owner.userId);
    expect(granted(await h.permissions(owner, kid.userId))).toEqual(granted(kid));
  });
});

describe('removing', () => {
  it('deletes the account, or releases one of 16 or older as an independent member (told by e-mail)', async () => {
    const owner = await h.member();
    const young = await h.add(owner);
    const older = await h.add(owner, { dob: bornYearsAgo(t, 17) });
    const tooYoung = await h.send('POST', '/api/associate/remove', owner.token, { associateId: young.userId, mode: 'release' });
    expect(tooYoung.statusCode).toBe(400);
    expect(body(tooYoung).message).toBe('Only an associate of 16 or older can become independent.');
    expect((await h.send('POST', '/api/associate/remove', owner.token, { associateId: older.userId, mode: 'release' })).statusCode).toBe(200);
    expect(okData(await h.send('GET', '/api/profile', older.token), ownProfile).managedBy).toBeNull();
    expect((await h.send('POST', '/api/profileSetting', older.token, { isPrivate: false })).statusCode).toBe(200);
    await t.app.deps.mailer.flush();
    expect((await mailsTo(t.dataDir, older.email)).at(-1)).toContain('no longer manages your Switchback account');
    expect((await h.send('POST', '/api/associate/remove', owner.token, { associateId: young.userId, mode: 'delete' })).statusCode).toBe(200);
    expect((await h.send('GET', '/api/profile', young.token)).statusCode).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.id, young.userId))).toEqual([]);
    expect((await h.list(owner)).associateCount).toBe(0);
  });
});

describe('what other members meet', () => {
  it('member search, new followers, activities and the public profile follow the grants, and a revoke acts at once', async () => {
    const owner = await h.member();
    const kid = await h.add(owner, { firstName: 'Zebulon', lastName: 'Quist' });
    const stranger = await h.member();
    const search = async () => (await h.send('GET', `/api/user/all?search=Zebulon`, stranger.token)).json<{ data: { list: { userId: number }[] } }>().data.list.map((m) => m.userId);
    expect(await search()).not.toContain(kid.userId);
    await h.set(owner, kid.userId, { member_search: 1 });
    expect(await search()).toContain(kid.userId);

    // New followers: refused without `accept_followers`.
    await h.set(owner, kid.userId, { accept_followers: 0 });
    const refused = await h.send('POST', '/api/follow', stranger.token, { userId: kid.userId });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe('This member is not taking new followers.');
    await h.set(owner, kid.userId, { accept_followers: 1 });
    expect((await h.send('POST', '/api/follow', stranger.token, { userId: kid.userId })).statusCode).toBe(200);

    // Activities: seen by the owner (a follower) until `share_activities` is revoked.
    const ride = await h.send('POST', '/api/activity', kid.token, { sportId: 53, title: 'Pump track', startDate: '2026-05-17T07:30:00.000Z', timeZone: 'Europe/Zurich', duration: 1800, distance: 5000, elevationGain: 40, visibility: 'followers' });
    const rideId = ride.json<{ data: { id: number } }>().data.id;
    expect((await h.send('GET', `/api/activity/${rideId}`, owner.token)).statusCode).toBe(200);
    await h.set(owner, kid.userId, { share_activities: 0 });
    expect((await h.send('GET', `/api/activity/${rideId}`, owner.token)).statusCode).toBe(404);
    expect((await h.send('GET', `/api/activity/${rideId}`, kid.token)).statusCode).toBe(200);

    // Revoking `public_profile` makes the profile private at once.
    await h.set(owner, kid.userId, { public_profile: 1 });
    expect((await h.send('POST', '/api/profileSetting', kid.token, { isPrivate: false })).statusCode).toBe(200);
    await h.set(owner, kid.userId, { public_profile: 0 });
    expect(okData(await h.send('GET', '/api/profile', kid.token), ownProfile).isPrivate).toBe(true);
    const audit = (await h.permissions(owner, kid.userId)).audit.slice(0, 2).map((a) => [a.change, a.permission, a.by?.userId]);
    expect(audit).toEqual([
      ['revoked', 'public_profile', owner.userId],
      ['granted', 'public_profile', owner.userId],
    ]);
  });
});

describe('mentions', () => {
  it('an associate without `mentions` is mentioned by their followers only, not by members they follow', async () => {
    const owner = await h.member();
    const kid = await h.add(owner, { dob: bornYearsAgo(t, 14) });
    const followed = await h.member();
    // Kid follows them: connected, so they could mention the kid were the grant there.
    expect((await h.send('POST', '/api/follow', kid.token, { userId: followed.userId })).statusCode).toBe(200);
    const mentionable = async (who: { token: string }) =>
      (await h.send('GET', `/api/getUserTagfollowerFollowingList?search=${kid.handleName}`, who.token)).json<{ data: { list: { userId: number }[] } }>().data.list.map((m) => m.userId);
    expect(await mentionable(followed)).not.toContain(kid.userId);
    expect(await mentionable(owner)).toContain(kid.userId);
    await h.set(owner, kid.userId, { mentions: 1 });
    expect(await mentionable(followed)).toContain(kid.userId);
  });
});

describe('what the owner is told', () => {
  const notices = async (who: { token: string }) => okData(await h.send('GET', '/api/notifications', who.token), notificationList).list.map((n) => [n.subjectType, n.subjectId, n.message]);

  it('when their associate reports someone, or is reported (never by whom)', async () => {
    const owner = await h.member();
    const kid = await h.add(owner, { firstName: 'Leo', lastName: 'Rivera' });
    const other = await h.member();
    expect((await h.send('POST', '/api/user/report', kid.token, { userId: other.userId, reasonId: 1 })).statusCode).toBe(200);
    expect((await h.send('POST', '/api/user/report', other.token, { userId: kid.userId, reasonId: 1 })).statusCode).toBe(200);
    expect(await notices(owner)).toEqual(
      expect.arrayContaining([
        ['associate', kid.userId, 'Leo Rivera sent a report to the moderators.'],
        ['associate', kid.userId, 'Someone reported Leo Rivera or something they shared; the moderators will review it.'],
      ]),
    );
    expect(JSON.stringify(await notices(owner))).not.toContain(other.handleName);
  });

  it('on the associate’s 16th birthday, both are offered independence, once', async () => {
    const owner = await h.member({ firstName: 'Dana', lastName: 'Rivera' });
    const d = t.clock.now();
    // Sixteen in two days.
    const dob = new Date(Date.UTC(d.getUTCFullYear() - 16, d.getUTCMonth(), d.getUTCDate() + 2)).toISOString().slice(0, 10);
    const kid = await h.add(owner, { firstName: 'Leo', lastName: 'Rivera', dob });
    await t.app.deps.jobs.drain();
    expect(await notices(kid)).toEqual([]);
    t.clock.advance(3 * 86_400_000);
    await t.app.deps.jobs.drain();
    expect((await notices(owner)).filter(([type]) => type === 'associate')).toEqual([['associate', kid.userId, 'Leo Rivera is 16: you can let their account go as their own (Associates, Remove).']]);
    expect(await notices(kid)).toEqual([['profile', owner.userId, 'You are 16: Dana Rivera can now let your Switchback account go as your own. Ask them when you want it.']]);
    expect((await h.list(owner)).associateList[0]!.mayBecomeIndependent).toBe(true);
  });
});
