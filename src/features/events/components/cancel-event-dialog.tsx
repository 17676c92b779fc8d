import type { Event } from '#contract/events';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useCancelEvent } from '../detail-mutations';

/** "Cancel this event?": the event stays, marked cancelled, and everyone going or interested is told. */
export function CancelEventDialog({ event, onClose }: { event: Pick<Event, 'id' | 'eventName'>; onClose(): void }) {
  const cancel = useCancelEvent();
  return (
    <ConfirmDialog
      title="Cancel this event?"
      description={
        <p className="text-muted">
          “{event.eventName}” stays on Switchback marked as cancelled, and everyone going, interested or waiting gets a notification. This
          cannot be undone.
        </p>
      }
      confirmLabel="Cancel event"
      cancelLabel="Keep it"
      busy={cancel.isPending}
      onConfirm={() => cancel.mutate(event.id, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
