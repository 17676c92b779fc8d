import { hashTagOptions, userTagOptions } from '#contract/social';
import { api } from '../../lib/api-client';
import type { TagKind } from './tag-token';

/** The tag options' query keys: `['tags','options',kind,search]` (tag-options.ts reads the kind at index 2). */
export const tagKeys = {
  all: ['tags'] as const,
  options: (kind: TagKind, search: string) => [...tagKeys.all, 'options', kind, search] as const,
};

/** `GET /api/getUserTagfollowerFollowingList`: page 1 of the members a post or a comment may mention, for what was typed. */
export const getMentionOptions = (search: string, signal: AbortSignal) =>
  api.get(userTagOptions, 'getUserTagfollowerFollowingList', { searchParams: { search }, signal }).then((r) => r.data);

/** `GET /api/feedTag`: page 1 of the hashtags in use, for what was typed. */
export const getHashtagOptions = (search: string, signal: AbortSignal) => api.get(hashTagOptions, 'feedTag', { searchParams: { search }, signal }).then((r) => r.data);
