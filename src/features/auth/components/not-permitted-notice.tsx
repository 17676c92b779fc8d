import { Link } from '@tanstack/react-router';
import { notPermittedMessage, type PermissionId } from '#contract/associates';
import { buttonClass } from '../../../components/ui/button';
import { UnavailableNotice } from '../../../components/unavailable-notice';

/**
 * In place of a page whose whole purpose an associate's owner has not allowed (issue 25: writing a post, creating an
 * event, editing the profile or gear), reached by its address rather than by a button, which is not offered. The
 * words are the server's own refusal, so the page and a refused request say the same.
 */
export function NotPermittedNotice({ permission }: { permission: PermissionId }) {
  return (
    <UnavailableNotice
      title="Not allowed on this account"
      action={
        <Link to="/feeds" className={buttonClass('primary')}>
          Go to the feed
        </Link>
      }
    >
      {notPermittedMessage(permission)}
    </UnavailableNotice>
  );
}
