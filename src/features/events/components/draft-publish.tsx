import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { Event } from '#contract/events';
import { Button } from '../../../components/ui/button';
import { useCan, useManagerName } from '../../auth/use-can';
import { usePublishEvent } from '../detail-mutations';

/**
 * A draft's own page, for its organiser and co-hosts: what a draft is, and Publish, which sends it out as it stands.
 * The server checks it first (a start already past): its message shows here, with the way to fix it.
 */
export function DraftPublish({ event }: { event: Pick<Event, 'id'> }) {
  const publish = usePublishEvent();
  const textId = useId();
  // Publishing needs the right to create events (issue 25): a co-host's owner may not have given it.
  const mayPublish = useCan('create_events');
  const manager = useManagerName();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-3 rounded-xl border border-line bg-surface-2 p-3 sm:flex-row sm:items-center sm:justify-between">
        <p id={textId} className="text-sm">
          <span className="font-semibold">This is a draft.</span> Only its organiser and co-hosts can see it.{' '}
          {mayPublish ? 'Publish it to let people join.' : `${manager} has not allowed you to publish events.`}
        </p>
        <Button busy={publish.isPending} disabled={!mayPublish} aria-describedby={textId} onClick={() => publish.mutate(event.id)} className="shrink-0">
          Publish
        </Button>
      </div>
      {publish.isError && (
        <p role="alert" className="rounded-xl bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
          {publish.error.message}{' '}
          <Link to="/events/edit" search={{ eventId: event.id }} className="underline">
            Edit the draft
          </Link>
        </p>
      )}
    </div>
  );
}
