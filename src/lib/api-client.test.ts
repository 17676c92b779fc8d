import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { aSession, fail, ok } from '../test/fixtures';
import { server } from '../test/msw-server';
import { api } from './api-client';
import { ApiError } from './api-error';
import { sessionStore } from './session-store';

const trail = z.object({ id: z.number().int(), name: z.string() });

/** The rejection of `promise`, which must reject. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  it('returns the message and the data parsed through the schema', async () => {
    server.use(http.get('/api/trails/4', () => HttpResponse.json(ok({ id: 4, name: 'Ridge loop', extra: 'dropped' }, 'Here it is'))));
    await expect(api.get(trail, 'trails/4')).resolves.toEqual({ message: 'Here it is', data: { id: 4, name: 'Ridge loop' } });
  });

  it('accepts a path with or without the leading slash, and sends search params', async () => {
    let url: URL | undefined;
    server.use(
      http.get('/api/trails', ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json(ok({ id: 1, name: 'x' }));
      }),
    );
    await api.get(trail, '/trails', { searchParams: { page: 2, search: 'ridge loop' } });
    expect(url?.pathname).toBe('/api/trails');
    expect(url?.searchParams.get('page')).toBe('2');
    expect(url?.searchParams.get('search')).toBe('ridge loop');
  });

  it('posts JSON', async () => {
    let received: { type: string | null; body: unknown } | undefined;
    server.use(
      http.post('/api/trails', async ({ request }) => {
        received = { type: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json(ok({ id: 9, name: 'New' }));
      }),
    );
    await api.post(trail, 'trails', { name: 'New' });
    expect(received?.type).toMatch(/^application\/json/);
    expect(received?.body).toEqual({ name: 'New' });
  });

  it('treats HTTP 200 with a body code other than 200 as an error (spec §5)', async () => {
    server.use(
      http.post('/api/trails', () => HttpResponse.json(fail(400, 'That name is taken.', { name: ['Pick another name.'] }), { status: 200 })),
    );
    const error = await apiErrorOf(api.post(trail, 'trails', { name: 'Ridge loop' }));
    expect(error.message).toBe('That name is taken.');
    expect(error.errors).toEqual({ name: ['Pick another name.'] });
    expect(error.status).not.toBe(200);
  });

  it('treats a body code of 200 under another HTTP status as an error', async () => {
    server.use(http.get('/api/trails/4', () => HttpResponse.json(ok({ id: 4, name: 'Ridge loop' }), { status: 202 })));
    const error = await apiErrorOf(api.get(trail, 'trails/4'));
    expect(error.status).toBe(202);
  });

  it('rejects a success whose data does not match the schema with "Something went wrong"', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('/api/trails/4', () => HttpResponse.json(ok({ id: '4', name: 'Ridge loop' }))));
    const error = await apiErrorOf(api.get(trail, 'trails/4'));
    expect(error.message).toBe('Something went wrong');
    expect(log).toHaveBeenCalled();
  });

  it('rejects a 200 that is not JSON at all with "Something went wrong"', async () => {
    server.use(http.get('/api/trails/4', () => HttpResponse.text('<html>proxy page</html>')));
    const error = await apiErrorOf(api.get(trail, 'trails/4'));
    expect(error.message).toBe('Something went wrong');
  });

  it('carries the status, message and per-field errors of an error body into ApiError', async () => {
    server.use(
      http.post('/api/trails', () =>
        HttpResponse.json(fail(409, 'This handle is taken.', { handleName: ['This handle is taken.', 'Try mayatrails2.'] }), { status: 409 }),
      ),
    );
    const error = await apiErrorOf(api.post(trail, 'trails', {}));
    expect(error.status).toBe(409);
    expect(error.message).toBe('This handle is taken.');
    expect(error.errors).toEqual({ handleName: ['This handle is taken.', 'Try mayatrails2.'] });
  });

  it('keeps the HTTP status and says "Something went wrong" when the error body has no message', async () => {
    server.use(http.delete('/api/trails/4', () => new HttpResponse('Bad gateway', { status: 502 })));
    const error = await apiErrorOf(api.delete(trail, 'trails/4'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Something went wrong');
    expect(error.errors).toEqual({});
  });

  it('keeps a 401 as status 401, so the session can be ended', async () => {
    server.use(http.get('/api/profile', () => HttpResponse.json(fail(401, 'Please sign in.'), { status: 401 })));
    const error = await apiErrorOf(api.get(trail, 'profile'));
    expect(error.status).toBe(401);
  });

  it('sends the bearer token when signed in', async () => {
    const session = aSession();
    sessionStore.signIn(session.token.access_token, session.user);
    let auth: string | null | undefined;
    server.use(
      http.put('/api/trails/4', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json(ok({ id: 4, name: 'x' }));
      }),
    );
    await api.put(trail, 'trails/4', { name: 'x' });
    expect(auth).toBe(`Bearer ${session.token.access_token}`);
  });

  it('sends no authorization header when signed out, nor after signing out', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/trails/4', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json(ok({ id: 4, name: 'x' }));
      }),
    );
    await api.get(trail, 'trails/4');
    const session = aSession();
    sessionStore.signIn(session.token.access_token, session.user);
    sessionStore.clear();
    await api.get(trail, 'trails/4');
    expect(seen).toEqual([null, null]);
  });

  it('turns a network failure into a readable message', async () => {
    server.use(http.get('/api/trails/4', () => HttpResponse.error()));
    const error = await apiErrorOf(api.get(trail, 'trails/4'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Cannot reach Switchback. Check your connection and try again.');
  });

  it('lets a cancelled request reject as an abort, not as an API failure', async () => {
    server.use(http.get('/api/trails/4', () => HttpResponse.json(ok({ id: 4, name: 'x' }))));
    const controller = new AbortController();
    // A browser's fetch rejects with a DOMException of the page. Under vitest's jsdom the default abort reason
    // comes from Node's realm (not jsdom's DOMException), so give the reason a browser would.
    controller.abort(new DOMException('The user aborted a request.', 'AbortError'));
    const error = await rejectionOf(api.get(trail, 'trails/4', { signal: controller.signal }));
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});
