import { TZDate } from '@date-fns/tz';
import type { Db } from '../../db/client';
import { fieldError, notFound } from '../../lib/errors';
import { guardianFor } from '../../policy/guardian';
import { loadContentOwner, type ContentOwner } from '../../policy/social-policy';

/**
 * Whose activities a list, a summary or the sport filter is about: `userId` or `handleName`, else the viewer's own.
 * Another member's are answered only when the viewer may see their profile content (check 12); otherwise `closed`,
 * and the caller answers an empty list. A member who blocked the viewer, or nobody, is a 404 (check 13: no oracle).
 */
export async function activityOwner(db: Db, viewerId: number, by: { userId?: number | undefined; handleName?: string | undefined }): Promise<{ owner: ContentOwner; closed: boolean }> {
  if (by.userId === undefined && by.handleName === undefined) return { owner: { id: viewerId, isPrivate: false }, closed: false };
  const owner = await loadContentOwner(db, by.userId !== undefined ? { userId: by.userId } : { handleName: by.handleName! });
  if (!owner) throw notFound('That member does not exist.');
  const guardian = guardianFor(db, viewerId);
  if (await guardian.canSeeProfileContent(owner)) return { owner, closed: false };
  if (await guardian.isBlockedWith(owner.id)) throw notFound('That member does not exist.');
  return { owner, closed: true };
}

/** The zone a client named, checked: days are counted in it. An unknown zone is a 400, not UTC in disguise. */
export function checkedZone(timeZone: string | undefined, field = 'timeZone'): string {
  if (timeZone === undefined) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    throw fieldError(field, 'Not a time zone this server knows: use an IANA name like Europe/Zurich.');
  }
}

/** The instant a day (`YYYY-MM-DD`) begins in `zone`, `days` days later. */
export function dayStartIn(isoDate: string, zone: string, days = 0): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d + days, 0, 0, 0, zone).getTime());
}
