import { useState } from 'react';
import type { ActivityDetail } from '#contract/activities';
import { Icon } from '../../../components/icons';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { menuItemClass, OptionsMenu } from '../../../components/ui/options-menu';
import { useCan } from '../../auth/use-can';
import { ReportDialog } from '../../reports/components/report-dialog';
import { useActivityDownload, useDeleteActivity } from '../detail-mutations';
import { ActivityEditDialog } from './activity-edit-dialog';

const iconProps = { className: 'size-4', strokeWidth: 2 } as const;

/**
 * What anyone may do with an activity they see: download its track as GPX (the server trims it at the owner's privacy
 * zones for others); and the owner, share it as a post. `onShare` comes from the route, which knows the post composer;
 * without it there is no share button.
 */
export function ActivityActions({ activity, onShare }: { activity: ActivityDetail; onShare?: ((activityId: number) => void) | undefined }) {
  const gpx = useActivityDownload('gpx');
  const share = useCan('post') && activity.isOwner && onShare;
  if (!share && !activity.hasTrack) return null;
  return (
    // Full width, one under the other, on a phone; side by side from a tablet up.
    <div className="flex flex-col gap-2 sm:flex-row">
      {share && (
        <Button onClick={() => share(activity.id)}>
          <Icon name="share" {...iconProps} />
          Share as a post
        </Button>
      )}
      {activity.hasTrack && (
        <Button variant="secondary" busy={gpx.isPending} onClick={() => gpx.mutate(activity.id)}>
          {!gpx.isPending && <Icon name="routeMap" {...iconProps} />}
          Download GPX
        </Button>
      )}
    </div>
  );
}

/**
 * The "⋯" options. The owner's: Edit (a dialog), the original file it was imported from, and Delete, which asks first
 * and then leaves for the list (`onDeleted`) before the activity leaves every cache. Anyone else's: Report, for a
 * community rule (issue 20's dialog; the activity leaves their lists once sent).
 */
export function ActivityMenu({ activity, onDeleted }: { activity: ActivityDetail; onDeleted(): Promise<unknown> }) {
  const [open, setOpen] = useState<'edit' | 'delete' | 'report' | null>(null);
  const original = useActivityDownload('original');
  const remove = useDeleteActivity(onDeleted);
  // Editing saves the activity again, which an associate needs the right to add activities for (issue 25).
  const mayEdit = useCan('record_activities');
  const close = () => setOpen(null);
  // A menu item that closes the menu and opens one of the dialogs below.
  const opens = (closeMenu: () => void, dialog: NonNullable<typeof open>, label: string, className = menuItemClass) => (
    <button
      type="button"
      className={className}
      onClick={() => {
        closeMenu();
        setOpen(dialog);
      }}
    >
      {label}
    </button>
  );
  return (
    <>
      <OptionsMenu label="Activity options" className="w-60">
        {(closeMenu) =>
          activity.isOwner ? (
            <>
              {mayEdit && opens(closeMenu, 'edit', 'Edit')}
              {activity.hasOriginalFile && (
                <button
                  type="button"
                  className={menuItemClass}
                  disabled={original.isPending}
                  onClick={() => original.mutate(activity.id, { onSettled: closeMenu })}
                >
                  {original.isPending ? 'Downloading the original file…' : 'Download original file'}
                </button>
              )}
              {opens(closeMenu, 'delete', 'Delete', `${menuItemClass} text-danger`)}
            </>
          ) : (
            opens(closeMenu, 'report', 'Report')
          )
        }
      </OptionsMenu>
      {open === 'report' && (
        <ReportDialog
          subject={{ kind: 'activity', id: activity.id, name: 'this activity', userId: activity.author.userId, handleName: activity.author.handleName }}
          onClose={close}
        />
      )}
      {open === 'edit' && <ActivityEditDialog activity={activity} onClose={close} />}
      {open === 'delete' && (
        <ConfirmDialog
          title="Delete this activity?"
          description={<p className="text-muted">“{activity.title}”, its track, kudos and comments go for good. This cannot be undone.</p>}
          confirmLabel="Delete activity"
          cancelLabel="Keep it"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(activity.id, { onSuccess: close })}
          onClose={close}
        />
      )}
    </>
  );
}
