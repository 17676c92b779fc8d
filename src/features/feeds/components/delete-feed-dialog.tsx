import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useDeleteFeed } from '../feed-mutations';

/** "Delete this post?": nothing goes until the author confirms; then it leaves every list with a toast. */
export function DeleteFeedDialog({ feedId, onDeleted, onClose }: { feedId: number; onDeleted?: (() => Promise<unknown>) | undefined; onClose(): void }) {
  const remove = useDeleteFeed(onDeleted);
  return (
    <Dialog
      role="alertdialog"
      title="Delete this post?"
      description={<p className="text-muted">Its photos, reactions and comments go with it. This cannot be undone.</p>}
      onClose={onClose}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          Keep it
        </Button>
        <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate(feedId, { onSuccess: onClose })}>
          Delete post
        </Button>
      </div>
    </Dialog>
  );
}
