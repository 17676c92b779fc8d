import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { ReactionCode } from '#contract/feeds';
import type { Deps } from '../deps';
import { events } from '../db/schema/events';
import { feeds } from '../db/schema/feeds';
import { mapRoutes } from '../db/schema/map-routes';
import { notifications } from '../db/schema/notifications';
import { days, minutes } from '../lib/clock';
import type { Mailer } from '../lib/mailer';
import { loadActivitySubject } from '../policy/activity-access';
import { updateActivity } from '../modules/activities/activity-save';
import { activitySubject } from '../modules/activities/activity-subject';
import { importEntry } from '../modules/activities/import-service';
import { savePrivacySettings } from '../modules/activities/privacy/privacy-service';
import { commentService } from '../modules/comments/comment-service';
import { reactionService } from '../modules/reactions/reaction-service';
import { DEMO_MEMBERS } from './accounts';
import { demoActivityFile } from './activity-files';
import { DEMO_ATHLETES, planActivities, type EventRoute, type PlannedActivity } from './activity-plan';
import { seededRandom } from '../lib/seeded-random';

type Seeded = { id: number; handleName: string };
type Handle = (typeof DEMO_MEMBERS)[number]['handleName'];

const activityComments = commentService(activitySubject);
const activityReactions = reactionService(activitySubject);

/** Kudos as most people give them (one tap), and now and then another emoji. */
const KUDOS: ReactionCode[] = ['U+2764', 'U+2764', 'U+2764', 'U+1F44D', 'U+1F62E'];
/** Activities this recent collect kudos from the members who tend to give them, each in this share of them. */
const KUDOS_WITHIN_MS = days(21);
const KUDOS_CHANCE = 0.4;
/** Social life stops short of now: Priya's invitation to co-host (45 minutes ago) stays the newest notification. */
const QUIET_BEFORE_NOW_MS = minutes(50);
/** Notifications of kudos and comments older than this have been read. */
const READ_AFTER_MS = days(2);

/**
 * Gives the demo members their activities (issue 21): each member's outings over the last twelve weeks
 * (server/demo/activity-plan.ts), recorded along plausible routes near home (activity-tracks.ts) and written as the
 * GPX, TCX or FIT file their device would export (activity-files.ts), then imported through the importer's real
 * pipeline, so each has its original file, its views and its map pictures. Maya and Lena save a privacy zone around
 * home first, so others see their outings trimmed. A few activities get the title, words or audience their owner
 * gave them; four are shared by the posts that talk about them; Jonas's climb counts toward the event it was; the
 * recent ones collect kudos and comments, with their notifications. Runs once, on the demo world's first start, after
 * the posts and events it links to. `only` seeds some members' activities alone (tests).
 */
export async function seedDemoActivities(deps: Deps, members: Seeded[], options: { only?: readonly Handle[] } = {}) {
  const byHandle = new Map(members.map((m) => [m.handleName, m]));
  const member = (handle: Handle) => byHandle.get(handle) ?? failMissing(handle);
  const now = deps.clock.now();
  // The services tell members by e-mail as their settings allow: nobody is mailed about a demo that was just made.
  const silent: Mailer = { send: () => undefined, flush: () => Promise.resolve() };
  const when = (at: Date): Deps => ({ ...deps, mailer: silent, clock: { now: () => at } });
  const plan = planActivities(now, await eventRoutes(deps)).filter((a) => !options.only || options.only.includes(a.by));

  for (const handle of new Set(plan.map((a) => a.by))) {
    const { home, privacy } = DEMO_ATHLETES[handle];
    // Before the imports, so each activity's views are made once, under the zone.
    if (privacy) await savePrivacySettings(deps, member(handle).id, { zones: [{ label: privacy.label, centre: [home[0], home[1]], radius: privacy.radiusM }], hideEnds: privacy.hideEndsM });
  }

  // Two at a time: while the worker reads or draws one, the other's file is written and its rows stored.
  const imported: Imported[] = [];
  let taken = 0;
  const lane = async () => {
    while (taken < plan.length) {
      const i = taken++;
      imported[i] = await importOne(plan[i]!);
    }
  };
  const importOne = async (planned: PlannedActivity): Promise<Imported> => {
    const { samples, file } = demoActivityFile(planned);
    const owner = member(planned.by);
    const endAt = new Date(samples.at(-1)!.time * 1000);
    // Uploaded a few minutes after it ended, as a watch syncs.
    const outcome = await importEntry(when(new Date(endAt.getTime() + minutes(8))), owner.id, file, {
      timeZone: planned.zone,
      memberSports: [...DEMO_MEMBERS.find((m) => m.handleName === planned.by)!.sports],
      single: null,
    });
    if (outcome.outcome !== 'imported' || outcome.activityId === null) throw new Error(`Demo activity ${file.path} of @${planned.by} was not imported: ${outcome.reason ?? outcome.outcome}`);
    if (planned.title || planned.description || planned.visibility) {
      await updateActivity(when(new Date(endAt.getTime() + minutes(20))), owner.id, {
        id: outcome.activityId,
        title: planned.title ?? outcome.title!,
        description: planned.description ?? '',
        sportId: planned.sport,
        visibility: planned.visibility ?? 'everyone',
      });
    }
    return { planned, id: outcome.activityId, endAt, owner };
  };
  await Promise.all([lane(), lane()]);

  for (const { planned, id, owner } of imported) {
    if (!planned.sharedIn) continue;
    const linked = await deps.db
      .update(feeds)
      .set({ activityId: id })
      .where(and(eq(feeds.userId, owner.id), eq(feeds.title, planned.sharedIn), isNotNull(feeds.publishedAt)))
      .returning({ id: feeds.id });
    if (linked.length !== 1) throw new Error(`Demo post "${planned.sharedIn}" of @${planned.by} was not seeded`);
  }

  const random = seededRandom(7);
  for (const activity of imported) {
    const { planned } = activity;
    const latest = now.getTime() - QUIET_BEFORE_NOW_MS;
    // In the hours after it ended, never later than QUIET_BEFORE_NOW_MS ago; none on one that ended after that.
    const at = (n: number) => new Date(Math.min(activity.endAt.getTime() + minutes(25 + 40 * n), latest));
    if (at(0).getTime() <= activity.endAt.getTime()) continue;
    let kudos: { by: Seeded; code: ReactionCode }[];
    if (planned.kudos) kudos = planned.kudos.map((h) => ({ by: member(h), code: KUDOS[0]! }));
    else if (now.getTime() - planned.startAt.getTime() > KUDOS_WITHIN_MS) kudos = [];
    else {
      const mayView = await activitySubject.audience(deps.db, (await loadActivitySubject(deps.db, activity.id))!);
      kudos = [];
      for (const h of DEMO_ATHLETES[planned.by].kudosFrom) {
        const giver = random() < KUDOS_CHANCE ? byHandle.get(h) : undefined;
        if (giver && (await mayView(giver.id))) kudos.push({ by: giver, code: KUDOS[Math.floor(random() * KUDOS.length)]! });
      }
    }
    let n = 0;
    for (const { by, code } of kudos) await activityReactions.setReaction(when(at(n++)), by.id, activity.id, code);
    for (const c of planned.comments ?? []) await activityComments.addComment(when(at(n++)), member(c.by).id, { id: activity.id, comment: c.text });
  }
  // Read half an hour after they came, but for the last days' (as the demo member's older notifications are).
  await deps.db
    .update(notifications)
    .set({ readAt: sql`${notifications.createdAt} + interval '30 minutes'` })
    .where(
      and(
        inArray(notifications.subjectType, ['activity', 'activity_comment']),
        isNull(notifications.readAt),
        lt(notifications.createdAt, new Date(now.getTime() - READ_AFTER_MS)),
        inArray(notifications.userId, members.map((m) => m.id)),
      ),
    );
}

/** The demo events that activities take part in: their start and route, as the events step stored them. */
async function eventRoutes(deps: Deps): Promise<Map<string, EventRoute>> {
  const names = Object.values(DEMO_ATHLETES).flatMap((a) => a.specials.flatMap((s) => ('event' in s.on ? [s.on.event] : [])));
  const rows = await deps.db
    .select({ name: events.eventName, startsAt: events.startsAt, coordinates: mapRoutes.coordinates, elevations: mapRoutes.elevations })
    .from(events)
    .innerJoin(mapRoutes, eq(mapRoutes.id, events.routeId))
    .where(inArray(events.eventName, names));
  return new Map(
    rows.map((r) => {
      if (!r.elevations) throw new Error(`The route of demo event "${r.name}" has no elevations`);
      return [r.name, { startsAt: r.startsAt, route: r.coordinates.map(([lng, lat], i) => [lng, lat, r.elevations![i]!] as const) }];
    }),
  );
}

type Imported = { planned: PlannedActivity; id: number; endAt: Date; owner: Seeded };

function failMissing(handle: string): never {
  throw new Error(`Demo member @${handle} was not seeded`);
}
