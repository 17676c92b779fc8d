import { http, HttpResponse } from 'msw';
import type { Feed, FeedInput } from '#contract/feeds';
import { ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { aFeed, anAuthor } from '../test-helpers';

/** A post as the server answers it, by the signed-in test member (userId 7) unless `over` says otherwise. */
export const anOwnFeed = (over: Partial<Feed> = {}): Feed =>
  aFeed({
    id: 41,
    author: anAuthor({ userId: 7, handleName: 'mayatrails', firstName: 'Maya', lastName: 'Torres' }),
    title: '',
    description: '',
    createdAt: '2026-05-17T08:00:00.000Z',
    updatedAt: '2026-05-17T08:00:00.000Z',
    publishedAt: '2026-05-17T08:00:00.000Z',
    ...over,
  });

/** Answers `POST`/`PUT /api/feed` like the server (the body echoed as the saved post) and keeps every body sent. */
export function answerFeedSaves(message = 'Feed saved.') {
  const bodies: { method: string; body: FeedInput }[] = [];
  const reply = async ({ request }: { request: Request }) => {
    const body = (await request.json()) as FeedInput;
    bodies.push({ method: request.method, body });
    return HttpResponse.json(
      ok(
        anOwnFeed({
          id: body.id ?? 99,
          title: body.title,
          description: body.description,
          isDraft: body.isDraft,
          location: body.location ?? null,
          latitude: body.latitude ?? null,
          longitude: body.longitude ?? null,
          activityId: body.activityId ?? null,
          images: (body.images ?? []).map((key) => ({ key, url: `/media/${key}.webp`, thumbnail: `/media/${key}-t.webp`, dimens: '1600:1200' })),
        }),
        message,
      ),
    );
  };
  server.use(http.post('/api/feed', reply), http.put('/api/feed', reply));
  return bodies;
}
