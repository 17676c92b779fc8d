import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../../components/ui/button';
import { UnavailableNotice } from '../../../../components/unavailable-notice';

/** A short that does not exist, was deleted, or is not the viewer's to see: one answer for all three (check 10). */
export function ShortNotFound() {
  return (
    <UnavailableNotice
      title="This short isn’t available"
      action={
        <Link to="/shorts" className={buttonClass('primary')}>
          Back to shorts
        </Link>
      }
    >
      It may have been deleted, or it’s shared only with its author’s followers.
    </UnavailableNotice>
  );
}
