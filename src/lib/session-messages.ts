/**
 * The words said when a session ends, apart from the catalogue in messages.ts (which holds them too, under `auth`):
 * ending a session is wired into the first load of every page, and the whole catalogue would ride along (check P1).
 */
export const sessionMessages = {
  signedOut: 'You are signed out.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  accountDeleted: 'Your account is deleted. Thank you for riding with us.',
} as const;
