import type { Db } from '../../db/client';
import { eventCohosts, eventInvites, events } from '../../db/schema/events';
import { newSubject } from '../subjects/subject-rows';

// Events for tests of what hangs off an event (comments, reactions), written straight into the tables so those tests
// do not depend on the create form's rules: every NOT NULL column, and `published_at` exactly when not a draft.

export type TestEventInput = {
  isDraft?: boolean;
  whoCanSee?: 'public' | 'followers' | 'invite';
  eventName?: string;
};

const DAY = 24 * 60 * 60 * 1000;

/** An event organised by `userId`, a week ahead, published and public unless asked; answers its id. */
export async function insertEvent(db: Db, userId: number, input: TestEventInput = {}) {
  const startsAt = new Date(Date.UTC(2031, 4, 17, 7, 30));
  const isDraft = input.isDraft ?? false;
  const [row] = await db
    .insert(events)
    .values({
      userId,
      subjectId: await newSubject(db, 'event', userId),
      eventName: input.eventName ?? 'Sunrise gravel loop',
      sportId: 1,
      difficulty: 'moderate',
      icon: 'bike',
      isDraft,
      whoCanSee: input.whoCanSee ?? 'public',
      startsAt,
      endsAt: new Date(startsAt.getTime() + DAY / 8),
      timeZone: 'Europe/Berlin',
      publishedAt: isDraft ? null : new Date(startsAt.getTime() - 7 * DAY),
    })
    .returning({ id: events.id });
  return row!.id;
}

/** `userId` invited to the event by its organiser `invitedBy`. */
export async function inviteToEvent(db: Db, eventId: number, userId: number, invitedBy: number) {
  await db.insert(eventInvites).values({ eventId, userId, invitedBy });
}

/** `userId` a co-host of the event. */
export async function addCohost(db: Db, eventId: number, userId: number) {
  await db.insert(eventCohosts).values({ eventId, userId });
}
