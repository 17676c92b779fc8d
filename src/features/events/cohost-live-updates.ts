import type { LiveHandler } from '../notifications/live-updates';
import { cohostInvitesQuery } from './detail-queries';

/**
 * What the live connection changes in the invitations to co-host (the signed-in layout is given it with the other
 * areas'): an event notification may be one, to answer from the top of the notifications screen; a badge without a
 * new notification may be one its organiser withdrew. Either way they load again.
 */
export const cohostInvitesLiveUpdates: LiveHandler = (queryClient, message) => {
  if ((message.type === 'notification' && message.notification.kind === 'events') || message.type === 'badge') {
    void queryClient.invalidateQueries({ queryKey: cohostInvitesQuery.queryKey });
  }
};
