import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { useId, useState } from 'react';
import type { Event, EventStatus } from '#contract/events';
import type { MemberSummary } from '#contract/social';
import { Avatar } from '../../../components/avatar';
import { displayName } from '../../../lib/display-name';
import { formatCount } from '../../../lib/format-count';
import type { PeopleList } from '../detail-queries';
import { EventPeopleDialog, peopleTabs } from './event-people-dialog';

/** Where places stand: `12 going · 3 spots left`, full, or no limit; and the viewer's place on the waitlist. */
export function capacityText(status: EventStatus): string | null {
  if (status.capacity === null) return null;
  const left = Math.max(0, status.capacity - status.goingCount);
  if (left === 0) return status.waitlistCount > 0 ? `Full · ${formatCount(status.waitlistCount)} on the waitlist` : 'Full · new joiners go on a waitlist';
  return `${formatCount(left)} of ${formatCount(status.capacity)} ${status.capacity === 1 ? 'spot' : 'spots'} left`;
}

const WORDS: Record<PeopleList, string> = { going: 'going', interested: 'interested', waitlist: 'waiting' };

/**
 * The people of an event: who runs it (organiser, co-hosts, and for its hosts the members asked to co-host who have
 * not answered yet: each a link to their profile), how many are going (the organiser among them),
 * interested or waiting, the places left and the viewer's place on the waitlist. Each count opens its list.
 */
export function DetailPeople({ event }: { event: Event }) {
  const headingId = useId();
  const [open, setOpen] = useState<PeopleList | null>(null);
  const { status } = event;
  const capacity = capacityText(status);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 border-line bg-surface p-4 sm:rounded-2xl sm:border">
      <h2 id={headingId} className="text-lg font-bold">
        People
      </h2>

      <ul className="flex flex-col gap-2">
        <Host member={event.createdBy} role="Organiser" />
        {event.coHosts.map((m) => (
          <Host key={m.userId} member={m} role="Co-host" />
        ))}
        {event.pendingCoHosts.map((m) => (
          <Host key={m.userId} member={m} role="Invited to co-host, no answer yet" />
        ))}
      </ul>

      <div className="flex flex-col gap-2 border-t border-line pt-3">
        <div className="flex flex-wrap gap-2">
          {peopleTabs(status).map((t) => (
            <button
              key={t.list}
              type="button"
              onClick={() => setOpen(t.list)}
              aria-haspopup="dialog"
              className="flex min-h-11 items-center gap-1.5 rounded-full border border-line px-4 text-sm hover:bg-surface-2"
            >
              <span className="font-semibold tabular-nums">{formatCount(t.count)}</span> {WORDS[t.list]}
            </button>
          ))}
        </div>
        {capacity && <p className={clsx('text-sm font-medium', status.capacity !== null && status.goingCount >= status.capacity ? 'text-danger' : 'text-success')}>{capacity}</p>}
        {status.isWaitlisted && (
          <p role="status" className="text-sm font-medium">
            {status.waitlistPosition === null
              ? 'You’re on the waitlist.'
              : `You’re #${status.waitlistPosition} on the waitlist. You move up as people leave.`}
          </p>
        )}
      </div>

      {open && <EventPeopleDialog eventId={event.id} status={status} initial={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

function Host({ member, role }: { member: MemberSummary; role: string }) {
  const name = displayName(member);
  return (
    <li>
      <Link to="/profile/$username" params={{ username: member.handleName }} className="group flex min-h-12 items-center gap-3 rounded-lg">
        <Avatar src={member.profileImage} name={name} />
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-semibold group-hover:underline">{name}</span>
          <span className="truncate text-sm text-muted">
            {role} · @{member.handleName}
          </span>
        </span>
      </Link>
    </li>
  );
}
