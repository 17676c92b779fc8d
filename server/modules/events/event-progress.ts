import { and, eq, gte, inArray, lte, or } from 'drizzle-orm';
import type { EventProgress } from '#contract/activities';
import type { MemberSummary } from '#contract/social';
import type { Db } from '../../db/client';
import { activities } from '../../db/schema/activities';
import { eventAttendees, events } from '../../db/schema/events';
import { mapRoutes } from '../../db/schema/map-routes';
import { users } from '../../db/schema/users';
import { loadViewableEvent } from '../../policy/event-access';
import { guardianFor } from '../../policy/guardian';
import { followsRoute } from '../activities/route-match';

/** An activity may start this long before the event (riding to the meeting point) and still count. */
const EARLY_MS = 60 * 60 * 1000;

/**
 * `GET /api/challenge/progress` (issue 21): each member going to an event (the organiser among them), with the
 * activities of theirs that count toward its goals: started within the event's time window, following its route when
 * it has one, and that the viewer may see (the Guardian's `visibleActivitiesWhere`; totals are whole, positions never
 * leave, check 19). Sums of distance, climb and calories against the goals; finished when every goal set is met.
 */
export async function eventProgress(db: Db, viewerId: number, eventId: number): Promise<EventProgress> {
  const event = await loadViewableEvent(db, viewerId, eventId);
  const [row] = await db
    .select({ startsAt: events.startsAt, endsAt: events.endsAt, goalDistance: events.goalDistanceM, goalElevation: events.goalElevationM, goalCalories: events.goalCalories, route: mapRoutes.coordinates })
    .from(events)
    .leftJoin(mapRoutes, eq(mapRoutes.id, events.routeId))
    .where(eq(events.id, event.id))
    .limit(1);
  const goals = { distance: row!.goalDistance, elevation: row!.goalElevation, calories: row!.goalCalories };
  const going = db.select({ userId: eventAttendees.userId }).from(eventAttendees).where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.status, 'going')));
  const members = await db
    .select({ userId: users.id, handleName: users.handleName, firstName: users.firstName, lastName: users.lastName, profileImage: users.profileImage })
    .from(users)
    .where(and(or(inArray(users.id, going), eq(users.id, event.userId)), guardianFor(db, viewerId).unblockedWhere(users.id)));
  if (members.length === 0) return { goals, list: [] };
  const counted = await db
    .select({ id: activities.id, userId: activities.userId, distance: activities.distanceM, climb: activities.elevationGainM, calories: activities.calories, line: activities.line })
    .from(activities)
    .where(
      and(
        inArray(activities.userId, members.map((m) => m.userId)),
        gte(activities.startAt, new Date(row!.startsAt.getTime() - EARLY_MS)),
        lte(activities.startAt, row!.endsAt),
        guardianFor(db, viewerId).visibleActivitiesWhere(),
      ),
    )
    .orderBy(activities.startAt);
  const route = row!.route;
  const list = members.map((member: MemberSummary) => {
    const mine = counted.filter((a) => a.userId === member.userId && (!route || (a.line !== null && followsRoute(a.line, route))));
    const distance = mine.reduce((s, a) => s + a.distance, 0);
    const elevationGain = mine.reduce((s, a) => s + (a.climb ?? 0), 0);
    const calories = mine.reduce((s, a) => s + (a.calories ?? 0), 0);
    const set = [goals.distance === null || distance >= goals.distance, goals.elevation === null || elevationGain >= goals.elevation, goals.calories === null || calories >= goals.calories];
    const anyGoal = goals.distance !== null || goals.elevation !== null || goals.calories !== null;
    return { member, activityIds: mine.map((a) => a.id), distance, elevationGain, calories, finished: anyGoal && mine.length > 0 && set.every(Boolean) };
  });
  // Furthest along first: finishers, then by distance.
  list.sort((a, b) => Number(b.finished) - Number(a.finished) || b.distance - a.distance || a.member.userId - b.member.userId);
  return { goals, list };
}
