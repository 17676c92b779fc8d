import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gear } from '../db/schema/gear';
import { users } from '../db/schema/users';
import { notFound } from '../lib/errors';
import { mayEditGear, mayViewGear } from './gear-policy';

/** Said for a piece that is missing and for one the viewer may not see alike (architecture.md: 404 for both). */
export const GEAR_NOT_FOUND = 'That gear does not exist.';

export type GearSubjectRow = { id: number; userId: number; isDraft: boolean; ownerIsPrivate: boolean };

async function loadGearSubject(db: Db, gearId: number): Promise<GearSubjectRow | undefined> {
  const [row] = await db
    .select({ id: gear.id, userId: gear.userId, isDraft: gear.isDraft, ownerIsPrivate: users.isPrivate })
    .from(gear)
    .innerJoin(users, eq(users.id, gear.userId))
    .where(eq(gear.id, gearId))
    .limit(1);
  return row;
}

/** The piece `gearId` if `viewerId` may see it (`mayViewGear`), else a 404: every read of one piece starts here. */
export async function loadViewableGear(db: Db, viewerId: number, gearId: number): Promise<GearSubjectRow> {
  const row = await loadGearSubject(db, gearId);
  if (!row || !(await mayViewGear(db, viewerId, row, { id: row.userId, isPrivate: row.ownerIsPrivate }))) throw notFound(GEAR_NOT_FOUND);
  return row;
}

/** The piece if `viewerId` may change it (`mayEditGear`), else the same 404: every write of one piece starts here. */
export async function loadOwnGear(db: Db, viewerId: number, gearId: number): Promise<GearSubjectRow> {
  const row = await loadGearSubject(db, gearId);
  if (!row || !mayEditGear(viewerId, row)) throw notFound(GEAR_NOT_FOUND);
  return row;
}
