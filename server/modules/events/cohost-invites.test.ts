import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cohostDeclined, EVENT_INVITES_PER_DAY, event } from '#contract/events';
import { notificationList } from '#contract/notifications';
import { eventInvites } from '../../db/schema/events';
import { days } from '../../lib/clock';
import { mailsTo } from '../../test/mailbox';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { eventHelpers, type Member } from './event-test-helpers';
import { insertEvent } from './event-test-rows';

// Co-hosting is an invitation the member accepts or declines, and invitations (to co-host or to come) go only to
// the sender's connections, at most EVENT_INVITES_PER_DAY a day (issue 17, item 12).

let t: TestApp;
const h = eventHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const notificationsOf = async (m: Member) => okData(await h.send('GET', '/api/notifications', m.token), notificationList);
function expectNoInvitation(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(404);
  expect(JSON.parse(res.body)).toMatchObject({ message: 'You have no co-host invitation for this event.' });
}
const aboutEvent = async (m: Member, eventId: number) => (await notificationsOf(m)).list.filter((n) => n.subjectType === 'event' && n.subjectId === eventId);

describe('naming a co-host', () => {
  it('is refused for a member the organiser has no connection with: nobody is told and nothing is theirs', async () => {
    const stranger = await h.member({ firstName: 'Some', lastName: 'Stranger' });
    const sam = await h.member({ private: true });
    const res = await h.createCall(stranger, { CoHost: [sam.userId] });
    h.expectFieldError(res, 'CoHost', /only members who follow you, or whom you follow/);
    expect((await notificationsOf(sam)).list).toEqual([]);
    expect((await h.list(sam, 'type=mine')).list).toEqual([]);
    // A pending follow request is no connection either.
    await h.toggle('POST', '/api/follow', stranger, sam.userId);
    h.expectFieldError(await h.createCall(stranger, { CoHost: [sam.userId] }), 'CoHost');
  });

  it('invites a connected member, who has no rights until they accept and sees the invitation', async () => {
    const maya = await h.member({ firstName: 'Maya', lastName: 'Torres' });
    const jonas = await h.member({ firstName: 'Jonas', lastName: 'Berg' });
    await h.connect(maya, jonas);
    const saved = await h.create(maya, { whoCanSee: 'invite', isDraft: true, CoHost: [jonas.userId] });
    expect(saved).toMatchObject({ coHosts: [], pendingCoHosts: [{ userId: jonas.userId, handleName: jonas.handleName }] });

    const told = await aboutEvent(jonas, saved.id);
    expect(told.map((n) => [n.kind, n.message, n.isRead])).toEqual([['events', 'Maya Torres invited you to co-host an event.', false]]);
    // Asked, not yet a co-host: sees the draft and the invitation, may not edit it, and it is not in "mine".
    expect(await h.detail(jonas, saved.id)).toMatchObject({ canEdit: false, coHosts: [], pendingCoHosts: [], coHostInvite: { invitedBy: { userId: maya.userId } } });
    expect((await h.editCall(jonas, saved.id, { eventName: 'Mine now' })).statusCode).toBe(403);
    expect(await h.ids(jonas, 'type=mine')).not.toContain(saved.id);
    expect((await h.cohostInvites(jonas)).list.map((e) => [e.id, e.coHostInvite?.invitedBy.userId])).toEqual([[saved.id, maya.userId]]);

    const res = await h.acceptCohostCall(jonas, saved.id);
    expect(body(res).message).toBe('You’re a co-host of this event now.');
    expect(okData(res, event)).toMatchObject({ canEdit: true, isOrganiser: false, coHostInvite: null, coHosts: [{ userId: jonas.userId }] });
    expect(await h.ids(jonas, 'type=mine')).toContain(saved.id);
    expect((await h.edit(jonas, saved.id, { eventName: 'Renamed by Jonas', isDraft: true, whoCanSee: 'invite' })).eventName).toBe('Renamed by Jonas');
    expect((await h.detail(maya, saved.id)).pendingCoHosts).toEqual([]);
    expect((await h.cohostInvites(jonas)).list).toEqual([]);
    // The invitation is answered (read); the organiser hears of it.
    expect((await aboutEvent(jonas, saved.id)).map((n) => n.isRead)).toEqual([true]);
    expect((await aboutEvent(maya, saved.id)).map((n) => n.message)).toEqual(['Jonas Berg accepted your invitation to co-host an event.']);
    expectNoInvitation(await h.acceptCohostCall(jonas, saved.id));
  });

  it('declining ends it: no rights, nothing waiting, and a draft they were only asked about is out of sight', async () => {
    const maya = await h.member();
    const jonas = await h.member();
    await h.connect(maya, jonas);
    const draft = await h.create(maya, { isDraft: true, CoHost: [jonas.userId] });
    const open = await h.create(maya, { CoHost: [jonas.userId] });

    const fromDraft = await h.declineCohostCall(jonas, draft.id);
    expect(body(fromDraft).message).toBe('Invitation declined.');
    expect(okData(fromDraft, cohostDeclined)).toEqual({ event: null });
    h.expectNotFound(await h.detailCall(jonas, draft.id));
    expect(await h.declineCohost(jonas, open.id)).toMatchObject({ event: { id: open.id, coHostInvite: null, canEdit: false } });
    expect((await h.detail(maya, open.id)).pendingCoHosts).toEqual([]);
    expectNoInvitation(await h.declineCohostCall(jonas, open.id));
    expect((await h.cohostInvites(jonas)).list).toEqual([]);
  });

  it('the organiser taking the name off withdraws the invitation and its notification; taking a co-host off ends their rights', async () => {
    const maya = await h.member();
    const jonas = await h.member();
    const lena = await h.member();
    await h.connect(maya, jonas);
    await h.connect(maya, lena);
    const saved = await h.create(maya, { CoHost: [jonas.userId, lena.userId] });
    await h.acceptCohost(lena, saved.id);
    expect(await aboutEvent(jonas, saved.id)).toHaveLength(1);

    const edited = await h.edit(maya, saved.id, { CoHost: [] });
    expect(edited).toMatchObject({ coHosts: [], pendingCoHosts: [] });
    expect(await aboutEvent(jonas, saved.id)).toEqual([]);
    expect((await notificationsOf(jonas)).unreadCount).toBe(0);
    expectNoInvitation(await h.acceptCohostCall(jonas, saved.id));
    expect((await h.editCall(lena, saved.id, { eventName: 'Still mine?' })).statusCode).toBe(403);
    expect(await h.ids(lena, 'type=mine')).not.toContain(saved.id);
  });

  it('is the organiser’s alone: a co-host’s save keeps the list as it is, or is refused when it changes it', async () => {
    const maya = await h.member();
    const jonas = await h.member();
    const lena = await h.member();
    await h.connect(maya, lena);
    const saved = await h.createWithCohosts(maya, [jonas]);
    await h.connect(jonas, lena);
    h.expectFieldError(await h.editCall(jonas, saved.id, { CoHost: [jonas.userId, lena.userId] }), 'CoHost', /Only the organiser chooses co-hosts/);
    h.expectFieldError(await h.editCall(jonas, saved.id, { CoHost: [] }), 'CoHost');
    // Sent back as the form loaded them, or left out: saved, co-hosts untouched.
    expect((await h.edit(jonas, saved.id, { eventName: 'A', CoHost: [jonas.userId] })).coHosts.map((c) => c.userId)).toEqual([jonas.userId]);
    expect((await h.edit(jonas, saved.id, { eventName: 'B' })).coHosts.map((c) => c.userId)).toEqual([jonas.userId]);
    expect(await aboutEvent(lena, saved.id)).toEqual([]);
  });

  it('mails a subject of fixed words and the organiser’s handle, whatever name they chose', async () => {
    const spoof = await h.member({ firstName: 'Switchback Security:', lastName: 'your account is locked, reply with your password' });
    const jonas = await h.member();
    await h.connect(spoof, jonas);
    await h.create(spoof, { CoHost: [jonas.userId] });
    await t.app.deps.mailer.flush();
    const subjects = (await mailsTo(t.dataDir, jonas.email)).map((m) => /^Subject: (.*)$/m.exec(m)?.[1]);
    expect(subjects).toContain(`@${spoof.handleName} invited you to co-host an event`);
    expect(subjects.join('\n')).not.toMatch(/locked|Security/);
  });
});

describe('inviting to an event', () => {
  it('reaches only the sender’s connections: five strangers at once are refused, and nobody is told', async () => {
    const stranger = await h.member();
    const saved = await h.create(stranger);
    const five = await Promise.all(Array.from({ length: 5 }, () => h.member()));
    const res = await h.inviteCall(stranger, saved.id, five.map((m) => m.userId));
    h.expectFieldError(res, 'userIds');
    expect(body(res).message).toBe('You can invite only members who follow you or whom you follow.');
    for (const m of five) expect((await notificationsOf(m)).list).toEqual([]);
    // A follower of the sender, or someone the sender follows, may be invited.
    await h.connect(stranger, five[0]!);
    await h.followAccepted(stranger, five[1]!);
    expect(await h.invite(stranger, saved.id, [five[0]!.userId, five[1]!.userId])).toEqual({ invited: [five[0]!.userId, five[1]!.userId] });
  });

  it('the picker lists the sender’s followers and the members they follow, and no one else', async () => {
    const maya = await h.member({ firstName: 'Maya', lastName: 'Torres' });
    const follower = await h.member({ firstName: 'Fern', lastName: 'Follower' });
    const followed = await h.member({ firstName: 'Finn', lastName: 'Followed' });
    const stranger = await h.member({ firstName: 'Stan', lastName: 'Stranger' });
    const asked = await h.member({ private: true });
    await h.connect(maya, follower);
    await h.followAccepted(maya, followed);
    await h.toggle('POST', '/api/follow', maya, asked.userId);
    expect((await h.invitable(maya)).sort()).toEqual([follower.userId, followed.userId].sort());
    expect(await h.invitable(maya, 'fern')).toEqual([follower.userId]);
    expect(await h.invitable(maya, `@${followed.handleName}`)).toEqual([followed.userId]);
    expect(await h.invitable(stranger)).toEqual([]);
  });
});

describe('the daily cap', () => {
  /** `sender` has sent `n` event invitations in the last hours, written straight into the table. */
  async function alreadySent(sender: Member, n: number) {
    const guests = await Promise.all(Array.from({ length: 8 }, () => h.member()));
    const eventIds = await Promise.all(Array.from({ length: Math.ceil(n / guests.length) }, () => insertEvent(t.db, sender.userId)));
    const rows = Array.from({ length: n }, (_, i) => ({ eventId: eventIds[Math.floor(i / guests.length)]!, userId: guests[i % guests.length]!.userId, invitedBy: sender.userId, createdAt: t.clock.now() }));
    await t.db.insert(eventInvites).values(rows);
  }

  it(`stops at ${EVENT_INVITES_PER_DAY} a day across event and co-host invitations, with a 429 that says how many are left`, async () => {
    const maya = await h.member();
    const friends = await Promise.all(Array.from({ length: 4 }, () => h.member()));
    for (const f of friends) await h.connect(maya, f);
    await alreadySent(maya, EVENT_INVITES_PER_DAY - 2);
    const saved = await h.create(maya);

    const tooMany = await h.inviteCall(maya, saved.id, friends.slice(0, 3).map((f) => f.userId));
    expect(tooMany.statusCode).toBe(429);
    expect(body(tooMany).message).toBe(`You can send 2 more invitations today (at most ${EVENT_INVITES_PER_DAY} in 24 hours). Pick fewer members.`);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
    expect(await h.invite(maya, saved.id, [friends[0]!.userId])).toEqual({ invited: [friends[0]!.userId] });
    // Inviting someone invited already costs nothing.
    expect(await h.invite(maya, saved.id, [friends[0]!.userId])).toEqual({ invited: [] });
    // The co-host invitation takes the last one of the day; the next of either kind is refused.
    expect((await h.create(maya, { CoHost: [friends[1]!.userId] })).pendingCoHosts).toHaveLength(1);
    const coHost = await h.createCall(maya, { CoHost: [friends[2]!.userId] });
    expect(coHost.statusCode).toBe(429);
    expect(body(coHost).message).toBe(`You have sent ${EVENT_INVITES_PER_DAY} invitations in the last 24 hours, the most anyone can send. Try again tomorrow.`);
    expect(await aboutEvent(friends[2]!, saved.id)).toEqual([]);
    expect((await h.inviteCall(maya, saved.id, [friends[3]!.userId])).statusCode).toBe(429);

    // A day later the earlier ones no longer count.
    t.clock.advance(days(1));
    try {
      expect(await h.invite(maya, saved.id, [friends[3]!.userId])).toEqual({ invited: [friends[3]!.userId] });
    } finally {
      t.clock.advance(-days(1));
    }
    expect(await t.db.select().from(eventInvites).where(eq(eventInvites.eventId, saved.id))).toHaveLength(2);
  });
});
