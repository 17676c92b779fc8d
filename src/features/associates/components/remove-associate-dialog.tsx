import { useId } from 'react';
import { INDEPENDENCE_AGE, type Associate } from '#contract/associates';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useRemoveAssociate } from '../associate-mutations';

type Props = { associate: Associate; onClose(): void };

/**
 * Removing an associate: delete the account for good, or (16 and older) let them go as an independent member who
 * keeps it. Each way says what it does before the owner picks it; the dialog closes once the server has done it.
 */
export function RemoveAssociateDialog({ associate, onClose }: Props) {
  const remove = useRemoveAssociate();
  const name = `${associate.firstName} ${associate.lastName}`.trim();
  const releaseId = useId();
  const deleteId = useId();
  const mode = remove.isPending ? remove.variables.mode : null;
  const run = (chosen: 'delete' | 'release') =>
    remove.mutate({ associateId: associate.associateId, mode: chosen, name }, { onSuccess: onClose });

  return (
    <Dialog
      role="alertdialog"
      title={`Remove ${name}?`}
      description={
        <p>
          {associate.mayBecomeIndependent
            ? 'Choose what happens to their account. Neither can be undone.'
            : `They are under ${INDEPENDENCE_AGE}, so they cannot manage an account of their own yet: removing them deletes it. This cannot be undone.`}
        </p>
      }
      onClose={() => !remove.isPending && onClose()}
    >
      {/* Shown bottom to top: Cancel comes first in the order, so it has the focus when the dialog opens. */}
      <div className="flex flex-col-reverse gap-3">
        <Button variant="ghost" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <div className="flex flex-col gap-2 rounded-xl border border-line p-3">
          <p id={deleteId} className="text-sm">
            <span className="font-semibold">Delete the account.</span> Their profile, posts, shorts, activities, gear and photos are deleted for
            good, and they are signed out everywhere.
          </p>
          <Button variant="danger" aria-describedby={deleteId} busy={mode === 'delete'} disabled={remove.isPending} onClick={() => run('delete')}>
            Delete account
          </Button>
        </div>
        {associate.mayBecomeIndependent && (
          <div className="flex flex-col gap-2 rounded-xl border border-line p-3">
            <p id={releaseId} className="text-sm">
              <span className="font-semibold">Let them go as an independent member.</span> {associate.firstName} keeps the account, their posts
              and activities, and from now on manages it alone, with every permission. You no longer see or manage it.
            </p>
            <Button variant="secondary" aria-describedby={releaseId} busy={mode === 'release'} disabled={remove.isPending} onClick={() => run('release')}>
              Let them go as an independent member
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
