import { expect } from 'vitest';
import { feed, feedList, feedLikers } from '#contract/feeds';
import { compressImageData } from '#contract/media';
import { imageForm, solid } from '../media/test-images';
import { helpers, type Member } from '../notifications/test-helpers';
import { okData, type TestApp } from '../../test/test-app';

// Shared by the posts tests: photos to attach, and the post calls as a member makes them.

export type { Member };

export function feedHelpers(t: () => TestApp) {
  const base = helpers(t);
  const { send } = base;

  /** A `feed` photo of the member's, as the form uploads it. */
  async function photo(who: Member, width = 40, height = 30) {
    const form = imageForm(await solid(width, height, 'png'), { type: 'feed' });
    const res = await t().app.inject({ method: 'POST', url: '/api/compress-image', payload: form.payload, headers: { ...form.headers, ...t().bearer(who.token) } });
    return okData(res, compressImageData).images[0]!;
  }

  const createCall = (who: Member, payload: object) => send('POST', '/api/feed', who.token, { title: '', description: '', isDraft: false, ...payload });
  const create = async (who: Member, payload: object = {}) => okData(await createCall(who, { title: 'Ridge loop', ...payload }), feed);
  const editCall = (who: Member, payload: object) => send('PUT', '/api/feed', who.token, { title: '', description: '', isDraft: false, ...payload });
  const edit = async (who: Member, payload: object) => okData(await editCall(who, payload), feed);
  const detailCall = (who: Member, feedId: number) => send('GET', `/api/feed/${feedId}`, who.token);
  const detail = async (who: Member, feedId: number) => okData(await detailCall(who, feedId), feed);
  const listCall = (who: Member, query = '') => send('GET', `/api/feed${query ? `?${query}` : ''}`, who.token);
  const list = async (who: Member, query = '') => okData(await listCall(who, query), feedList);
  const ids = async (who: Member, query = '') => (await list(who, query)).list.map((f) => f.id);
  const likeCall = (who: Member, feedId: number, likeUniCode: string | null) => send('POST', '/api/feed/like', who.token, { feedId, likeUniCode });
  const like = async (who: Member, feedId: number, likeUniCode: string | null = 'U+2764') => okData(await likeCall(who, feedId, likeUniCode), feed);
  const likers = async (who: Member, feedId: number, query = '') => okData(await send('GET', `/api/feed/likes?feedId=${feedId}${query}`, who.token), feedLikers);
  const removeCall = (who: Member, feedId: number) => send('DELETE', '/api/feedDelete', who.token, { feedId });

  /** `who` follows `whom`, and a private `whom` accepts. */
  async function followAccepted(who: Member, whom: Member) {
    const rel = await base.toggle('POST', '/api/follow', who, whom.userId);
    if (rel.isRequested) await base.toggle('POST', '/api/follow/accept', whom, who.userId);
  }

  function expectNotFound(res: { statusCode: number; body: string }) {
    expect(res.statusCode, res.body).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ code: 404, message: 'That post does not exist.' });
  }

  return { ...base, photo, createCall, create, editCall, edit, detailCall, detail, listCall, list, ids, likeCall, like, likers, removeCall, followAccepted, expectNotFound };
}
