import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { Event } from '#contract/events';
import { CancelEventDialog } from './cancel-event-dialog';
import { DeleteEventDialog } from './delete-event-dialog';

const itemClass = 'flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-left text-sm hover:bg-surface-2';

type Props = {
  event: Pick<Event, 'id' | 'eventName' | 'canEdit' | 'isOrganiser' | 'cancelledAt' | 'isDraft'>;
  /** The event's own page leaves for the list before a deleted event disappears from under it. */
  onDeleted?: () => Promise<unknown>;
};

/**
 * The event's "⋯" options for those who run it: Edit for the organiser and co-hosts; Cancel and Delete for the
 * organiser only, each asking first. A disclosure like the post menu: Escape or a click elsewhere closes it. Nothing
 * is shown to anyone else (sharing has its own button).
 */
export function EventMenu({ event, onDeleted }: Props) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<'cancel' | 'delete' | null>(null);
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

  if (!event.canEdit && !event.isOrganiser) return null;
  // A draft was never announced, so there is nothing to call off: it is deleted instead.
  const mayCancel = event.isOrganiser && event.cancelledAt === null && !event.isDraft;
  const confirm = (what: 'cancel' | 'delete') => {
    setOpen(false);
    setConfirming(what);
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Event options"
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
        <div id={menuId} className="absolute top-full right-0 z-20 mt-1 w-52 rounded-xl border border-line bg-surface p-1.5 shadow-lg">
          {event.canEdit && (
            <Link to="/events/edit" search={{ eventId: event.id }} className={itemClass} onClick={() => setOpen(false)}>
              Edit
            </Link>
          )}
          {mayCancel && (
            <button type="button" className={itemClass} onClick={() => confirm('cancel')}>
              Cancel event
            </button>
          )}
          {event.isOrganiser && (
            <button type="button" className={`${itemClass} text-danger`} onClick={() => confirm('delete')}>
              Delete
            </button>
          )}
        </div>
      )}
      {confirming === 'cancel' && <CancelEventDialog event={event} onClose={() => setConfirming(null)} />}
      {confirming === 'delete' && <DeleteEventDialog event={event} onDeleted={onDeleted} onClose={() => setConfirming(null)} />}
    </div>
  );
}
