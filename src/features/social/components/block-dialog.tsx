import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/** The "are you sure?" before a block: it ends the follows both ways, which an unblock does not bring back. */
export function BlockDialog({ handleName, onConfirm, onClose }: { handleName: string; onConfirm(): void; onClose(): void }) {
  return (
    <ConfirmDialog
      title={`Block @${handleName}?`}
      description={
        <p>
          They won't be able to find your profile, see your posts or follow you. You stop following each other. You can
          unblock them later under Blocked members.
        </p>
      }
      confirmLabel="Block"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
