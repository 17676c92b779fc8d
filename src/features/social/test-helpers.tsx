import { http, HttpResponse } from 'msw';
import type { MemberCard, MemberProfile, Relationship } from '#contract/social';
import { aMember, ok, pageOf } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { relationshipOf as pickRelationship } from './follow-toggle';

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
