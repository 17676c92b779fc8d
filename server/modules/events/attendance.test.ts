import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStatus, invited } from '#contract/events';
import { notificationList } from '#contract/notifications';
import { days } from '../../lib/clock';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { eventHelpers, type Member } from './event-test-helpers';

// Interested, going and the waitlist: each toggle answers the member's state and the counts; places are never
// overbooked, even when everyone clicks at once; the waitlist moves up in order.

let t: TestApp;
const h = eventHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const members = (n: number) => Promise.all(Array.from({ length: n }, () => h.member()));
const notificationsOf = async (m: Member) => okData(await h.send('GET', '/api/notifications', m.token), notificationList).list;

describe('interested', () => {
  it('toggles on and off, with the count, and stays apart from going', async () => {
    const maya = await h.member();
    const jonas = await h.member();
    const saved = await h.create(maya);
    const res = await h.interestCall(jonas, saved.id);
    expect(body(res).message).toBe('Marked as interested.');
    expect(okData(res, eventStatus)).toEqual({
      challengeId: saved.id,
      isInterested: true,
      isGoing: false,
      isWaitlisted: false,
      waitlistPosition: null,
      interestedCount: 1,
      // The organiser.
      goingCount: 1,
      waitlistCount: 0,
      capacity: null,
    });
    // Going keeps interest as it was (Meetup keeps them apart too).
    expect(await h.join(jonas, saved.id)).toMatchObject({ isInterested: true, isGoing: true, interestedCount: 1, goingCount: 2 });
    expect(await h.interest(jonas, saved.id)).toMatchObject({ isInterested: false, isGoing: true, interestedCount: 0 });
    expect((await h.detail(jonas, saved.id)).status).toMatchObject({ isInterested: false, isGoing: true });
    expect(await h.ids(jonas, 'type=going')).toContain(saved.id);
    expect(await h.ids(jonas, 'type=interested')).not.toContain(saved.id);
  });

  it('cannot be marked on an event that is over, but can be taken back', async () => {
    const maya = await h.member();
    const jonas = await h.member();
    const saved = await h.create(maya);
    await h.interest(jonas, saved.id);
    t.clock.advance(days(3));
    try {
      const late = await h.member();
      const res = await h.interestCall(late, saved.id);
      expect(res.statusCode).toBe(409);
      expect(body(res).message).toBe('This event has already ended.');
      expect(await h.interest(jonas, saved.id)).toMatchObject({ isInterested: false, interestedCount: 0 });
      const join = await h.joinCall(late, saved.id);
      expect(join.statusCode).toBe(409);
    } finally {
      t.clock.advance(-days(3));
    }
  });
});

describe('going and the waitlist', () => {
  it('joins going while there is room, then the waitlist; joining again changes nothing', async () => {
    const maya = await h.member();
    const [a, b, c] = await members(3);
    // Two places: the organiser's and one more.
    const saved = await h.create(maya, { capacity: 2 });
    expect(await h.join(a!, saved.id)).toMatchObject({ isGoing: true, isWaitlisted: false, goingCount: 2, waitlistCount: 0, capacity: 2 });
    const full = await h.joinCall(b!, saved.id);
    expect(body(full).message).toBe('The event is full: you are number 1 on the waitlist.');
    expect(okData(full, eventStatus)).toMatchObject({ isGoing: false, isWaitlisted: true, waitlistPosition: 1, goingCount: 2, waitlistCount: 1 });
    expect(await h.join(c!, saved.id)).toMatchObject({ isWaitlisted: true, waitlistPosition: 2, waitlistCount: 2 });
    expect(await h.join(b!, saved.id)).toMatchObject({ isWaitlisted: true, waitlistPosition: 1, waitlistCount: 2 });
    expect(await h.join(a!, saved.id)).toMatchObject({ isGoing: true, goingCount: 2 });
    // Leaving twice is leaving once.
    expect(await h.leave(c!, saved.id)).toMatchObject({ isWaitlisted: false, waitlistPosition: null, waitlistCount: 1 });
    expect(await h.leave(c!, saved.id)).toMatchObject({ isWaitlisted: false, waitlistCount: 1 });
  });

  it.each([1, 2, 3])('never overbooks %i place(s) when a dozen members join at once, and queues the rest in order', async (capacity) => {
    const maya = await h.member();
    const joiners = await members(12);
    // The organiser holds one more place than the members joining here.
    const saved = await h.create(maya, { capacity: capacity + 1 });
    const answers = await Promise.all(joiners.map((m) => h.join(m, saved.id)));

    const going = answers.filter((s) => s.isGoing);
    const waiting = answers.filter((s) => s.isWaitlisted);
    expect(going).toHaveLength(capacity);
    expect(waiting).toHaveLength(12 - capacity);
    // Every waiting member has their own place, 1..n, with none skipped or shared.
    expect(waiting.map((s) => s.waitlistPosition).sort((x, y) => x! - y!)).toEqual(Array.from({ length: 12 - capacity }, (_, i) => i + 1));

    const detail = await h.detail(maya, saved.id);
    expect(detail.status).toMatchObject({ goingCount: capacity + 1, waitlistCount: 12 - capacity, capacity: capacity + 1 });
    expect((await h.people(maya, saved.id, 'going')).list).toHaveLength(capacity + 1);
    // The waitlist reads in queue order: the member answered place n is n-th.
    const queue = (await h.people(maya, saved.id, 'waitlist')).list.map((m) => m.userId);
    const byPlace = joiners
      .map((m, i) => ({ userId: m.userId, status: answers[i]! }))
      .filter((x) => x.status.isWaitlisted)
      .sort((x, y) => x.status.waitlistPosition! - y.status.waitlistPosition!)
      .map((x) => x.userId);
    expect(queue).toEqual(byPlace);

    // A member going leaves: the first in the queue moves up, is told, and everyone behind moves one place on.
    const leaver = joiners[answers.findIndex((s) => s.isGoing)]!;
    expect(await h.leave(leaver, saved.id)).toMatchObject({ isGoing: false, goingCount: capacity + 1, waitlistCount: 11 - capacity });
    const first = joiners.find((m) => m.userId === queue[0])!;
    const second = joiners.find((m) => m.userId === queue[1])!;
    expect((await h.detail(first, saved.id)).status).toMatchObject({ isGoing: true, isWaitlisted: false, waitlistPosition: null });
    expect((await h.detail(second, saved.id)).status).toMatchObject({ isWaitlisted: true, waitlistPosition: 1 });
    expect((await h.people(maya, saved.id, 'going')).list.map((m) => m.userId).at(-1)).toBe(first.userId);
    expect((await notificationsOf(first)).filter((n) => n.subjectId === saved.id).map((n) => n.kind)).toEqual(['events']);
    expect(await notificationsOf(second)).toEqual([]);
  });

  it('a member leaving the waitlist gives nobody a place, and the queue closes up', async () => {
    const maya = await h.member();
    const [a, b, c, d] = await members(4);
    const saved = await h.create(maya, { capacity: 2 });
    for (const m of [a!, b!, c!, d!]) await h.join(m, saved.id);
    expect(await h.leave(b!, saved.id)).toMatchObject({ isWaitlisted: false, goingCount: 2, waitlistCount: 2 });
    expect((await h.detail(c!, saved.id)).status.waitlistPosition).toBe(1);
    expect((await h.detail(d!, saved.id)).status.waitlistPosition).toBe(2);
    expect((await h.detail(a!, saved.id)).status.isGoing).toBe(true);
  });

  it('raising the capacity moves the waiting up in order; removing it moves everyone up', async () => {
    const maya = await h.member();
    const [a, b, c, d] = await members(4);
    const saved = await h.create(maya, { capacity: 2 });
    for (const m of [a!, b!, c!, d!]) await h.join(m, saved.id);
    expect((await h.edit(maya, saved.id, { capacity: 3 })).status).toMatchObject({ goingCount: 3, waitlistCount: 2 });
    expect((await h.detail(b!, saved.id)).status.isGoing).toBe(true);
    expect((await h.detail(c!, saved.id)).status.waitlistPosition).toBe(1);
    expect((await h.edit(maya, saved.id, { capacity: null })).status).toMatchObject({ goingCount: 5, waitlistCount: 0, capacity: null });
  });
});

describe('reactions on the event', () => {
  it('show per emoji with the viewer’s own, as on posts', async () => {
    const maya = await h.member();
    const [a, b] = await members(2);
    const saved = await h.create(maya);
    const react = (m: Member, likeUniCode: string) => h.send('POST', '/api/saveProductLike', m.token, { id: saved.id, likeUniCode, type: 'challenge' });
    expect((await react(a!, 'U+2764')).statusCode).toBe(200);
    expect((await react(b!, 'U+1F44D')).statusCode).toBe(200);
    expect((await h.detail(a!, saved.id)).likes).toEqual({
      total: 2,
      mine: 'U+2764',
      // In the order of the reaction picker.
      byCode: [
        { likeUniCode: 'U+2764', count: 1 },
        { likeUniCode: 'U+1F44D', count: 1 },
      ],
    });
    expect((await h.list(maya)).list.find((e) => e.id === saved.id)?.likes).toMatchObject({ total: 2, mine: null });
  });
});

describe('who is going, interested and waiting', () => {
  it('pages each list in its own order', async () => {
    const maya = await h.member();
    const joiners = await members(5);
    const saved = await h.create(maya, { capacity: 3 });
    for (const m of joiners) {
      await h.join(m, saved.id);
      await h.interest(m, saved.id);
    }
    const ids = joiners.map((m) => m.userId);
    // The organiser first: going since the event was published.
    const going = [maya.userId, ...ids.slice(0, 2)];
    expect((await h.people(maya, saved.id, 'going')).list.map((m) => m.userId)).toEqual(going);
    expect((await h.people(maya, saved.id, 'waitlist')).list.map((m) => m.userId)).toEqual(ids.slice(2));
    const interested = await h.people(maya, saved.id, 'interested');
    expect(interested.list.map((m) => m.userId)).toEqual([...ids].reverse());
    expect(interested).toMatchObject({ total: 5, current_page: 1, next_cursor: null });
    // Members as others see them: public columns only (check 11).
    expect(Object.keys(interested.list[0]!).sort()).toEqual(['firstName', 'handleName', 'lastName', 'profileImage', 'userId']);
    // The card's avatars: the first going, in the order they got their place.
    expect((await h.detail(maya, saved.id)).goingPreview.map((m) => m.userId)).toEqual(going);
  });
});

describe('inviting', () => {
  it('hosts invite members, each newly invited is told once; others may not invite', async () => {
    const maya = await h.member({ firstName: 'Maya', lastName: 'Torres' });
    const cohost = await h.member();
    const [a, b, outsider] = await members(3);
    const saved = await h.createWithCohosts(maya, [cohost], { whoCanSee: 'invite' });
    // Each host invites among their own connections.
    await h.connect(maya, a!);
    await h.connect(cohost, a!);
    await h.connect(cohost, b!);
    const res = await h.inviteCall(maya, saved.id, [a!.userId, a!.userId, maya.userId, cohost.userId]);
    expect(okData(res, invited)).toEqual({ invited: [a!.userId] });
    expect(await h.invite(cohost, saved.id, [a!.userId, b!.userId])).toEqual({ invited: [b!.userId] });
    const told = (await notificationsOf(a!)).filter((n) => n.subjectId === saved.id);
    expect(told.map((n) => n.message)).toEqual(['Maya Torres invited you to an event.']);
    expect((await h.detail(a!, saved.id)).id).toBe(saved.id);
    // A guest cannot invite more guests; a stranger cannot even see the event.
    expect((await h.inviteCall(a!, saved.id, [outsider!.userId])).statusCode).toBe(403);
    h.expectNotFound(await h.inviteCall(outsider!, saved.id, [outsider!.userId]));
    h.expectFieldError(await h.inviteCall(maya, saved.id, [2_000_000_000]), 'userIds');
  });

  it('waits for the event to be published', async () => {
    const maya = await h.member();
    const a = await h.member();
    const draft = await h.create(maya, { isDraft: true });
    const res = await h.inviteCall(maya, draft.id, [a.userId]);
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe('Publish the event before inviting people.');
  });
});
