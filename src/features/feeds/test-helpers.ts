import { http, HttpResponse } from 'msw';
import type { Feed, FeedLikes } from '#contract/feeds';
import type { MemberSummary } from '#contract/social';
import { ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';

/** Wire fixtures typed by the contract, so a contract change breaks the tests relying on it. */
export const anAuthor = (over: Partial<MemberSummary> = {}): MemberSummary => ({
  userId: 21,
  handleName: 'jonasrides',
  firstName: 'Jonas',
  lastName: 'Berg',
  profileImage: null,
  ...over,
});

export const noLikes: FeedLikes = { total: 0, mine: null, byCode: [] };

export const aFeed = (over: Partial<Feed> = {}): Feed => ({
  id: 101,
  kind: 'post',
  author: anAuthor(),
  title: 'Dawn loop on the ridge',
  description: 'Frost on the switchbacks, coffee at the top.',
  isDraft: false,
  activityId: null,
  activity: null,
  gear: null,
  hashtags: [],
  tagUser: [],
  location: null,
  latitude: null,
  longitude: null,
  images: [],
  videos: [],
  visibility: 'everyone',
  commentCount: 0,
  likes: noLikes,
  createdAt: '2026-05-17T06:00:00.000Z',
  updatedAt: '2026-05-17T06:00:00.000Z',
  publishedAt: '2026-05-17T06:00:00.000Z',
  ...over,
});

/** `count` distinct posts, ids from `firstId` down (newest first). */
export const feedsFrom = (firstId: number, count: number) =>
  Array.from({ length: count }, (_, i) => aFeed({ id: firstId - i, title: `Post ${firstId - i}` }));

/** One page of posts as `GET /api/feed` answers it; a page before the last carries the cursor of the next. */
export const feedPage = (list: Feed[], page = 1, lastPage = 1) =>
  ok({ list, current_page: page, last_page: lastPage, per_page: 20, total: list.length * lastPage, next_cursor: page < lastPage ? `after-page-${page}` : null });

/** Answers `GET /api/feed` with what `reply` gives for the request's search parameters; keeps every request's. */
export function serveFeeds(reply: (params: URLSearchParams) => ReturnType<typeof feedPage>) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/feed', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      return HttpResponse.json(reply(params));
    }),
  );
  return asked;
}
