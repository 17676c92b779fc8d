import { http, HttpResponse } from 'msw';
import type { MemberCard, MemberProfile, Relationship } from '#contract/social';
import { ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { relationshipOf as pickRelationship } from './follow-toggle';

/** Another member as lists show them; typed by the contract, so a contract change breaks the tests relying on it. */
export const aMember = (over: Partial<MemberCard> = {}): MemberCard => ({
  userId: 21,
  handleName: 'jonasrides',
  firstName: 'Jonas',
  lastName: 'Berg',
  profileImage: null,
  sports: [34, 53],
  isPrivate: false,
  isFollowing: false,
  isRequested: false,
  isFollowedBy: false,
  isBlocked: false,
  isMuted: false,
  ...over,
});

export const aMemberProfile = (over: Partial<MemberProfile> = {}): MemberProfile => ({
  ...aMember(),
  profileCoverImage: null,
  bio: 'Road miles before work, gravel on Sundays.',
  location: 'Innsbruck, Austria',
  followers: 41,
  following: 12,
  canViewContent: true,
  ...over,
});

/** One page of members as the list endpoints answer it; a page before the last carries the cursor of the next. */
export const pageOf = (list: MemberCard[], page = 1, lastPage = 1) =>
  ok({ list, current_page: page, last_page: lastPage, per_page: 20, total: list.length, next_cursor: page < lastPage ? `after-page-${page}` : null });

export const relationshipOf = (m: MemberCard, over: Partial<Relationship> = {}): Relationship => ({ ...pickRelationship(m), ...over });

/** The Requests tab's count, which every social screen shows: the navigation's badge. */
export function serveRequestsSummary(count = 0) {
  server.use(http.get('/api/notifications/badge', () => HttpResponse.json(ok({ unreadCount: 0, newFollowerRequestCount: count }))));
}

/** Answers `GET /api/<path>` with the members `pick` chooses for the request's search parameters; keeps every request. */
export function serveMembers(path: string, pick: (params: URLSearchParams) => MemberCard[]) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(`/api/${path}`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      return HttpResponse.json(pageOf(pick(params)));
    }),
  );
  return asked;
}
