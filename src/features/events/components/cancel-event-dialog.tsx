import type { Event } from '#contract/events';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useCancelEvent } from '../detail-mutations';

/** "Cancel this event?": the event stays, marked cancelled, and everyone going or interested is told. */
export function CancelEventDialog({ event, onClose }: { event: Pick<Event, 'id' | 'eventName'>; onClose(): void }) {
  const cancel = useCancelEvent();
  return (
    <Dialog
      role="alertdialog"
      title="Cancel this event?"
      description={
        <p className="text-muted">
          “{event.eventName}” stays on Switchback marked as cancelled, and everyone going, interested or waiting gets a notification. This
          cannot be undone.
        </p>
      }
      onClose={onClose}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={cancel.isPending}>
          Keep it
        </Button>
        <Button variant="danger" busy={cancel.isPending} onClick={() => cancel.mutate(event.id, { onSuccess: onClose })}>
          Cancel event
        </Button>
      </div>
    </Dialog>
  );
}
