import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/ui/button';
import { UnavailableNotice } from '../../../components/unavailable-notice';

/** An activity that does not exist, was deleted, or is not the viewer's to see: one answer for all three (check 10). */
export function ActivityNotFound() {
  return (
    <UnavailableNotice
      title="This activity isn’t available"
      action={
        <Link to="/activities" className={buttonClass('primary')}>
          Back to activities
        </Link>
      }
    >
      It may have been deleted, or its athlete shares it only with their followers or keeps it to themselves.
    </UnavailableNotice>
  );
}
