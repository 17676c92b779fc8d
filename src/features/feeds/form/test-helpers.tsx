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

/** An uploaded photo as `POST /api/compress-image` answers it. */
export const anUpload = (key: string) => ({ key, url: `/media/${key}.webp`, thumbnail: `/media/${key}-t.webp`, dimens: '1600:1200', width: 1600, height: 1200 });

/** A tiny JPEG file. (Its name and bytes reach msw mangled by jsdom's XHR, so handlers tell photos apart by arrival order.) */
export const aPhoto = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2])], name, { type: 'image/jpeg' });

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
          images: (body.images ?? []).map((key) => ({ key, url: `/media/${key}.webp`, thumbnail: `/media/${key}-t.webp`, dimens: '1600:1200' })),
        }),
        message,
      ),
    );
  };
  server.use(http.post('/api/feed', reply), http.put('/api/feed', reply));
  return bodies;
}
