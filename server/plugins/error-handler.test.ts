import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'zod/v4/core';
import { apiErrorBody } from '#contract/envelope';
import { createTestApp, type TestApp } from '../test/test-app';

// The wire's error shape (architecture.md) for failures that never reach a route's handler.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

function expectErrorBody(res: Awaited<ReturnType<TestApp['app']['inject']>>, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const parsed = parse(apiErrorBody, res.json());
  // Nothing beyond the documented fields (no stack, no internal codes).
  expect(Object.keys(res.json<object>()).every((k) => ['code', 'message', 'errors'].includes(k))).toBe(true);
  expect(parsed.code).toBe(status);
  expect(parsed.message.length).toBeGreaterThan(0);
}

describe('errors outside the routes', () => {
  it('an unknown /api path is a JSON 404, for any method', async () => {
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/nope' }), 404);
    expectErrorBody(await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} }), 404);
    // A known path with a method it does not take.
    expectErrorBody(await t.app.inject({ method: 'DELETE', url: '/api/login' }), 404);
  });

  it('invalid JSON is a 400 in the error shape', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"email": "a@b.co",' });
    expectErrorBody(res, 400);
  });

  it('a body over 1 MiB is a 413', async () => {
    const huge = JSON.stringify({ email: 'a@example.com', padding: 'x'.repeat(1024 * 1024) });
    const res = await t.app.inject({ method: 'POST', url: '/api/validate-email', headers: { 'content-type': 'application/json' }, payload: huge });
    expectErrorBody(res, 413);
  });

  it('a body of a type the API does not parse is a 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/xml' }, payload: '<login/>' });
    expectErrorBody(res, 415);
  });

  it('a __proto__ or constructor key in JSON is a 400 that says so', async () => {
    for (const payload of ['{"email":"a@b.co","__proto__":{"isAdmin":true}}', '{"email":"a@b.co","constructor":{"prototype":{"isAdmin":true}}}']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/validate-email', headers: { 'content-type': 'application/json' }, payload });
      expectErrorBody(res, 400);
      expect(res.json<{ message: string }>().message).toBe('The request body is not valid JSON, or holds a __proto__ or constructor key.');
    }
  });

  it('an unknown query key named __proto__ or constructor is named as unknown, not a 500', async () => {
    const { token } = await t.signUp();
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications?__proto__=1&constructor=2', headers: t.bearer(token) });
    expectErrorBody(res, 400);
    // Read as entries: a `__proto__` key in an object literal would set the prototype instead.
    expect(Object.entries(res.json<{ errors: object }>().errors)).toEqual([
      ['__proto__', ['Unknown field']],
      ['constructor', ['Unknown field']],
    ]);
  });

  it('a path Fastify cannot route is answered in the error shape: broken escapes 400, an over-long parameter 414', async () => {
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/feed/%E0%A4%A' }), 400);
    expectErrorBody(await t.app.inject({ method: 'GET', url: `/api/feed/${'1'.repeat(1000)}` }), 414);
  });
});

describe('requests Node refuses before Fastify sees them', () => {
  /** One raw request over a real connection; answers the whole reply as text (the server closes after it). */
  async function raw(request: string) {
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
    socket.write(request);
    await new Promise((resolve) => socket.on('close', resolve));
    return reply;
  }

  it('an address over 16 KB is a 431 in the wire shape, and its connection is closed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const reply = await raw(`GET /api/health?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    const [head, body] = reply.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(head).toMatch(/\r\nConnection: close(\r\n|$)/);
    expect(JSON.parse(body!)).toEqual({ code: 431, message: 'The address or the headers of the request are too long.' });
    const broken = await raw('NOT A REQUEST\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(broken.split('\r\n\r\n')[1]!)).toEqual({ code: 400, message: 'The request could not be read.' });
  });
});
