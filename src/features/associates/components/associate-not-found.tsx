import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/ui/button';
import { UnavailableNotice } from '../../../components/unavailable-notice';

/** An associate that does not exist, was removed, or is someone else's: one answer for all three. */
export function AssociateNotFound() {
  return (
    <UnavailableNotice
      title="Associate not found"
      action={
        <Link to="/profile/associate" className={buttonClass('primary')}>
          Go to your associates
        </Link>
      }
    >
      They may have been removed, or they are not an associate of yours.
    </UnavailableNotice>
  );
}
