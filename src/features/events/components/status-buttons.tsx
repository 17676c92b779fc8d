import { useId } from 'react';
import type { Event } from '#contract/events';
import { buttonClass } from '../../../components/ui/button';
import { useCan, useManagerName } from '../../auth/use-can';
import { isPast } from '../event-format';
import { isFull, useGoingToggle, useInterestedToggle } from '../status-toggle';
import { Icon } from '../../../components/icons';

/** Why the buttons are off, if they are: a draft, a cancelled event or one that is over takes no one. */
function closedReason(event: Event, now: Date): string | null {
  if (event.cancelledAt) return 'Cancelled by the organiser.';
  if (event.isDraft) return event.canEdit ? 'A draft: publish it to let people join.' : 'A draft: people can join once the organiser publishes it.';
  if (isPast(event, now)) return 'This event has ended.';
  return null;
}

/** What the organiser reads where others have Interested and Going: they are going from the moment it is published. */
function organiserText(event: Event, now: Date): string {
  if (event.isDraft) return 'A draft: only you and your co-hosts can see it. Publish it to let people join.';
  if (event.cancelledAt) return 'You cancelled this event.';
  if (isPast(event, now)) return 'You organised this event.';
  return 'You’re organising this event, and counted as going.';
}

/** What the Going button says: Going (pressed), On waitlist #n (pressed), or Join waitlist when every place is taken. */
export function goingLabel(status: Event['status']): string {
  if (status.isGoing) return 'Going';
  if (status.isWaitlisted) return status.waitlistPosition === null ? 'On waitlist' : `On waitlist #${status.waitlistPosition}`;
  return isFull(status) ? 'Join waitlist' : 'Going';
}

/**
 * Interested and Going (toggle buttons: `aria-pressed` says whether they are on). Each click shows at once and
 * settles on the server's answer; the event's name is part of each button's name, so a list of them reads apart.
 * The organiser has no toggles on their own event (they are going, and cancel rather than leave): "You're
 * organising" stands in their place. Co-hosts are hosts too, said so, and mark Going like anyone else.
 */
export function StatusButtons({ event, now }: { event: Event; now: Date }) {
  if (event.isOrganiser) {
    return (
      <p className="flex min-h-11 items-center gap-2 rounded-xl bg-surface-2 px-3 py-2 text-sm font-semibold">
        <Icon name="pennant" className="size-5 shrink-0 text-brand" strokeWidth="2" strokeLinecap="butt" />
        {organiserText(event, now)}
      </p>
    );
  }
  return <Toggles event={event} now={now} />;
}

function Toggles({ event, now }: { event: Event; now: Date }) {
  const toggleInterested = useInterestedToggle();
  const toggleGoing = useGoingToggle();
  const reasonId = useId();
  const mayJoin = useCan('join_events');
  const manager = useManagerName();
  const { status } = event;
  // An associate whose owner has not allowed joining (issue 25) sees where they stand, but cannot change it.
  const reason = closedReason(event, now) ?? (mayJoin ? null : `${manager} has not allowed you to join events.`);
  const inGoing = status.isGoing || status.isWaitlisted;
  const going = goingLabel(status);

  return (
    <div className="flex flex-col gap-2">
      {event.canEdit && <p className="text-sm font-semibold">You’re co-hosting this event.</p>}
      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          aria-pressed={status.isInterested}
          aria-label={`Interested in ${event.eventName}`}
          aria-describedby={reason ? reasonId : undefined}
          disabled={reason !== null}
          onClick={() => void toggleInterested(event)}
          className={buttonClass(status.isInterested ? 'primary' : 'secondary')}
        >
          <Icon name="star" className="size-4" fill={status.isInterested ? 'currentColor' : 'none'} strokeWidth="2" />
          Interested
        </button>
        <button
          type="button"
          aria-pressed={inGoing}
          aria-label={`${going}: ${event.eventName}`}
          aria-describedby={reason ? reasonId : undefined}
          disabled={reason !== null}
          onClick={() => void toggleGoing(event)}
          className={buttonClass(inGoing ? 'primary' : 'secondary')}
        >
          {status.isGoing && (
            <Icon name="check" className="size-4" strokeWidth="2.5" />
          )}
          {going}
        </button>
      </div>
      {reason && (
        <p id={reasonId} className="text-sm text-muted">
          {reason}
        </p>
      )}
    </div>
  );
}
