import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productLikes } from '#contract/events';
import { feedLikers } from '#contract/feeds';
import { notificationList } from '#contract/notifications';
import { events } from '../../db/schema/events';
import { reactions, subjects } from '../../db/schema/subjects';
import { exportSections } from '../account/export-sections';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { helpers, type Member } from '../notifications/test-helpers';
import { insertEvent, inviteToEvent } from './event-test-rows';

// Issue 6: reactions to events through the reaction service posts use — one per member, switching and removing, the
// counts per code and events.like_count kept in step, who reacted, the organiser told, and 404 for unseen events.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const { send, member } = helpers(() => t);

const reactCall = (who: Member, id: number, likeUniCode: string | null, type = 'challenge') => send('POST', '/api/saveProductLike', who.token, { id, likeUniCode, type });
const react = async (who: Member, id: number, likeUniCode: string | null = 'U+2764') => okData(await reactCall(who, id, likeUniCode), productLikes);
const likersCall = (who: Member, eventId: number, query = '') => send('GET', `/api/challenge/likes?challengeId=${eventId}${query}`, who.token);
const likers = async (who: Member, eventId: number, query = '') => okData(await likersCall(who, eventId, query), feedLikers);
const inbox = async (who: Member) => okData(await send('GET', '/api/notifications', who.token), notificationList).list;

/** The event's stored like count beside the reactions actually there: the two must agree. */
async function likeCounts(eventId: number) {
  const [row] = await t.db.select({ stored: subjects.likeCount, subjectId: subjects.id }).from(events).innerJoin(subjects, eq(subjects.id, events.subjectId)).where(eq(events.id, eventId));
  const rows = await t.db.select({ id: reactions.id }).from(reactions).where(eq(reactions.subjectId, row!.subjectId));
  return { stored: row!.stored, actual: rows.length };
}

describe('reactions to an event', () => {
  it('adds, switches and removes the viewer’s reaction, with counts per code kept in events.like_count', async () => {
    const organiser = await member();
    const eventId = await insertEvent(t.db, organiser.userId);
    const [a, b, c] = [await member(), await member(), await member()];
    expect(await react(a, eventId)).toEqual({ id: eventId, likes: { total: 1, mine: 'U+2764', byCode: [{ likeUniCode: 'U+2764', count: 1 }] } });
    await react(b, eventId, 'U+1F62E');
    expect((await react(c, eventId, 'U+1F62E')).likes).toEqual({
      total: 3,
      mine: 'U+1F62E',
      byCode: [
        { likeUniCode: 'U+2764', count: 1 },
        { likeUniCode: 'U+1F62E', count: 2 },
      ],
    });
    expect(await likeCounts(eventId)).toEqual({ stored: 3, actual: 3 });

    // Switching keeps the total; the message is the server's.
    const switched = await reactCall(a, eventId, 'U+1F622');
    expect(switched.json()).toMatchObject({ message: 'Reaction saved.', data: { id: eventId, likes: { total: 3, mine: 'U+1F622' } } });
    // The spec's U+1245 is thumbs-up.
    expect((await react(b, eventId, 'U+1245')).likes).toMatchObject({ total: 3, mine: 'U+1F44D' });
    expect(await likeCounts(eventId)).toEqual({ stored: 3, actual: 3 });

    // Removing lowers it; removing again changes nothing.
    expect((await react(b, eventId, null)).likes).toMatchObject({ total: 2, mine: null });
    expect((await react(b, eventId, null)).likes).toEqual({
      total: 2,
      mine: null,
      byCode: [
        { likeUniCode: 'U+1F62E', count: 1 },
        { likeUniCode: 'U+1F622', count: 1 },
      ],
    });
    expect(await likeCounts(eventId)).toEqual({ stored: 2, actual: 2 });
  });

  it('refuses an unknown reaction code and any type but challenge', async () => {
    const organiser = await member();
    const eventId = await insertEvent(t.db, organiser.userId);
    const wrongCode = await reactCall(organiser, eventId, 'U+1F4A9');
    expect(wrongCode.statusCode).toBe(400);
    expect(body(wrongCode).errors).toHaveProperty('likeUniCode');
    const wrongType = await reactCall(organiser, eventId, 'U+2764', 'feed');
    expect(wrongType.statusCode).toBe(400);
    expect(body(wrongType).errors).toHaveProperty('type');
    expect(await likeCounts(eventId)).toEqual({ stored: 0, actual: 0 });
  });

  it('lists who reacted, newest first, optionally one reaction only, paged', async () => {
    const organiser = await member();
    const eventId = await insertEvent(t.db, organiser.userId);
    const people: Member[] = [];
    for (let i = 0; i < 22; i++) {
      const m = await member();
      people.push(m);
      await react(m, eventId, i % 2 === 0 ? 'U+2764' : 'U+1F44D');
      t.clock.advance(1000);
    }
    const first = await likers(organiser, eventId);
    expect(first).toMatchObject({ total: 22, per_page: 20, last_page: 2 });
    expect(first.list.map((l) => l.userId)).toEqual(people.slice(2).reverse().map((p) => p.userId));
    expect(first.list[0]).toEqual({ userId: people[21]!.userId, handleName: people[21]!.handleName, firstName: expect.any(String), lastName: expect.any(String), profileImage: null, likeUniCode: 'U+1F44D' });
    const second = await likers(organiser, eventId, `&cursor=${first.next_cursor}`);
    expect(second.list.map((l) => l.userId)).toEqual([people[1]!.userId, people[0]!.userId]);

    // By code, the spec's U+1245 included.
    const thumbs = await likers(organiser, eventId, `&likeUniCode=${encodeURIComponent('U+1245')}`);
    expect(thumbs.total).toBe(11);
    expect(new Set(thumbs.list.map((l) => l.likeUniCode))).toEqual(new Set(['U+1F44D']));
  });

  it('tells the organiser of a new reaction, not of a switch, and never of their own', async () => {
    const organiser = await member();
    const fan = await member({ firstName: 'Robin', lastName: 'Ridge' });
    const eventId = await insertEvent(t.db, organiser.userId);
    await react(fan, eventId, 'U+2764');
    await react(fan, eventId, 'U+1F603');
    await react(organiser, eventId, 'U+2764');
    expect(await inbox(organiser)).toMatchObject([{ kind: 'likes', message: 'Robin Ridge reacted to your event.', subjectType: 'event', subjectId: eventId, actor: { userId: fan.userId } }]);
    expect(await inbox(fan)).toEqual([]);
  });

  it('an event the viewer may not see is a 404 for reacting and for its likers, and nothing changes', async () => {
    const organiser = await member();
    const stranger = await member();
    const guest = await member();
    const eventId = await insertEvent(t.db, organiser.userId, { whoCanSee: 'invite' });
    const draft = await insertEvent(t.db, organiser.userId, { isDraft: true });
    await inviteToEvent(t.db, eventId, guest.userId, organiser.userId);
    await react(guest, eventId, 'U+2764');
    for (const res of [await reactCall(stranger, eventId, 'U+2764'), await reactCall(stranger, eventId, null), await likersCall(stranger, eventId), await reactCall(stranger, draft, 'U+2764')]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(body(res).message).toBe('That event does not exist.');
    }
    expect(await likeCounts(eventId)).toEqual({ stored: 1, actual: 1 });
    expect((await likers(organiser, eventId)).list.map((l) => l.userId)).toEqual([guest.userId]);
  });
});

describe('data rights', () => {
  it('the export holds the reactions the member gave, by event id', async () => {
    const organiser = await member();
    const fan = await member();
    const first = await insertEvent(t.db, organiser.userId);
    const second = await insertEvent(t.db, organiser.userId);
    await react(fan, first, 'U+2764');
    await react(fan, second, 'U+1F62E');
    await react(organiser, first, 'U+1F44D');
    const section = exportSections.find((s) => s.name === 'reactionsAndComments')!;
    const rows = (JSON.parse(JSON.stringify(await section.collect(t.db, fan.userId))) as { reactions: unknown[] }).reactions;
    expect(rows).toEqual([
      { on: 'event', eventId: first, likeUniCode: 'U+2764', createdAt: expect.any(String) },
      { on: 'event', eventId: second, likeUniCode: 'U+1F62E', createdAt: expect.any(String) },
    ]);
  });
});
