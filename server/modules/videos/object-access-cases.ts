import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { uploadedVideo, uploadVideoData } from '#contract/videos';
import { body, okData, type TestApp } from '../../test/test-app';
import { compressImageData } from '#contract/media';
import { imageForm, multipartForm, solid } from '../media/test-images';
import { runProcessVideoJob } from './process-video-job';
import { makeClip } from './video-fixtures';
import { RESUMABLE_PATH } from './resumable-upload-routes';

// Check 10 (server/security/object-access.test.ts) for the video upload routes: member B asking how A's video upload
// stands, or reading, writing or ending A's resumable upload, gets the same 404 as for one that does not exist, and
// A's upload is as it was.

type Entry = { case: () => Promise<void> } | { exempt: string };

const TUS = { 'tus-resumable': '1.0.0' };

export function videoObjectAccessCases(t: () => TestApp): Record<string, Entry> {
  const sameAsUnknown = (res: LightMyRequestResponse, unknown: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(404);
    expect(res.body === '' ? '' : body(res)).toEqual(unknown.body === '' ? '' : body(unknown));
  };

  // tus answers through Node's own request and response (resumable-upload-routes.ts), which inject does not give it:
  // these cases speak HTTP to the app, listening on a free port from the first case on.
  let listening: Promise<string> | undefined;
  const base = () => (listening ??= t().app.listen({ port: 0, host: '127.0.0.1' }));
  const http = async (method: string, url: string, token: string, headers: Record<string, string> = {}, payload?: Buffer) => {
    const res = await fetch(new URL(url, await base()), { method, headers: { authorization: `Bearer ${token}`, ...TUS, ...headers }, body: payload && new Uint8Array(payload) });
    return { status: res.status, body: await res.text(), headers: res.headers };
  };

  /** A starts a resumable upload of 1,000 bytes and sends the first 100; answers its path. */
  async function startedUpload(token: string) {
    const made = await http('POST', RESUMABLE_PATH, token, { 'upload-length': '1000' });
    expect(made.status, made.body).toBe(201);
    const url = made.headers.get('location')!;
    const patched = await http('PATCH', url, token, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, Buffer.alloc(100, 1));
    expect(patched.status, patched.body).toBe(204);
    return url;
  }

  const offsetOf = async (url: string, token: string) => Number((await http('HEAD', url, token)).headers.get('upload-offset'));

  /** B sends `method` to A's upload and to an upload nobody made: the same 404; A's upload still has its 100 bytes. */
  function resumableCase(method: 'HEAD' | 'PATCH' | 'DELETE'): Entry {
    return {
      async case() {
        const [a, b] = [await t().signUp(), await t().signUp()];
        const url = await startedUpload(a.token);
        const headers = { 'upload-offset': '100', 'content-type': 'application/offset+octet-stream' };
        const payload = method === 'PATCH' ? Buffer.alloc(100, 2) : undefined;
        const unknown = await http(method, `${RESUMABLE_PATH}/${'0'.repeat(32)}`, b.token, headers, payload);
        const theirs = await http(method, url, b.token, headers, payload);
        expect(theirs.status, theirs.body).toBe(404);
        expect(theirs.body).toBe(unknown.body);
        expect(await offsetOf(url, a.token)).toBe(100);
      },
    };
  }

  return {
    'POST /api/video-upload/:key/poster': {
      // B giving A's video B's own poster image: the same 404 as for no video; A's video keeps having none.
      async case() {
        const [a, b] = [await t().signUp(), await t().signUp()];
        const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-access-'));
        try {
          const clip = await fs.readFile(await makeClip(dir, { name: 'p', seconds: 1, width: 64, height: 128, format: 'webm', audio: false }));
          const form = multipartForm([{ name: 'video[]', file: clip, filename: 'p.webm', contentType: 'video/webm' }]);
          const sent = await t().app.inject({ method: 'POST', url: '/api/uploadVideo', headers: { ...t().bearer(a.token), ...form.headers }, payload: form.payload });
          const key = okData(sent, uploadVideoData).fileUrl[0]!.key;
          await runProcessVideoJob({ ...t().app.deps, log: { warn: () => {} }, tools: async () => null }, { key });
          const image = imageForm(await solid(64, 128, 'png'), { type: 'poster' });
          const made = await t().app.inject({ method: 'POST', url: '/api/compress-image', payload: image.payload, headers: { ...image.headers, ...t().bearer(b.token) } });
          const poster = okData(made, compressImageData).images[0]!.key;
          const set = (k: string) => t().app.inject({ method: 'POST', url: `/api/video-upload/${k}/poster`, headers: t().bearer(b.token), payload: { image: poster } });
          sameAsUnknown(await set(key), await set('A'.repeat(22)));
          const read = await t().app.inject({ method: 'GET', url: `/api/video-upload/${key}`, headers: t().bearer(a.token) });
          expect(okData(read, uploadedVideo)).toMatchObject({ key, status: 'ready', thumbnail: '' });
        } finally {
          await fs.rm(dir, { recursive: true, force: true });
        }
      },
    },
    'GET /api/video-upload/:key': {
      // The case of a ready one, with its served files, is video-upload.test.ts; here one still processing.
      async case() {
        const [a, b] = [await t().signUp(), await t().signUp()];
        const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-access-'));
        try {
          const clip = await fs.readFile(await makeClip(dir, { name: 'a', seconds: 1, width: 64, height: 128, format: 'mp4', audio: false }));
          const form = multipartForm([{ name: 'video[]', file: clip, filename: 'a.mp4', contentType: 'video/mp4' }]);
          const sent = await t().app.inject({ method: 'POST', url: '/api/uploadVideo', headers: { ...t().bearer(a.token), ...form.headers }, payload: form.payload });
          const key = okData(sent, uploadVideoData).fileUrl[0]!.key;
          const read = (who: { token: string }, k: string) => t().app.inject({ method: 'GET', url: `/api/video-upload/${k}`, headers: t().bearer(who.token) });
          sameAsUnknown(await read(b, key), await read(b, 'A'.repeat(22)));
          expect(okData(await read(a, key), uploadedVideo)).toMatchObject({ key, status: 'processing' });
        } finally {
          await fs.rm(dir, { recursive: true, force: true });
        }
      },
    },
    [`HEAD ${RESUMABLE_PATH}/:uploadId`]: resumableCase('HEAD'),
    [`PATCH ${RESUMABLE_PATH}/:uploadId`]: resumableCase('PATCH'),
    [`DELETE ${RESUMABLE_PATH}/:uploadId`]: resumableCase('DELETE'),
  };
}
