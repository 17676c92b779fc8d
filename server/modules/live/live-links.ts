import { eq } from 'drizzle-orm';
import { LINK_GONE, type SharedLive } from '#contract/live';
import type { Deps } from '../../deps';
import { liveLinks } from '../../db/schema/live';
import { notFound } from '../../lib/errors';
import { sha256 } from '../../lib/secrets';
import { loadLive } from '../../policy/live-access';
import { sharedViewOf } from './live-views';

/**
 * What a share link opens (issue 26): found by the SHA-256 of its token (the token is never stored); expired, turned
 * off, or its session gone: one 404 for all, which says nothing of which. An ended session shows that it ended, with
 * no track. Only the first name and this session's map: the link is no key to anything else of the app.
 */
export async function sharedLiveOf(deps: Pick<Deps, 'db' | 'clock'>, token: string): Promise<SharedLive> {
  const [link] = await deps.db.select().from(liveLinks).where(eq(liveLinks.tokenHash, sha256(token))).limit(1);
  const now = deps.clock.now();
  if (!link || link.revokedAt || link.expiresAt <= now) throw notFound(LINK_GONE);
  const live = await loadLive(deps.db, link.liveId);
  if (!live) throw notFound(LINK_GONE);
  return sharedViewOf(deps.db, live, link.expiresAt);
}
