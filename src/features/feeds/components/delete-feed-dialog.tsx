import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteFeed } from '../feed-mutations';

/** "Delete this post?": nothing goes until the author confirms; then it leaves every list with a toast. */
export function DeleteFeedDialog({ feedId, onDeleted, onClose }: { feedId: number; onDeleted?: (() => Promise<unknown>) | undefined; onClose(): void }) {
  const remove = useDeleteFeed(onDeleted);
  return (
    <ConfirmDialog
      title="Delete this post?"
      description={<p className="text-muted">Its photos, reactions and comments go with it. This cannot be undone.</p>}
      confirmLabel="Delete post"
      cancelLabel="Keep it"
      busy={remove.isPending}
      onConfirm={() => remove.mutate(feedId, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
