import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/ui/button';
import { UnavailableNotice } from '../../../components/unavailable-notice';

/** A piece that does not exist, was deleted, or is a draft of someone else's: one answer for all three. */
export function GearNotFound() {
  return (
    <UnavailableNotice
      title="This gear isn’t available"
      action={
        <Link to="/profile/gears" className={buttonClass('primary')}>
          Go to your gear
        </Link>
      }
    >
      It may have been deleted, or its owner has not published it.
    </UnavailableNotice>
  );
}
