import type { Feed } from '#contract/feeds';
import { displayName } from '../../../lib/display-name';
import { shareLink } from '../../../lib/share-link';

/** A short's own address (`/shorts/$feedId`), shared from the player. */
export const shareShort = (short: Pick<Feed, 'id' | 'title' | 'author'>) =>
  shareLink(`/shorts/${short.id}`, short.title || `A short by ${displayName(short.author)}`, 'Link copied. Share it with anyone who can see this short.');
