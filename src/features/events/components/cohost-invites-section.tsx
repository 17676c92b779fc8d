import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { CohostInviteRow } from './cohost-invite';
import { cohostInvitesQuery } from '../detail-queries';

/**
 * At the top of the notifications while invitations to co-host wait for an answer: each with who asked, the event
 * and Accept / Decline. Nothing when none waits (or while they load: the notifications below say who asked anyway).
 */
export function CohostInvitesSection() {
  const headingId = useId();
  const { data } = useQuery(cohostInvitesQuery);
  if (!data || data.list.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-1 sm:p-2">
      <h2 id={headingId} className="px-3 pt-2 pb-1 text-sm font-semibold text-muted">
        Invitations to co-host
      </h2>
      <ul className="flex flex-col divide-y divide-line">
        {data.list.map((event) => (
          <CohostInviteRow key={event.id} event={event} />
        ))}
      </ul>
    </section>
  );
}
