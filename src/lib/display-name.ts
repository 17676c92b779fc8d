import type { MemberSummary } from '#contract/social';

/** What a post's author, a liker or a mention is called: the name, else the handle. */
export const displayName = (m: Pick<MemberSummary, 'firstName' | 'lastName' | 'handleName'>) => `${m.firstName} ${m.lastName}`.trim() || `@${m.handleName}`;
