import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events } from '../db/schema/events';
import { visibleEventsCondition } from './event-policy';

/**
 * Who may see a route (issue 6), beside the event rules of event-policy.ts. A route has no audience of its own: it is
 * its owner's, and it is exactly as visible as the events that use it (`visibleEventsCondition`, so a route follows
 * every rule of the events: drafts, `whoCanSee`, invitations, co-hosts, a private organiser, a pending request granting
 * nothing). A route no event uses is its owner's alone. Its preview image follows it (media-policy.ts).
 */

/** The least a route must be described by for the rule: its id and its owner. */
export type RouteSubject = { id: number; userId: number };

/** Whether `viewerId` may see `route`: their own, or the route of an event they may see. */
export async function mayViewRoute(db: Db, viewerId: number, route: RouteSubject) {
  if (route.userId === viewerId) return true;
  const [usedBy] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.routeId, route.id), visibleEventsCondition(viewerId)))
    .limit(1);
  return usedBy !== undefined;
}
