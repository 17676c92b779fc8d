import { useState } from 'react';
import type { Event } from '#contract/events';
import { Button } from '../../../components/ui/button';
import { shareLink } from '../../../lib/share-link';
import { useCan } from '../../auth/use-can';
import { useCalendarDownload } from '../calendar-download';
import { detailWords } from '../detail-mutations';
import { InviteDialog } from './invite-dialog';
import { Icon } from '../../../components/icons';

/** Shares the event's page (lib/share-link.ts). */
export const shareEvent = (event: Pick<Event, 'id' | 'eventName'>) => shareLink(`/events/${event.id}`, event.eventName, detailWords.linkCopied);

const iconProps = { className: 'size-4', strokeWidth: 2 } as const;

/**
 * Add to calendar (the `.ics`, in the event's zone, with its repeats), Share, and for the organiser and co-hosts
 * Invite. A cancelled event is nothing to put in a calendar or invite to; a draft is seen by no one to invite yet.
 */
export function DetailActions({ event }: { event: Event }) {
  const calendar = useCalendarDownload();
  const [inviting, setInviting] = useState(false);
  const open = event.cancelledAt === null;
  const mayInvite = useCan('create_events') && event.canEdit;

  return (
    // On a phone the buttons share each row evenly rather than leaving a ragged edge.
    <div className="flex flex-wrap gap-2 *:flex-1 sm:*:flex-none">
      {open && (
        <Button variant="secondary" busy={calendar.isPending} onClick={() => calendar.mutate(event.id)}>
          {!calendar.isPending && (
            <Icon name="calendarAdd" {...iconProps} />
          )}
          Add to calendar
        </Button>
      )}
      {!event.isDraft && (
        <Button variant="secondary" onClick={() => void shareEvent(event)}>
          <Icon name="share" {...iconProps} />
          Share
        </Button>
      )}
      {open && !event.isDraft && mayInvite && (
        <Button variant="secondary" onClick={() => setInviting(true)}>
          <Icon name="userPlus" {...iconProps} />
          Invite
        </Button>
      )}
      {inviting && <InviteDialog eventId={event.id} onClose={() => setInviting(false)} />}
    </div>
  );
}
