import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { menuItemClass, OptionsMenu } from '../../../components/ui/options-menu';
import { toast } from '../../../lib/toast';
import { feedPath } from '../mappers';
import { DeleteFeedDialog } from './delete-feed-dialog';
import { feedWords } from '../feed-words';

/**
 * A post's "⋯" options: copy its link for everyone; for its author also edit and delete (delete asks first). A
 * disclosure like the account menu: Escape or a click elsewhere closes it.
 */
export function PostMenu({ feedId, isMine, onDeleted }: { feedId: number; isMine: boolean; onDeleted?: () => Promise<unknown> }) {
  const [confirming, setConfirming] = useState(false);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(new URL(feedPath(feedId), window.location.origin).href);
      toast.success(feedWords.linkCopied);
    } catch {
      toast.failure(feedWords.linkNotCopied);
    }
  };

  return (
    <>
      <OptionsMenu label="Post options">
        {(close) => (
          <>
            <button
              type="button"
              className={menuItemClass}
              onClick={() => {
                close();
                void copyLink();
              }}
            >
              Copy link
            </button>
            {isMine && (
              <>
                <Link to="/feeds/edit" search={{ feedId }} className={menuItemClass} onClick={close}>
                  Edit
                </Link>
                <button
                  type="button"
                  className={`${menuItemClass} text-danger`}
                  onClick={() => {
                    close();
                    setConfirming(true);
                  }}
                >
                  Delete
                </button>
              </>
            )}
          </>
        )}
      </OptionsMenu>
      {confirming && <DeleteFeedDialog feedId={feedId} onDeleted={onDeleted} onClose={() => setConfirming(false)} />}
    </>
  );
}
