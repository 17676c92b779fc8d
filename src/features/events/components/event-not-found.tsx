import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/ui/button';
import { UnavailableNotice } from '../../../components/unavailable-notice';

/** An event that does not exist, was deleted, or is not the viewer's to see: one answer for all three. */
export function EventNotFound() {
  return (
    <UnavailableNotice
      title="This event isn’t available"
      action={
        <Link to="/events" className={buttonClass('primary')}>
          Back to events
        </Link>
      }
    >
      It may have been deleted, or it’s only for people the organiser invited or who follow them.
    </UnavailableNotice>
  );
}
