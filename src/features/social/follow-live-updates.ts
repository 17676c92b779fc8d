import type { LiveHandler } from '../notifications/live-updates';
import { socialKeys } from './api';
import { patchRelationship } from './relationship-cache';

/**
 * What the live connection changes in the social caches (the signed-in layout is given it with the other areas'):
 * a relationship message goes wherever the member is cached, and the waiting requests and profiles that a
 * notification or a badge say are out of date are asked for again.
 */
export const followLiveUpdates: LiveHandler = (queryClient, message, badgeBefore) => {
  switch (message.type) {
    case 'notification':
      if (message.notification.kind === 'follow_request') void queryClient.invalidateQueries({ queryKey: socialKeys.followListsOf('requests') });
      // An accepted request opens a private profile to the viewer: it must be asked for again.
      if (message.notification.kind === 'request_accepted') void queryClient.invalidateQueries({ queryKey: [...socialKeys.all, 'member'] });
      return;
    case 'badge':
      // A request withdrawn, or answered on another device: the waiting list is not what is cached.
      if (badgeBefore && badgeBefore.newFollowerRequestCount !== message.badge.newFollowerRequestCount) {
        void queryClient.invalidateQueries({ queryKey: socialKeys.followListsOf('requests') });
      }
      return;
    case 'relationship':
      patchRelationship(queryClient, message.relationship);
      return;
  }
};
