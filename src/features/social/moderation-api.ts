import { relationship } from '#contract/social';
import { api } from '../../lib/api-client';
import { memberPages, socialKeys, type ModerationListKind } from './api';

/**
 * `POST /api/block`: blocks the member, or unblocks one already blocked. Answers the relationship (a block also ends
 * the follows both ways) and the server's sentence naming the member, which the toggle shows as it is.
 */
export const sendBlock = (userId: number) => api.post(relationship, 'block', { userId });

/** `POST /api/following/notification`: mutes the member, or unmutes one already muted; answers like `sendBlock`. */
export const sendMute = (userId: number) => api.post(relationship, 'following/notification', { userId });

const LIST_PATHS: Record<ModerationListKind, string> = {
  blocked: 'user/blocked/list',
  muted: 'user/muted/list',
};

/** `GET /api/user/blocked/list`, `GET /api/user/muted/list`: the viewer's blocked or muted members, newest first, searchable. */
export const moderationListQuery = (kind: ModerationListKind, search: string) =>
  memberPages(socialKeys.moderationList(kind, search), LIST_PATHS[kind], { search });
