import { useState } from 'react';
import type { Event } from '#contract/events';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { useCalendarDownload } from '../calendar-download';
import { detailWords } from '../detail-mutations';
import { InviteDialog } from './invite-dialog';

/** The address of an event's page, the link to share. */
export const eventUrl = (eventId: number) => new URL(`/events/${eventId}`, window.location.origin).href;

/**
 * Shares the page: the system share sheet where the browser has one (phones), else the link copied with a toast.
 * Closing the share sheet is not a failure.
 */
export async function shareEvent(event: Pick<Event, 'id' | 'eventName'>) {
  const url = eventUrl(event.id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: event.eventName, url });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copyLink(url);
    }
    return;
  }
  await copyLink(url);
}

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(detailWords.linkCopied);
  } catch {
    toast.failure(detailWords.linkNotCopied);
  }
}

const iconProps = { viewBox: '0 0 24 24', 'aria-hidden': true, className: 'size-4', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/**
 * Add to calendar (the `.ics`, in the event's zone, with its repeats), Share, and for the organiser and co-hosts
 * Invite. A cancelled event is nothing to put in a calendar or invite to; a draft is seen by no one to invite yet.
 */
export function DetailActions({ event }: { event: Event }) {
  const calendar = useCalendarDownload();
  const [inviting, setInviting] = useState(false);
  const open = event.cancelledAt === null;

  return (
    // On a phone the buttons share each row evenly rather than leaving a ragged edge.
    <div className="flex flex-wrap gap-2 *:flex-1 sm:*:flex-none">
      {open && (
        <Button variant="secondary" busy={calendar.isPending} onClick={() => calendar.mutate(event.id)}>
          {!calendar.isPending && (
            <svg {...iconProps}>
              <path d="M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM4 10h16M8 3v4M16 3v4M12 13v5M9.5 15.5h5" />
            </svg>
          )}
          Add to calendar
        </Button>
      )}
      {!event.isDraft && (
        <Button variant="secondary" onClick={() => void shareEvent(event)}>
          <svg {...iconProps}>
            <path d="M12 15V3M7.5 7.5 12 3l4.5 4.5M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
          </svg>
          Share
        </Button>
      )}
      {open && !event.isDraft && event.canEdit && (
        <Button variant="secondary" onClick={() => setInviting(true)}>
          <svg {...iconProps}>
            <path d="M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M19 8v6M16 11h6" />
          </svg>
          Invite
        </Button>
      )}
      {inviting && <InviteDialog eventId={event.id} onClose={() => setInviting(false)} />}
    </div>
  );
}
