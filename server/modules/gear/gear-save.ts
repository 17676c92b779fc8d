import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { sportName } from '#contract/sports';
import { GEAR_DETAIL_KEYS, GEAR_PER_MEMBER_MAX, GEAR_YEAR_MIN, gearOptionsOf, gearYearMax, type Gear, type GearDetailKey, type GearInput } from '#contract/gear';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { gear, gearImages } from '../../db/schema/gear';
import { fieldError, FieldErrors } from '../../lib/errors';
import { loadOwnGear } from '../../policy/gear-access';
import { detachUploads } from '../media/attach';
import { orderedPhotos } from '../media/ordered-photos';
import { gearViewOf } from './gear-views';

/** The wire's detail keys and the columns that keep them. */
const COLUMN: Record<GearDetailKey, keyof typeof gear.$inferInsert> = {
  wheelsize: 'wheelSize',
  framesize: 'frameSize',
  frontTravel: 'frontTravelMm',
  rearTravel: 'rearTravelMm',
  buildKit: 'buildKit',
  motor: 'motor',
  batteryWh: 'batteryWh',
  category: 'category',
  size: 'size',
};

/**
 * The details of `input` checked against its sport's options (contract/gear.ts GEAR_OPTIONS), as columns: a field the
 * sport has not is refused (a form that switched sport sends it empty), a choice must be one of its list, a number
 * in its range. Every field is named at once. Empty text reads as not given.
 */
function checkedDetails(input: GearInput, now: Date) {
  const errors = new FieldErrors();
  const fields = new Map(gearOptionsOf(input.sportId).map((f) => [f.key, f]));
  const columns: Partial<typeof gear.$inferInsert> = {};
  for (const key of GEAR_DETAIL_KEYS) {
    const raw = input[key];
    const value = raw === '' ? null : (raw ?? null);
    (columns as Record<string, unknown>)[COLUMN[key]] = value;
    if (value === null) continue;
    const field = fields.get(key);
    if (!field) errors.add(key, `${sportName(input.sportId)} gear has no ${key === 'batteryWh' ? 'battery' : key.replace(/([A-Z])/g, ' $1').toLowerCase()}: leave it empty.`);
    else if (field.type === 'select' && !field.choices.includes(String(value))) errors.add(key, `Choose one of: ${field.choices.join(', ')}.`);
    else if (field.type === 'number' && (typeof value !== 'number' || value < field.min || value > field.max)) errors.add(key, `${field.label} is ${field.min} to ${field.max} ${field.unit}.`);
    else if (field.type === 'text' && String(value).length > field.maxLength) errors.add(key, `At most ${field.maxLength} characters.`);
  }
  const yearMax = gearYearMax(now);
  if (input.year != null && (input.year < GEAR_YEAR_MIN || input.year > yearMax)) errors.add('year', `Enter a year from ${GEAR_YEAR_MIN} to ${yearMax}.`);
  if (input.isDefault && input.isDraft) errors.add('isDefault', 'Publish it to make it your default.');
  errors.throwIfAny();
  return columns;
}

/**
 * `POST /api/userSaveEquipment`: creates a piece, or with `id` replaces the owner's piece (spec §4: create versus
 * edit by id; someone else's id is the 404 of a missing one). A default unsets the sport's other default first.
 */
export async function saveGear(deps: Deps, userId: number, input: GearInput): Promise<{ created: boolean; gear: Gear }> {
  const now = deps.clock.now();
  const details = checkedDetails(input, now);
  const id = await deps.db.transaction(async (tx) => {
    const own = input.id !== undefined ? await loadOwnGear(tx, userId, input.id) : undefined;
    if (!own) {
      const [held] = await tx.select({ n: count() }).from(gear).where(eq(gear.userId, userId));
      if ((held?.n ?? 0) >= GEAR_PER_MEMBER_MAX) throw fieldError('title', `You can keep up to ${GEAR_PER_MEMBER_MAX} pieces of gear: delete one you no longer have.`);
    }
    const values = {
      sportId: input.sportId,
      title: input.title,
      brand: input.brand ?? '',
      model: input.model ?? '',
      year: input.year ?? null,
      notes: input.notes ?? '',
      isDraft: input.isDraft,
      isDefault: input.isDefault ?? false,
      ...details,
      updatedAt: now,
    };
    if (values.isDefault) {
      await tx
        .update(gear)
        .set({ isDefault: false })
        .where(and(eq(gear.userId, userId), eq(gear.sportId, input.sportId), eq(gear.isDefault, true), own ? ne(gear.id, own.id) : undefined));
    }
    const gearId = own
      ? (await tx.update(gear).set(values).where(eq(gear.id, own.id)).returning({ id: gear.id }))[0]!.id
      : (await tx.insert(gear).values({ ...values, userId, createdAt: now }).returning({ id: gear.id }))[0]!.id;
    await savePhotos(tx, now, userId, gearId, input.images ?? []);
    return gearId;
  });
  return { created: input.id === undefined, gear: await gearViewOf(deps, id) };
}

async function savePhotos(tx: Db, now: Date, userId: number, gearId: number, keys: readonly string[]) {
  const current = await tx.select({ key: gearImages.uploadKey }).from(gearImages).where(eq(gearImages.gearId, gearId));
  const photos = await orderedPhotos(tx, {
    userId,
    purpose: 'gear',
    keys,
    current: current.map((c) => c.key),
    now,
    what: 'piece of gear',
    takenElsewhere: async (wanted) =>
      (await tx.select({ key: gearImages.uploadKey }).from(gearImages).where(and(inArray(gearImages.uploadKey, [...wanted]), ne(gearImages.gearId, gearId))).limit(1)).length > 0,
  });
  await tx.delete(gearImages).where(eq(gearImages.gearId, gearId));
  if (photos.length > 0) await tx.insert(gearImages).values(photos.map((photo) => ({ gearId, ...photo })));
}

/** `POST /api/equipment/retire`: out of the pickers (and no longer the default), kept with its totals; or back. */
export async function retireGear(deps: Deps, userId: number, input: { id: number; retired: boolean }): Promise<Gear> {
  const own = await loadOwnGear(deps.db, userId, input.id);
  const now = deps.clock.now();
  await deps.db
    .update(gear)
    .set(input.retired ? { retiredAt: now, isDefault: false, updatedAt: now } : { retiredAt: null, updatedAt: now })
    .where(eq(gear.id, own.id));
  return gearViewOf(deps, own.id);
}

/** `DELETE /api/deleteEquipment`: the piece, its photos (swept a day later) and its place on activities. */
export async function deleteGear(deps: Deps, userId: number, gearId: number) {
  await deps.db.transaction(async (tx) => {
    const own = await loadOwnGear(tx, userId, gearId);
    const photos = await tx.select({ key: gearImages.uploadKey }).from(gearImages).where(eq(gearImages.gearId, own.id));
    await detachUploads(tx, { userId, keys: photos.map((p) => p.key) });
    await tx.delete(gear).where(eq(gear.id, own.id));
  });
}
