import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event } from '#contract/events';
import { days, hours } from '../../lib/clock';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { eventHelpers, secondsOf } from './event-test-helpers';

// The organiser is going to their own event from the moment it is published (as on Meetup), and a draft is
// published from its own page (issue 17, item 3).

let t: TestApp;
const h = eventHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the organiser’s own place', () => {
  it('counts the organiser among the people going, first in the list, holding one of the places', async () => {
    const maya = await h.member();
    const [a, b] = [await h.member(), await h.member()];
    const saved = await h.create(maya, { capacity: 2 });
    expect(saved.status).toMatchObject({ isGoing: true, goingCount: 1, capacity: 2 });
    expect(await h.join(a, saved.id)).toMatchObject({ isGoing: true, goingCount: 2 });
    // Two places, both taken: the organiser's and A's.
    expect(await h.join(b, saved.id)).toMatchObject({ isWaitlisted: true, waitlistPosition: 1, goingCount: 2 });
    expect((await h.people(b, saved.id, 'going')).list.map((m) => m.userId)).toEqual([maya.userId, a.userId]);
    expect((await h.detail(b, saved.id)).goingPreview.map((m) => m.userId)).toEqual([maya.userId, a.userId]);
    expect(await h.ids(maya, 'type=going')).toContain(saved.id);
  });

  it('cannot leave the event or mark it interesting: they cancel it instead', async () => {
    const maya = await h.member();
    const saved = await h.create(maya);
    const leave = await h.leaveCall(maya, saved.id);
    expect(leave.statusCode).toBe(409);
    expect(body(leave).message).toBe('You’re organising this event, so you can’t leave it. Cancel it instead.');
    const interest = await h.interestCall(maya, saved.id);
    expect(interest.statusCode).toBe(409);
    expect(body(interest).message).toBe('You’re organising this event, so you’re going already.');
    // Joining again changes nothing.
    expect(await h.join(maya, saved.id)).toMatchObject({ isGoing: true, isInterested: false, goingCount: 1, interestedCount: 0 });
    expect((await h.detail(maya, saved.id)).status).toMatchObject({ isGoing: true, goingCount: 1 });
  });

  it('is not given to co-hosts, who mark Going like anyone else', async () => {
    const maya = await h.member();
    const jonas = await h.member();
    const saved = await h.createWithCohosts(maya, [jonas]);
    expect((await h.detail(jonas, saved.id)).status).toMatchObject({ isGoing: false, goingCount: 1 });
    expect(await h.join(jonas, saved.id)).toMatchObject({ isGoing: true, goingCount: 2 });
    expect(await h.leave(jonas, saved.id)).toMatchObject({ isGoing: false, goingCount: 1 });
  });
});

describe('publishing a draft from its page', () => {
  it('publishes it as it stands, with the spec’s words, and gives the organiser their place', async () => {
    const maya = await h.member();
    const jonas = await h.member();
    const draft = await h.create(maya, { isDraft: true, capacity: 3 });
    expect(draft.status).toMatchObject({ isGoing: false, goingCount: 0 });
    h.expectNotFound(await h.detailCall(jonas, draft.id));

    const res = await h.publishCall(maya, draft.id);
    expect(body(res).message).toBe('Event Created Successfully');
    expect(okData(res, event)).toMatchObject({ id: draft.id, isDraft: false, eventName: draft.eventName, status: { isGoing: true, goingCount: 1, capacity: 3 } });
    expect(await h.ids(jonas, 'type=upcoming')).toContain(draft.id);
    expect(await h.join(jonas, draft.id)).toMatchObject({ isGoing: true, goingCount: 2 });

    // Again: nothing changes, and it says so.
    const again = await h.publishCall(maya, draft.id);
    expect(body(again).message).toBe('This event is already published.');
    expect(okData(again, event).status.goingCount).toBe(2);
  });

  it('by a co-host too; not by anyone else', async () => {
    const maya = await h.member();
    const jonas = await h.member();
    const stranger = await h.member();
    const draft = await h.createWithCohosts(maya, [jonas], { isDraft: true, whoCanSee: 'public' });
    h.expectNotFound(await h.publishCall(stranger, draft.id));
    const published = await h.publish(jonas, draft.id);
    // The organiser's place is the organiser's, whoever pressed Publish.
    expect(published).toMatchObject({ isDraft: false, status: { isGoing: false, goingCount: 1 } });
    expect((await h.people(maya, draft.id, 'going')).list.map((m) => m.userId)).toEqual([maya.userId]);
    expect((await h.publishCall(stranger, draft.id)).statusCode).toBe(403);
  });

  it('refuses a draft whose start has passed, saying what to change', async () => {
    const maya = await h.member();
    const start = t.clock.now().getTime() + hours(2);
    const draft = await h.create(maya, { isDraft: true, startDate: secondsOf(start), endDate: secondsOf(start + hours(2)) });
    t.clock.advance(days(1));
    try {
      const res = await h.publishCall(maya, draft.id);
      h.expectFieldError(res, 'startDate', /starts in the past/);
      expect(body(res).message).toBe('This draft starts in the past. Edit it to a date and time still to come, then publish it.');
      expect(await h.detail(maya, draft.id)).toMatchObject({ isDraft: true, status: { goingCount: 0 } });
    } finally {
      t.clock.advance(-days(1));
    }
  });
});
