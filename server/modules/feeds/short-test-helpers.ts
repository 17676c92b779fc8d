import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { feed, feedList } from '#contract/feeds';
import { uploadVideoData } from '#contract/videos';
import { okData, type TestApp } from '../../test/test-app';
import { multipartForm } from '../media/test-images';
import { makeClip } from '../videos/video-fixtures';
import { feedHelpers, type Member } from './feed-test-helpers';

// Shared by the shorts tests: a real video as the form uploads it, its job, and the short calls as a member makes them.

export function shortHelpers(t: () => TestApp) {
  const h = feedHelpers(t);
  let clip: Promise<Buffer> | undefined;
  /** One small portrait clip, made with ffmpeg once per file of tests. */
  const clipBytes = () =>
    (clip ??= (async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-shorts-'));
      const file = await makeClip(dir, { name: 'short', seconds: 1, width: 72, height: 128, format: 'mp4', audio: false });
      const bytes = await fs.readFile(file);
      await fs.rm(dir, { recursive: true, force: true });
      return bytes;
    })());

  /** A video `who` uploaded (`POST /api/uploadVideo`), still processing; answers its key. */
  async function uploadVideo(who: Member) {
    const form = multipartForm([
      { name: 'video[]', file: await clipBytes(), filename: 'descent.mp4', contentType: 'video/mp4' },
      { name: 'type', value: 'short' },
    ]);
    const res = await t().app.inject({ method: 'POST', url: '/api/uploadVideo', headers: { ...t().bearer(who.token), ...form.headers }, payload: form.payload });
    return okData(res, uploadVideoData).fileUrl[0]!.key;
  }

  /** Runs the jobs that are due: a video's processing among them. */
  const drain = () => t().app.deps.jobs.drain();

  /** A video of `who`'s, uploaded and made ready. */
  async function readyVideo(who: Member) {
    const key = await uploadVideo(who);
    await drain();
    return key;
  }

  const saveCall = (who: Member, payload: object, method: 'POST' | 'PUT' = 'POST') =>
    h.send(method, '/api/video-feed', who.token, { title: '', description: '', isDraft: false, videos: [], ...payload });
  const save = async (who: Member, payload: object, method: 'POST' | 'PUT' = 'POST') => okData(await saveCall(who, { title: 'Summit', ...payload }, method), feed);
  /** A published short of `who`'s with a ready video. */
  const published = async (who: Member, payload: object = {}) => save(who, { videos: [await readyVideo(who)], ...payload });
  const listCall = (who: Member, query = '') => h.send('GET', `/api/video-feed${query ? `?${query}` : ''}`, who.token);
  const list = async (who: Member, query = '') => okData(await listCall(who, query), feedList);
  const ids = async (who: Member, query = '') => (await list(who, query)).list.map((f) => f.id);

  return { ...h, uploadVideo, drain, readyVideo, saveCall, save, published, listCall, list, shortIds: ids };
}
