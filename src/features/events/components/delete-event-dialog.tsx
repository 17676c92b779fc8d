import type { Event } from '#contract/events';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
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
    <ConfirmDialog
      title="Delete this event?"
      description={<p className="text-muted">“{event.eventName}”, its people, reactions and comments go for good. This cannot be undone.</p>}
      confirmLabel="Delete event"
      cancelLabel="Keep it"
      busy={remove.isPending}
      onConfirm={() => remove.mutate(event.id, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
