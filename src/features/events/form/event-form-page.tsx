import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Event } from '#contract/events';
import { EventNotFound } from '../components/event-not-found';
import { NoEventChosen } from '../components/no-event-chosen';
import { buttonClass } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { NotPermittedNotice } from '../../auth/components/not-permitted-notice';
import { useCan } from '../../auth/use-can';
import { eventDetailQuery } from '../api';
import { EventForm } from './event-form';

/** `/events/create`: a new event (`POST /api/challenge`). */
export function CreateEventPage() {
  const mayCreate = useCan('create_events');
  if (!mayCreate) return <NotPermittedNotice permission="create_events" />;
  return <EventFormPage event={null} />;
}

/**
 * `/events/edit?eventId=`: the event loaded into the form (`PUT /api/challenge` with its id). Only its organiser and
 * co-hosts may edit it (the server says so in `canEdit`, and checks again on save).
 */
export function EditEventPage({ eventId }: { eventId: number | undefined }) {
  const mayEdit = useCan('create_events');
  if (!mayEdit) return <NotPermittedNotice permission="create_events" />;
  if (eventId === undefined) return <NoEventChosen />;
  return <EditExisting eventId={eventId} />;
}

function EditExisting({ eventId }: { eventId: number }) {
  const query = useQuery(eventDetailQuery(eventId));
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    // A missing event and one the viewer may not see both answer 404 (check 10): one not-found state for both.
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403)) return <EventNotFound />;
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center">
        <h1 className="text-2xl font-bold">This event could not be loaded</h1>
        <button type="button" className={buttonClass('primary')} onClick={() => void query.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  if (!query.data.canEdit) return <CannotEdit event={query.data} />;
  return <EventFormPage event={query.data} />;
}

function EventFormPage({ event }: { event: Event | null }) {
  const navigate = useNavigate();
  const title = event ? (event.isDraft ? 'Edit draft event' : 'Edit event') : 'Create an event';
  return (
    <section aria-labelledby="event-form-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="event-form-title" className="text-2xl font-bold">
          {title}
        </h1>
        {event ? (
          <Link to="/events/$eventId" params={{ eventId: String(event.id) }} className={buttonClass('ghost')}>
            Cancel
          </Link>
        ) : (
          <Link to="/events" className={buttonClass('ghost')}>
            Cancel
          </Link>
        )}
      </div>
      <div className="rounded-2xl border border-line bg-surface p-4 sm:p-6">
        <EventForm
          key={event?.id ?? 'new'}
          event={event}
          // Saved: nothing is lost by leaving, so the unsaved-changes guard is not asked.
          onSaved={(saved) => void navigate({ to: '/events/$eventId', params: { eventId: String(saved.id) }, ignoreBlocker: true })}
        />
      </div>
    </section>
  );
}

function CannotEdit({ event }: { event: Event }) {
  return (
    <section aria-labelledby="event-no-edit" className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center">
      <h1 id="event-no-edit" className="text-2xl font-bold">
        You can&apos;t edit this event
      </h1>
      <p className="text-muted">Only the organiser and co-hosts of “{event.eventName}” can change it.</p>
      <Link to="/events/$eventId" params={{ eventId: String(event.id) }} className={buttonClass('primary')}>
        Go to the event
      </Link>
    </section>
  );
}
