import { and, asc, desc, eq, gte, inArray, isNull, lt, max, or, sql } from 'drizzle-orm';
import type { GearComponent } from '#contract/gear';
import type { Db } from '../../db/client';
import { activities } from '../../db/schema/activities';
import { activityGear, componentMounts, componentServices, gearComponents } from '../../db/schema/gear';

type Usage = GearComponent['total'];
const NONE: Usage = { distance: 0, movingTime: 0, activities: 0 };

/**
 * What each component has done, summed when read from the activities of the pieces it was fitted to while it was
 * (its mounts, `[from_at, to_at)` by the activity's start): in total, and since its last service (since it was
 * fitted, never serviced). An activity imported later for a day it was fitted counts; one from before does not.
 */
export async function componentUsage(db: Db, componentIds: readonly number[]) {
  const out = new Map<number, { total: Usage; sinceService: Usage; lastServicedAt: Date | null }>();
  if (componentIds.length === 0) return out;
  const ids = [...componentIds];
  const lastService = db
    .select({ componentId: componentServices.componentId, at: max(componentServices.servicedAt).as('at') })
    .from(componentServices)
    .where(inArray(componentServices.componentId, ids))
    .groupBy(componentServices.componentId)
    .as('last_service');
  const since = sql`${activities.startAt} >= coalesce(${lastService.at}, '-infinity'::timestamptz)`;
  const [rows, services] = await Promise.all([
    db
      .select({
        componentId: componentMounts.componentId,
        distance: sql<number>`coalesce(sum(${activities.distanceM}), 0)`.mapWith(Number),
        movingTime: sql<number>`coalesce(sum(${activities.movingS}), 0)`.mapWith(Number),
        count: sql<number>`count(*)`.mapWith(Number),
        distanceSince: sql<number>`coalesce(sum(${activities.distanceM}) filter (where ${since}), 0)`.mapWith(Number),
        movingTimeSince: sql<number>`coalesce(sum(${activities.movingS}) filter (where ${since}), 0)`.mapWith(Number),
        countSince: sql<number>`count(*) filter (where ${since})`.mapWith(Number),
      })
      .from(componentMounts)
      .innerJoin(activityGear, eq(activityGear.gearId, componentMounts.gearId))
      .innerJoin(
        activities,
        and(eq(activities.id, activityGear.activityId), gte(activities.startAt, componentMounts.fromAt), or(isNull(componentMounts.toAt), lt(activities.startAt, componentMounts.toAt))),
      )
      .leftJoin(lastService, eq(lastService.componentId, componentMounts.componentId))
      .where(inArray(componentMounts.componentId, ids))
      .groupBy(componentMounts.componentId),
    db.select({ componentId: lastService.componentId, at: lastService.at }).from(lastService),
  ]);
  const servicedAt = new Map(services.map((s) => [s.componentId, s.at ? new Date(s.at as unknown as string) : null]));
  for (const id of ids) out.set(id, { total: NONE, sinceService: NONE, lastServicedAt: servicedAt.get(id) ?? null });
  for (const r of rows) {
    out.set(r.componentId, {
      total: { distance: r.distance, movingTime: r.movingTime, activities: r.count },
      sinceService: { distance: r.distanceSince, movingTime: r.movingTimeSince, activities: r.countSince },
      lastServicedAt: servicedAt.get(r.componentId) ?? null,
    });
  }
  return out;
}

/** The share of its interval a component has used: the larger of distance and hours; null without an interval. */
export function wearOf(component: { serviceIntervalKm: number | null; serviceIntervalHours: number | null }, sinceService: Usage): number | null {
  const shares = [
    component.serviceIntervalKm ? sinceService.distance / (component.serviceIntervalKm * 1000) : null,
    component.serviceIntervalHours ? sinceService.movingTime / (component.serviceIntervalHours * 3600) : null,
  ].filter((s): s is number => s !== null);
  return shares.length ? Math.max(...shares) : null;
}

/** The components fitted to `gearId` now as the wire shows them, with their wear and service logs. */
export async function componentsOf(db: Db, gearId: number): Promise<GearComponent[]> {
  const rows = await db.select().from(gearComponents).where(eq(gearComponents.gearId, gearId)).orderBy(asc(gearComponents.kind), asc(gearComponents.id));
  return componentViews(db, rows);
}

export async function componentViews(db: Db, rows: readonly (typeof gearComponents.$inferSelect)[]): Promise<GearComponent[]> {
  const ids = rows.map((r) => r.id);
  const [usage, logs] = await Promise.all([
    componentUsage(db, ids),
    ids.length ? db.select().from(componentServices).where(inArray(componentServices.componentId, ids)).orderBy(desc(componentServices.servicedAt), desc(componentServices.id)) : [],
  ]);
  return rows.map((row) => {
    const used = usage.get(row.id)!;
    const wear = wearOf(row, used.sinceService);
    return {
      id: row.id,
      gearId: row.gearId,
      kind: row.kind,
      name: row.name,
      installedAt: row.installedAt.toISOString(),
      serviceIntervalKm: row.serviceIntervalKm,
      serviceIntervalHours: row.serviceIntervalHours,
      total: used.total,
      sinceService: used.sinceService,
      lastServicedAt: used.lastServicedAt?.toISOString() ?? null,
      wear,
      isDue: wear !== null && wear >= 1,
      services: logs.filter((s) => s.componentId === row.id).map((s) => ({ id: s.id, servicedAt: s.servicedAt.toISOString(), what: s.what, note: s.note })),
    };
  });
}
