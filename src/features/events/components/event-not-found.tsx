import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/ui/button';

/** An event that does not exist, was deleted, or is not the viewer's to see: one answer for all three. */
export function EventNotFound() {
  return (
    <section aria-labelledby="event-missing" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-12 text-center">
      <h1 id="event-missing" className="text-2xl font-bold">
        This event isn’t available
      </h1>
      <p className="text-muted">It may have been deleted, or it’s only for people the organiser invited or who follow them.</p>
      <Link to="/events" className={buttonClass('primary')}>
        Back to events
      </Link>
    </section>
  );
}
