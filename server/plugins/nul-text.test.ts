import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feed, feedList } from '#contract/feeds';
import { gpxFile } from '../modules/map-routes/route-test-helpers';
import { multipartForm } from '../modules/media/test-images';
import { body, createTestApp, okData, type TestApp } from '../test/test-app';
import { NUL_MESSAGE } from './nul-text';

// PostgreSQL text cannot hold U+0000: the fuzz of check 18 found it answering 500 wherever text reached a query.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signUp()).token;
});
afterAll(() => t?.close());

const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.bearer(token), ...(payload ? { payload } : {}) });

describe('U+0000 in text', () => {
  it('is refused in a body, at any depth, with each field named, and nothing is saved', async () => {
    const res = await send('POST', '/api/feed', { title: 'Loop\u0000', description: 'ok', isDraft: false, images: ['a\u0000b'] });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ title: [NUL_MESSAGE], 'images.0': [NUL_MESSAGE] });
    expect(okData(await send('GET', '/api/feed?filter_type=mine'), feedList).list).toEqual([]);
  });

  it('is refused in a query string, as a search would send it', async () => {
    const res = await send('GET', '/api/user/all?search=a%00b');
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual({ search: [NUL_MESSAGE] });
  });

  it('is refused in the text fields of a GPX upload, which its handler reads itself', async () => {
    const form = multipartForm([
      { name: 'file', file: gpxFile({ points: [[7.748, 46.02], [7.752, 46.023]] }), filename: 'ride.gpx', contentType: 'application/gpx+xml' },
      { name: 'sportId', value: '35' },
      { name: 'name', value: 'Loop\u0000' },
      { name: 'description', value: 'Up\u0000and down' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/route', payload: form.payload, headers: { ...form.headers, ...t.bearer(token) } });
    expect(res.statusCode, res.body).toBe(400);
    expect(body(res).errors).toEqual({ name: [NUL_MESSAGE], description: [NUL_MESSAGE] });
  });

  it('leaves every other character alone, odd ones included', async () => {
    const title = 'x\u202Eevil \u{1F469}\u200D\u{1F469} İﬀß \u0001';
    expect(okData(await send('POST', '/api/feed', { title, description: '', isDraft: false }), feed).title).toBe(title);
  });
});
