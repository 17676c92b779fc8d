import type { Feed } from '#contract/feeds';
import { displayName } from '../../../lib/display-name';
import { shareLink } from '../../../lib/share-link';

/** Said once a short's link is copied. */
export const SHORT_LINK_COPIED = 'Link copied. Share it with anyone who can see this short.';

/** A short's own address (`/shorts/$feedId`), shared from the player. */
export const shareShort = (short: Pick<Feed, 'id' | 'title' | 'author'>) =>
  shareLink(`/shorts/${short.id}`, short.title || `A short by ${displayName(short.author)}`, SHORT_LINK_COPIED);
