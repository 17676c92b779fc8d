import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteFeed } from '../feed-mutations';

const WORDS = {
  post: { title: 'Delete this post?', goes: 'Its photos, reactions and comments go with it.', confirm: 'Delete post' },
  short: { title: 'Delete this short?', goes: 'Its video, reactions and comments go with it.', confirm: 'Delete short' },
} as const;

/**
 * "Delete this post?" (or short): nothing goes until the author confirms; then it leaves every list with the spec's
 * toast.
 */
export function DeleteFeedDialog({
  feedId,
  kind = 'post',
  onDeleted,
  onClose,
}: {
  feedId: number;
  kind?: keyof typeof WORDS;
  onDeleted?: (() => Promise<unknown>) | undefined;
  onClose(): void;
}) {
  const remove = useDeleteFeed(onDeleted);
  const words = WORDS[kind];
  return (
    <ConfirmDialog
      title={words.title}
      description={<p className="text-muted">{words.goes} This cannot be undone.</p>}
      confirmLabel={words.confirm}
      cancelLabel="Keep it"
      busy={remove.isPending}
      onConfirm={() => remove.mutate(feedId, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
