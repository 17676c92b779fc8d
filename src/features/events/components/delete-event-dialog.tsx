import type { Event } from '#contract/events';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useDeleteEvent } from '../detail-mutations';

/** "Delete this event?": nothing goes until the organiser confirms; then it leaves every list with a toast. */
export function DeleteEventDialog({
  event,
  onDeleted,
  onClose,
}: {
  event: Pick<Event, 'id' | 'eventName'>;
  onDeleted?: (() => Promise<unknown>) | undefined;
  onClose(): void;
}) {
  const remove = useDeleteEvent(onDeleted);
  return (
    <Dialog
      role="alertdialog"
      title="Delete this event?"
      description={<p className="text-muted">“{event.eventName}”, its people, reactions and comments go for good. This cannot be undone.</p>}
      onClose={onClose}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          Keep it
        </Button>
        <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate(event.id, { onSuccess: onClose })}>
          Delete event
        </Button>
      </div>
    </Dialog>
  );
}
