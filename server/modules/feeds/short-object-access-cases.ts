import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { body, type TestApp } from '../../test/test-app';
import { shortHelpers } from './short-test-helpers';

// Check 10 (server/security/object-access.test.ts) for the shorts' own routes: member B listing, publishing over or
// editing A's short gets what an unknown id gets, and A's short is as it was.

type Entry = { case: () => Promise<void> } | { exempt: string };
const UNKNOWN_ID = 2_000_000_000;

export function shortObjectAccessCases(t: () => TestApp): Record<string, Entry> {
  const h = shortHelpers(t);
  const sameAsUnknown = (res: LightMyRequestResponse, unknown: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(404);
    expect(body(res)).toEqual(body(unknown));
  };
  /** A's short for A alone, and what A sees of it. */
  async function privateShort() {
    const [a, b] = [await h.member(), await h.member()];
    const short = await h.published(a, { title: 'Only mine', visibility: 'only_me' });
    return { a, b, short, seen: async () => (await h.detail(a, short.id)).title };
  }

  return {
    'GET /api/video-feed': {
      // B listing A's shorts by userId sees none of a short for A alone (shorts.test.ts holds the whole table).
      async case() {
        const { a, b, short } = await privateShort();
        expect(await h.shortIds(b, `userId=${a.userId}`)).toEqual([]);
        expect((await h.listCall(b, `userId=${UNKNOWN_ID}`)).statusCode).toBe(404);
        expect(await h.shortIds(a, `userId=${a.userId}`)).toEqual([short.id]);
      },
    },
    'POST /api/video-feed': {
      // B "creating" with A's short id or A's video: POST never edits, and A's video is not B's to use.
      async case() {
        const { a, b, short, seen } = await privateShort();
        const withId = await h.saveCall(b, { id: short.id, title: 'Mine now', videos: [short.videos[0]!.key] });
        expect(body(withId).errors).toHaveProperty('id');
        const withVideo = await h.saveCall(b, { title: 'Mine now', videos: [short.videos[0]!.key] });
        expect(withVideo.statusCode).toBe(400);
        expect(await seen()).toBe('Only mine');
        expect(await h.shortIds(a, 'filter_type=mine')).toEqual([short.id]);
      },
    },
    'PUT /api/video-feed': {
      // B editing A's short.
      async case() {
        const { b, short, seen } = await privateShort();
        const own = await h.uploadVideo(b);
        const unknown = await h.saveCall(b, { id: UNKNOWN_ID, title: 'Changed', videos: [own] }, 'PUT');
        sameAsUnknown(await h.saveCall(b, { id: short.id, title: 'Changed', videos: [own] }, 'PUT'), unknown);
        expect(await seen()).toBe('Only mine');
      },
    },
  };
}
