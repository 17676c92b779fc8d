import { and, count, eq } from 'drizzle-orm';
import { GEAR_PAGE_SIZE, type GearList } from '#contract/gear';
import type { Deps } from '../../deps';
import { keysetPage } from '../../db/keyset';
import { gear } from '../../db/schema/gear';
import { guardianFor } from '../../policy/guardian';
import { activityOwner } from '../activities/activity-owner';
import { gearViews, selectGearRows } from './gear-views';

/**
 * `GET /api/getUserProfileSportEquipment` (spec §7: sportId, handleName, isDraft, page): a member's gear the viewer
 * may see, newest first, keyset-paged on (created_at, id). Yours by default, drafts and retired pieces included
 * (`isDraft` narrows yours to drafts or to published ones); another member's published pieces, under their
 * profile's privacy (check 12), and a member who blocked you, or nobody, is a 404.
 */
export async function listGear(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, viewerId: number, q: { sportId?: number | undefined; userId?: number | undefined; handleName?: string | undefined; isDraft?: boolean | undefined; page?: number | undefined; cursor?: string | undefined }): Promise<GearList> {
  const { owner, closed } = await activityOwner(deps.db, viewerId, q);
  if (closed) return { list: [], current_page: q.page ?? 1, last_page: 1, per_page: GEAR_PAGE_SIZE, total: 0, next_cursor: null };
  const where = and(
    eq(gear.userId, owner.id),
    guardianFor(deps.db, viewerId).visibleGearWhere(),
    q.sportId !== undefined ? eq(gear.sportId, q.sportId) : undefined,
    q.isDraft !== undefined ? eq(gear.isDraft, q.isDraft) : undefined,
  );
  const at = keysetPage(q, { createdAt: gear.createdAt, id: gear.id }, GEAR_PAGE_SIZE);
  const rows = await selectGearRows(deps.db).where(and(where, at.where)).orderBy(...at.orderBy).limit(at.limit).offset(at.offset);
  const [total] = await deps.db.select({ n: count() }).from(gear).where(where);
  const answer = at.answer(rows, total?.n ?? 0, (r) => ({ createdAt: r.createdAt, id: r.id }));
  return { ...answer, list: await gearViews(deps, answer.list) };
}

