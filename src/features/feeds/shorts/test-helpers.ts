import { http, HttpResponse } from 'msw';
import type { Feed, FeedVideo, VideoFeedInput } from '#contract/feeds';
import type { UploadedVideo } from '#contract/videos';
import { fail, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { aFeed, anAuthor, feedPage } from '../test-helpers';

/** An upload key as the server makes them (22 url-safe characters). */
export const aVideoKey = (n = 1) => `vid${String(n).padStart(19, '0')}`;

/** A short's video, ready unless `over` says otherwise. */
export const aVideo = (over: Partial<FeedVideo> = {}): FeedVideo => ({
  key: aVideoKey(),
  videoUrl: '/media/videos/clip.mp4',
  thumbnail: '/media/videos/clip.jpg',
  altText: 'Riding down a rocky trail',
  width: 720,
  height: 1280,
  durationMs: 42_000,
  status: 'ready',
  failure: null,
  captions: '',
  ...over,
});

/** A published short by the signed-in test member (userId 7) with one ready video, unless `over` says otherwise. */
export const aShort = (over: Partial<Feed> = {}): Feed =>
  aFeed({
    id: 61,
    kind: 'short',
    author: anAuthor({ userId: 7, handleName: 'mayatrails', firstName: 'Maya', lastName: 'Torres' }),
    title: 'Down the scree',
    description: 'Loose and fast.',
    videos: [aVideo()],
    ...over,
  });

/** An upload as `uploadVideo` and `GET /api/video-upload/:key` answer it: processing unless `over` says otherwise. */
export const anUploadedVideo = (over: Partial<UploadedVideo> = {}): UploadedVideo => ({
  key: aVideoKey(),
  status: 'processing',
  failure: null,
  videoUrl: '',
  thumbnail: '',
  width: 0,
  height: 0,
  durationMs: null,
  ...over,
});

/** Answers `GET /api/video-upload/:key` with each of `answers` in turn (the last one again after); counts the asks. */
export function serveUploadStatus(...answers: UploadedVideo[]) {
  const asked: string[] = [];
  server.use(
    http.get('/api/video-upload/:key', ({ params }) => {
      asked.push(String(params.key));
      return HttpResponse.json(ok(answers[Math.min(asked.length - 1, answers.length - 1)]));
    }),
  );
  return asked;
}

/**
 * Answers `POST`/`PUT /api/video-feed` like the server (the body echoed as the saved short; published with a
 * processing video, it waits) and keeps every body sent.
 */
export function answerShortSaves({ message = 'Feed Created Successfully', videoStatus = 'ready' as FeedVideo['status'] } = {}) {
  const bodies: { method: string; body: VideoFeedInput }[] = [];
  const reply = async ({ request }: { request: Request }) => {
    const body = (await request.json()) as VideoFeedInput;
    bodies.push({ method: request.method, body });
    const waits = !body.isDraft && videoStatus !== 'ready';
    return HttpResponse.json(
      ok(
        aShort({
          id: body.id ?? 99,
          title: body.title,
          description: body.description,
          isDraft: body.isDraft,
          visibility: body.visibility ?? 'everyone',
          videos: body.videos.map((key) => aVideo({ key, altText: body.altText ?? '', status: videoStatus })),
          publishedAt: body.isDraft || waits ? null : '2026-05-17T08:00:00.000Z',
        }),
        message,
      ),
    );
  };
  server.use(http.post('/api/video-feed', reply), http.put('/api/video-feed', reply));
  return bodies;
}

/** Refuses `POST /api/video-feed` with a 400 and these field errors. */
export const refuseShortSave = (errors: Record<string, string[]>) =>
  server.use(http.post('/api/video-feed', () => HttpResponse.json(fail(400, 'Check the highlighted fields.', errors), { status: 400 })));

/** Answers `GET /api/video-feed` (the member's shorts) with what `list()` gives at the moment of asking. */
export function serveMyShorts(list: () => Feed[]) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/video-feed', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(feedPage(list()));
    }),
  );
  return asked;
}
