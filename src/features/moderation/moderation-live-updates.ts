import type { LiveHandler } from '../notifications/live-updates';
import { moderationKeys } from './api';

/** A live notice of a decision about the member (or of their appeal's outcome): "Decisions about you" is asked again. */
export const moderationLiveUpdates: LiveHandler = (queryClient, message) => {
  if (message.type === 'notification' && message.notification.kind === 'moderation' && message.notification.subjectType === 'decision') {
    void queryClient.invalidateQueries({ queryKey: moderationKeys.decisions() });
  }
};
