import type { LiveAudience, LiveStatus } from '#contract/live';

/** Who may watch, as the start form offers it and the sharer's panel repeats it. */
export const AUDIENCE_WORDS: Record<LiveAudience, { label: string; hint: string }> = {
  followers: { label: 'Followers', hint: 'Members who follow you, and your safety contacts.' },
  chosen: { label: 'Members I choose', hint: 'Only the members you pick below, and your safety contacts.' },
  contacts: { label: 'Only my safety contacts', hint: 'No one else sees where you are.' },
};

export const STATUS_WORDS: Record<LiveStatus, string> = { live: 'Live', paused: 'Paused', ended: 'Ended' };

/** Said wherever a watched session stops being visible: ended, revoked, or never theirs to see. */
export const SESSION_GONE = 'This live session is no longer available.';
export const LOCATION_DENIED = 'Switchback may not use your location. Allow location access for this site in your browser settings, then try again.';
export const LOCATION_UNSUPPORTED = 'This browser cannot share your location.';
export const LOCATION_UNAVAILABLE = 'Your position cannot be found right now. Sharing resumes as soon as it can.';
