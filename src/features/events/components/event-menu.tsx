import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Event } from '#contract/events';
import { menuItemClass, OptionsMenu } from '../../../components/ui/options-menu';
import { useCan } from '../../auth/use-can';
import { ReportDialog } from '../../reports/components/report-dialog';
import { CancelEventDialog } from './cancel-event-dialog';
import { DeleteEventDialog } from './delete-event-dialog';

type Props = {
  event: Pick<Event, 'id' | 'eventName' | 'canEdit' | 'isOrganiser' | 'cancelledAt' | 'isDraft' | 'createdBy'>;
  /** The event's own page leaves for the list before a deleted event disappears from under it. */
  onDeleted?: () => Promise<unknown>;
};

/**
 * The event's "⋯" options: for those who run it, Edit for the organiser and co-hosts, Cancel and Delete for the
 * organiser only, each asking first; for everyone else, Report (sharing has its own button). A disclosure like the
 * post menu: Escape or a click elsewhere closes it.
 */
export function EventMenu({ event, onDeleted }: Props) {
  const [confirming, setConfirming] = useState<'cancel' | 'delete' | 'report' | null>(null);
  const runsIt = event.canEdit || event.isOrganiser;
  // Cancelling and deleting stay an associate's own to do; editing needs the right to create events (issue 25).
  const mayEdit = useCan('create_events') && event.canEdit;
  // A draft was never announced, so there is nothing to call off: it is deleted instead.
  const mayCancel = event.isOrganiser && event.cancelledAt === null && !event.isDraft;

  return (
    <>
      <OptionsMenu label="Event options" className="w-52">
        {(close) => {
          const confirm = (what: 'cancel' | 'delete' | 'report') => {
            close();
            setConfirming(what);
          };
          return (
            <>
              {mayEdit && (
                <Link to="/events/edit" search={{ eventId: event.id }} className={menuItemClass} onClick={close}>
                  Edit
                </Link>
              )}
              {mayCancel && (
                <button type="button" className={menuItemClass} onClick={() => confirm('cancel')}>
                  Cancel event
                </button>
              )}
              {event.isOrganiser && (
                <button type="button" className={`${menuItemClass} text-danger`} onClick={() => confirm('delete')}>
                  Delete
                </button>
              )}
              {!runsIt && (
                <button type="button" className={menuItemClass} onClick={() => confirm('report')}>
                  Report
                </button>
              )}
            </>
          );
        }}
      </OptionsMenu>
      {confirming === 'cancel' && <CancelEventDialog event={event} onClose={() => setConfirming(null)} />}
      {confirming === 'delete' && <DeleteEventDialog event={event} onDeleted={onDeleted} onClose={() => setConfirming(null)} />}
      {confirming === 'report' && (
        <ReportDialog
          subject={{ kind: 'event', id: event.id, name: 'this event', userId: event.createdBy.userId, handleName: event.createdBy.handleName }}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
