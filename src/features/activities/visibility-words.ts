import type { ActivityVisibility } from '#contract/activities';

/** Who sees an activity, as its badge and the edit form say it. */
export const VISIBILITY_WORDS: Record<ActivityVisibility, { label: string; hint: string }> = {
  everyone: { label: 'Everyone', hint: 'Anyone who can see your profile: only your followers while it is private.' },
  followers: { label: 'Followers', hint: 'Members who follow you.' },
  only_me: { label: 'Only me', hint: 'No one else.' },
};
