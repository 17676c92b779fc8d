import { and, count, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { COMPONENT_KIND_NAMES, COMPONENTS_PER_GEAR_MAX, type ComponentInput, type GearComponent } from '#contract/gear';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { componentMounts, componentServices, gear, gearComponents } from '../../db/schema/gear';
import { users } from '../../db/schema/users';
import { fieldError, notFound } from '../../lib/errors';
import { loadOwnGear } from '../../policy/gear-access';
import { writeNotice } from '../notifications/notify';
import { withOutbox } from '../notifications/outbox';
import { componentUsage, componentViews, wearOf } from './component-usage';

const COMPONENT_NOT_FOUND = 'That component does not exist.';

/** The member's component `id`, else the 404 of one that does not exist (someone else's included: no oracle). */
async function loadOwnComponent(db: Db, userId: number, id: number) {
  const [row] = await db.select().from(gearComponents).where(and(eq(gearComponents.id, id), eq(gearComponents.userId, userId))).limit(1);
  if (!row) throw notFound(COMPONENT_NOT_FOUND);
  return row;
}

const viewOf = async (db: Db, id: number): Promise<GearComponent> =>
  (await componentViews(db, await db.select().from(gearComponents).where(eq(gearComponents.id, id))))[0]!;

/** A day in the future is refused: parts are logged once fitted, moved or serviced. */
function notAfter(now: Date, at: Date, field: string) {
  if (at.getTime() > now.getTime() + 24 * 3600 * 1000) throw fieldError(field, 'That day is still to come.');
}

/**
 * `POST /api/equipment/component`: fits a new component to the member's piece (its first mount opens at
 * `installedAt`), or with `id` changes its kind, name, fitting day and intervals; where it is changes only by a move.
 */
export async function saveComponent(deps: Pick<Deps, 'db' | 'clock'>, userId: number, input: ComponentInput): Promise<{ created: boolean; component: GearComponent }> {
  const now = deps.clock.now();
  const installedAt = new Date(input.installedAt);
  notAfter(now, installedAt, 'installedAt');
  const values = {
    kind: input.kind,
    name: input.name,
    installedAt,
    serviceIntervalKm: input.serviceIntervalKm ?? null,
    serviceIntervalHours: input.serviceIntervalHours ?? null,
    // A changed interval is judged afresh: due again, it is told again.
    dueNotifiedAt: null,
    updatedAt: now,
  };
  const id = await deps.db.transaction(async (tx) => {
    const piece = await loadOwnGear(tx, userId, input.gearId);
    if (input.id !== undefined) {
      const own = await loadOwnComponent(tx, userId, input.id);
      if (own.gearId !== piece.id) throw fieldError('gearId', 'Move it to change the piece it is on.');
      const mounts = await tx.select().from(componentMounts).where(eq(componentMounts.componentId, own.id));
      // The first mount starts when it was fitted: a new fitting day moves it (not past the day it left that piece).
      const first = mounts.reduce((a, b) => (a.fromAt <= b.fromAt ? a : b));
      const firstEnd = first.toAt ?? mounts.filter((m) => m !== first).map((m) => m.fromAt).sort((a, b) => a.getTime() - b.getTime())[0];
      if (firstEnd && installedAt >= firstEnd) throw fieldError('installedAt', 'It was fitted before it was moved: choose an earlier day.');
      await tx.update(componentMounts).set({ fromAt: installedAt }).where(and(eq(componentMounts.componentId, own.id), eq(componentMounts.fromAt, first.fromAt)));
      await tx.update(gearComponents).set(values).where(eq(gearComponents.id, own.id));
      return own.id;
    }
    const [held] = await tx.select({ n: count() }).from(gearComponents).where(eq(gearComponents.gearId, piece.id));
    if ((held?.n ?? 0) >= COMPONENTS_PER_GEAR_MAX) throw fieldError('name', `A piece holds up to ${COMPONENTS_PER_GEAR_MAX} components.`);
    const [row] = await tx
      .insert(gearComponents)
      .values({ ...values, userId, gearId: piece.id, createdAt: now })
      .returning({ id: gearComponents.id });
    await tx.insert(componentMounts).values({ componentId: row!.id, gearId: piece.id, fromAt: installedAt });
    return row!.id;
  });
  return { created: input.id === undefined, component: await viewOf(deps.db, id) };
}

/** `POST /api/equipment/component/move`: onto another of the member's pieces from `movedAt`, keeping what it did. */
export async function moveComponent(deps: Pick<Deps, 'db' | 'clock'>, userId: number, input: { id: number; gearId: number; movedAt: string }) {
  const movedAt = new Date(input.movedAt);
  notAfter(deps.clock.now(), movedAt, 'movedAt');
  await deps.db.transaction(async (tx) => {
    const own = await loadOwnComponent(tx, userId, input.id);
    const target = await loadOwnGear(tx, userId, input.gearId);
    if (target.id === own.gearId) throw fieldError('gearId', 'It is on that piece already.');
    const [open] = await tx.select().from(componentMounts).where(and(eq(componentMounts.componentId, own.id), isNull(componentMounts.toAt)));
    if (open && movedAt <= open.fromAt) throw fieldError('movedAt', 'It came onto this piece after that day: choose a later one.');
    await tx.update(componentMounts).set({ toAt: movedAt }).where(and(eq(componentMounts.componentId, own.id), isNull(componentMounts.toAt)));
    await tx.insert(componentMounts).values({ componentId: own.id, gearId: target.id, fromAt: movedAt });
    await tx.update(gearComponents).set({ gearId: target.id, updatedAt: deps.clock.now() }).where(eq(gearComponents.id, own.id));
  });
  return viewOf(deps.db, input.id);
}

/** `POST /api/equipment/component/service`: logs a service; the interval counts again from it, and may be told again. */
export async function logService(deps: Pick<Deps, 'db' | 'clock'>, userId: number, input: { id: number; servicedAt: string; what: string; note?: string | undefined }) {
  const servicedAt = new Date(input.servicedAt);
  notAfter(deps.clock.now(), servicedAt, 'servicedAt');
  await deps.db.transaction(async (tx) => {
    const own = await loadOwnComponent(tx, userId, input.id);
    if (servicedAt < own.installedAt) throw fieldError('servicedAt', 'That is before it was fitted.');
    await tx.insert(componentServices).values({ componentId: own.id, servicedAt, what: input.what, note: input.note ?? '', createdAt: deps.clock.now() });
    await tx.update(gearComponents).set({ dueNotifiedAt: null, updatedAt: deps.clock.now() }).where(eq(gearComponents.id, own.id));
  });
  return viewOf(deps.db, input.id);
}

/** `DELETE /api/equipment/component`: the component and its log. */
export async function deleteComponent(deps: Pick<Deps, 'db'>, userId: number, id: number) {
  const own = await loadOwnComponent(deps.db, userId, id);
  await deps.db.delete(gearComponents).where(eq(gearComponents.id, own.id));
}

const MILE_M = 1609.344;

/**
 * Tells the member, once, of each of their components whose service is now due (in the app and, as their settings
 * allow, by e-mail; "gear" notices). Called after anything that adds to a component's use (a new activity, gear
 * named on one); a logged service or a changed interval lets it be told again.
 */
export async function noticeServiceDue(deps: Pick<Deps, 'db' | 'bus' | 'mailer' | 'clock' | 'storage'>, userId: number) {
  const waiting = await deps.db
    .select({ component: gearComponents, gearTitle: gear.title, units: users.units })
    .from(gearComponents)
    .innerJoin(gear, eq(gear.id, gearComponents.gearId))
    .innerJoin(users, eq(users.id, gearComponents.userId))
    .where(and(eq(gearComponents.userId, userId), isNull(gearComponents.dueNotifiedAt), or(isNotNull(gearComponents.serviceIntervalKm), isNotNull(gearComponents.serviceIntervalHours))));
  if (waiting.length === 0) return;
  const usage = await componentUsage(deps.db, waiting.map((w) => w.component.id));
  const due = waiting.filter((w) => (wearOf(w.component, usage.get(w.component.id)!.sinceService) ?? 0) >= 1);
  if (due.length === 0) return;
  await withOutbox(deps, async (tx, outbox) => {
    for (const { component, gearTitle, units } of due) {
      // Claimed first: two activities saved at once tell once.
      const [claimed] = await tx
        .update(gearComponents)
        .set({ dueNotifiedAt: deps.clock.now() })
        .where(and(eq(gearComponents.id, component.id), isNull(gearComponents.dueNotifiedAt)))
        .returning({ id: gearComponents.id });
      if (!claimed) continue;
      const since = usage.get(component.id)!.sinceService;
      const far = units === 'metric' ? `${(since.distance / 1000).toFixed(1)} km` : `${(since.distance / MILE_M).toFixed(1)} mi`;
      const hours = `${(since.movingTime / 3600).toFixed(1)} h`;
      // Said by whichever interval it reached first (the larger share of its interval).
      const byDistance = component.serviceIntervalKm ? since.distance / (component.serviceIntervalKm * 1000) : -1;
      const byHours = component.serviceIntervalHours ? since.movingTime / (component.serviceIntervalHours * 3600) : -1;
      const what = byDistance >= byHours ? far : hours;
      const message = `${COMPONENT_KIND_NAMES[component.kind]} “${component.name}” on ${gearTitle} is due for a service: ${what} since ${usage.get(component.id)!.lastServicedAt ? 'its last one' : 'it was fitted'}.`;
      await writeNotice(tx, deps.clock.now(), outbox, { userId, kind: 'gear', subjectType: 'gear', subjectId: component.gearId, message });
    }
  });
}
