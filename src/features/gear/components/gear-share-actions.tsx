import { useState } from 'react';
import type { Feed } from '#contract/feeds';
import type { Gear } from '#contract/gear';
import { Icon } from '../../../components/icons';
import { Button } from '../../../components/ui/button';
import { copyLink, shareLink } from '../../../lib/share-link';
import { useCan } from '../../auth/use-can';
import { gearWords } from '../gear-words';
import { PostAboutGearDialog } from './post-about-gear-dialog';

/**
 * Sharing a piece: "Copy link" for everyone who sees it, the system share sheet where the browser has one, and, for
 * its owner, "Post about it" once it is published (a draft says why it cannot be).
 */
export function GearShareActions({ gear, own, onPosted }: { gear: Gear; own: boolean; onPosted?: ((post: Feed) => unknown) | undefined }) {
  const [posting, setPosting] = useState(false);
  const mayPost = useCan('post');
  const path = `/gears/${gear.id}`;
  const canShareSheet = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => void copyLink(path, gearWords.linkCopied)}>
        Copy link
      </Button>
      {canShareSheet && (
        <Button variant="secondary" size="sm" onClick={() => void shareLink(path, gear.title, gearWords.linkCopied)}>
          <Icon name="share" className="size-4" strokeWidth="2" />
          Share…
        </Button>
      )}
      {own &&
        mayPost &&
        (gear.isDraft ? (
          <p className="flex min-h-11 items-center text-sm text-muted">{gearWords.postAboutDraft}</p>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setPosting(true)}>
            <Icon name="feeds" className="size-4" strokeWidth="2" />
            Post about it
          </Button>
        ))}
      {posting && <PostAboutGearDialog gear={gear} onClose={() => setPosting(false)} onPosted={onPosted} />}
    </>
  );
}
