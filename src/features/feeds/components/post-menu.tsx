import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { feedPath } from '../mappers';
import { DeleteFeedDialog } from './delete-feed-dialog';
import { feedWords } from '../feed-words';

const itemClass = 'flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-left text-sm hover:bg-surface-2';

/**
 * A post's "⋯" options: copy its link for everyone; for its author also edit and delete (delete asks first). A
 * disclosure like the account menu: Escape or a click elsewhere closes it.
 */
export function PostMenu({ feedId, isMine, onDeleted }: { feedId: number; isMine: boolean; onDeleted?: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (e: PointerEvent) => !rootRef.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const copyLink = async () => {
    setOpen(false);
    try {
      await navigator.clipboard.writeText(new URL(feedPath(feedId), window.location.origin).href);
      toast.success(feedWords.linkCopied);
    } catch {
      toast.failure(feedWords.linkNotCopied);
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Post options"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="currentColor">
          <circle cx="5" cy="12" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="19" cy="12" r="1.8" />
        </svg>
      </button>
      {open && (
        <div id={menuId} className="absolute top-full right-0 z-20 mt-1 w-48 rounded-xl border border-line bg-surface p-1.5 shadow-lg">
          <button type="button" className={itemClass} onClick={() => void copyLink()}>
            Copy link
          </button>
          {isMine && (
            <>
              <Link to="/feeds/edit" search={{ feedId }} className={itemClass} onClick={() => setOpen(false)}>
                Edit
              </Link>
              <button
                type="button"
                className={`${itemClass} text-danger`}
                onClick={() => {
                  setOpen(false);
                  setConfirming(true);
                }}
              >
                Delete
              </button>
            </>
          )}
        </div>
      )}
      {confirming && <DeleteFeedDialog feedId={feedId} onDeleted={onDeleted} onClose={() => setConfirming(false)} />}
    </div>
  );
}
