import { followListQuery } from './social';

/**
 * Block and mute (issue 20). `POST /api/block` and `POST /api/following/notification` (mute) take `userIdBody`
 * (contract/social.ts) and toggle: each answers the relationship (`relationship`, contract/social.ts) with a message
 * that names the member and reads "<name> is blocked now." / "<name> is unblocked." / "<name> is muted now." /
 * "<name> is unmuted." (spec §4: a client may read ' blocked ' or ' muted ' in it).
 *
 * `GET /api/user/blocked/list` and `GET /api/user/muted/list`: the members the viewer blocked or muted, newest first,
 * searchable by name or handle, paged like every member list (`memberList`).
 */
export const moderationListQuery = followListQuery;

/** The wording of the toggles' answers, shared by the server that writes it and the client that shows it. */
export const moderationMessages = {
  blocked: (name: string) => `${name} is blocked now.`,
  unblocked: (name: string) => `${name} is unblocked.`,
  muted: (name: string) => `${name} is muted now.`,
  unmuted: (name: string) => `${name} is unmuted.`,
};

/** Which toggle: block or mute. */
export type ModerationKind = 'block' | 'mute';
