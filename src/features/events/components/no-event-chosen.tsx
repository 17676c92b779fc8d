import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/ui/button';
import { useCan } from '../../auth/use-can';

/** `/events/edit` with no event named in the address: nothing was chosen, so say so and offer the ways on. */
export function NoEventChosen() {
  const mayCreate = useCan('create_events');
  return (
    <section aria-labelledby="no-event-chosen" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-12 text-center">
      <h1 id="no-event-chosen" className="text-2xl font-bold">
        No event chosen
      </h1>
      <p className="text-muted">This page edits one event, and none was picked. Open one of your events and choose Edit, or create a new one.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to="/events" search={{ type: 'mine' }} className={buttonClass('secondary')}>
          Your events
        </Link>
        {mayCreate && (
          <Link to="/events/create" className={buttonClass('primary')}>
            Create an event
          </Link>
        )}
      </div>
    </section>
  );
}
