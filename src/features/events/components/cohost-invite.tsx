import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { Event } from '#contract/events';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/ui/button';
import { displayName } from '../../../lib/display-name';
import { useCan, useManagerName } from '../../auth/use-can';
import { useAcceptCohost, useDeclineCohost } from '../detail-mutations';

type Invited = Pick<Event, 'id' | 'eventName' | 'coHostInvite'>;

/**
 * Accept and Decline for the viewer's invitation to co-host `event`, named with the event so a list of them reads
 * apart. Accepting makes them a co-host (they may edit it); declining ends the invitation. `onGone` runs before a
 * declined event the viewer may no longer see leaves the caches (its own page goes elsewhere first).
 */
export function CohostInviteAnswer({ event, onGone }: { event: Invited; onGone?: () => Promise<unknown> }) {
  const accept = useAcceptCohost();
  const decline = useDeclineCohost(onGone);
  const working = accept.isPending || decline.isPending;
  // Co-hosting needs the right to create events (issue 25); declining is anyone's.
  const mayAccept = useCan('create_events');
  const manager = useManagerName();
  const reasonId = useId();
  const buttons = (
    <div className="flex gap-2 *:flex-1 sm:*:flex-none">
      <Button
        size="sm"
        busy={accept.isPending}
        disabled={working || !mayAccept}
        aria-label={`Accept: co-host ${event.eventName}`}
        aria-describedby={mayAccept ? undefined : reasonId}
        onClick={() => accept.mutate(event.id)}
      >
        Accept
      </Button>
      <Button
        size="sm"
        variant="secondary"
        busy={decline.isPending}
        disabled={working}
        aria-label={`Decline: co-host ${event.eventName}`}
        onClick={() => decline.mutate(event.id)}
      >
        Decline
      </Button>
    </div>
  );
  if (mayAccept) return buttons;
  return (
    <div className="flex flex-col gap-1">
      {buttons}
      <p id={reasonId} className="text-xs text-muted">
        {manager} has not allowed you to co-host events.
      </p>
    </div>
  );
}

/** On the event's page: who asked the viewer to co-host it, what co-hosting means, and the answer. */
export function CohostInvitePrompt({ event, onGone }: { event: Invited; onGone?: () => Promise<unknown> }) {
  const id = useId();
  const inviter = event.coHostInvite?.invitedBy;
  if (!inviter) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-xl border border-line bg-surface-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-3">
        <Avatar src={inviter.profileImage} name={displayName(inviter)} />
        <p className="text-sm">
          <span id={id} className="block font-semibold">
            {displayName(inviter)} invited you to co-host this event
          </span>
          Co-hosts can edit it with the organiser.
        </p>
      </div>
      <CohostInviteAnswer event={event} onGone={onGone} />
    </section>
  );
}

/** A co-host invitation as a row of a list (the notifications screen): who asked, which event (a link), the answer. */
export function CohostInviteRow({ event }: { event: Event }) {
  const inviter = event.coHostInvite?.invitedBy;
  if (!inviter) return null;
  return (
    <li className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <span className="flex min-w-0 items-start gap-3">
        <Avatar src={inviter.profileImage} name={displayName(inviter)} />
        <span className="min-w-0 break-words">
          {displayName(inviter)} invited you to co-host{' '}
          <Link to="/events/$eventId" params={{ eventId: String(event.id) }} className="font-semibold underline-offset-2 hover:underline">
            {event.eventName}
          </Link>
          .
        </span>
      </span>
      <CohostInviteAnswer event={event} />
    </li>
  );
}
