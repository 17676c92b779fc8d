import { http, HttpResponse } from 'msw';
import type { FeedComment, FeedReply } from '#contract/feeds';
import type { MemberSummary } from '#contract/social';
import { ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';

/** The signed-in test member (aProfile) as comments name their authors. */
export const maya: MemberSummary = { userId: 7, handleName: 'mayatrails', firstName: 'Maya', lastName: 'Torres', profileImage: null };
export const jonas: MemberSummary = { userId: 21, handleName: 'jonasrides', firstName: 'Jonas', lastName: 'Berg', profileImage: null };
export const priya: MemberSummary = { userId: 22, handleName: 'priyahikes', firstName: 'Priya', lastName: 'Nair', profileImage: null };

/** A comment as the server answers it (a reply when `parentId` is set); typed by the contract. */
export const aReply = (over: Partial<FeedReply> = {}): FeedReply => ({
  commentId: 100,
  feedId: 41,
  parentId: 0,
  comment: 'Great ride!',
  hashtags: [],
  tagUser: [],
  author: jonas,
  likeCount: 0,
  isLiked: false,
  createdAt: '2026-05-17T09:00:00.000Z',
  editedAt: null,
  ...over,
});

/** A top-level comment with its replies; `replyCount` follows the replies unless given. */
export const aComment = (over: Partial<FeedComment> = {}): FeedComment => ({
  ...aReply(over),
  reply: over.reply ?? [],
  replyCount: over.replyCount ?? over.reply?.length ?? 0,
  replyCursor: over.replyCursor ?? null,
});

/**
 * Serves `GET /api/feed/comment` from `pages`: page 1 without a cursor, each later page only with the cursor the page
 * before answered. Keeps every query asked.
 */
export function serveComments(pages: FeedComment[][]) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/feed/comment', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const cursor = params.get('cursor');
      const index = cursor === null ? 0 : Number(/^after-(\d+)$/.exec(cursor)?.[1] ?? NaN);
      const list = pages[index];
      if (!list) return HttpResponse.json({ code: 400, message: 'Not a cursor this list gave out' }, { status: 400 });
      return HttpResponse.json(
        ok({
          list,
          current_page: index + 1,
          last_page: pages.length,
          per_page: 20,
          total: pages.flat().length,
          next_cursor: index + 1 < pages.length ? `after-${index + 1}` : null,
        }),
      );
    }),
  );
  return asked;
}

/** Answers `POST /api/<path>` with what `reply` makes of each body (it may wait); keeps every body, in order. */
export function answerComments<B>(path: string, reply: (body: B) => Response | Promise<Response>) {
  const bodies: B[] = [];
  server.use(
    http.post(`/api/${path}`, async ({ request }) => {
      const body = (await request.json()) as B;
      bodies.push(body);
      return reply(body);
    }),
  );
  return bodies;
}
