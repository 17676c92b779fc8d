import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

type Props = {
  title: string;
  /** What happens, in a sentence or two. */
  description: ReactNode;
  /** The button that does it, e.g. "Delete post". */
  confirmLabel: string;
  /** The button that backs out. */
  cancelLabel?: string;
  /** The action is on its way: the confirm button spins and backing out waits. */
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
};

/** The one "are you sure?" before something that cannot be undone: an alert dialog with a danger button. */
export function ConfirmDialog({ title, description, confirmLabel, cancelLabel = 'Cancel', busy = false, onConfirm, onClose }: Props) {
  return (
    <Dialog role="alertdialog" title={title} description={description} onClose={onClose}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
