import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
// The WebSocket client @fastify/websocket itself is built on (Node 20 has no global WebSocket).
import WebSocket from 'ws';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from '../test/test-app';
import { liveMessage, type LiveMessage } from '#contract/realtime';

/** Starts `app` on a free port of this machine; answers the live socket's URL. */
export async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
}

export type Closed = { code: number; reason: string };

/**
 * A client as a browser (token in the query) or an app (token in the header) opens it, recording every frame,
 * each checked against the contract.
 */
export function openSocket(url: string, options: { token?: string; headers?: Record<string, string>; autoPong?: boolean } = {}) {
  const target = new URL(url);
  if (options.token !== undefined) target.searchParams.set('token', options.token);
  const socket = new WebSocket(target, { headers: options.headers, autoPong: options.autoPong ?? true });
  const messages: LiveMessage[] = [];
  let state: 'connecting' | 'open' | 'closed' = 'connecting';
  socket.on('message', (data, isBinary) => {
    if (isBinary) throw new Error('the live socket sends text frames only');
    messages.push(liveMessage.parse(JSON.parse(data.toString())));
  });
  socket.on('open', () => {
    state = 'open';
  });
  // Failures show as the close that follows.
  socket.on('error', () => {});
  const closed = new Promise<Closed>((resolve) => {
    socket.on('close', (code, reason) => {
      state = 'closed';
      resolve({ code, reason: reason.toString() });
    });
  });
  return {
    socket,
    messages,
    closed,
    get state() {
      return state;
    },
    /** Resolves once `count` frames have arrived. */
    async received(count: number, timeoutMs = 5000) {
      const started = Date.now();
      while (messages.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`expected ${count} frames, got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return messages;
    },
  };
}

export type TestSocket = ReturnType<typeof openSocket>;

/** The close, or a failure if it has not come within `ms` (check 7: within 5 s). */
export function closedWithin(socket: TestSocket, ms = 5000) {
  return Promise.race([
    socket.closed,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the socket was still ${socket.state} after ${ms} ms`)), ms)),
  ]);
}

/** A notification as the notifications module pushes it: someone started following the member. */
export function followNotice(id: number, actorId: number): LiveMessage {
  return {
    type: 'notification',
    notification: {
      id,
      kind: 'new_follower',
      message: 'Robin Ridge started following you.',
      actor: { userId: actorId, handleName: 'robin', firstName: 'Robin', lastName: 'Ridge', profileImage: null },
      subjectType: 'profile',
      subjectId: actorId,
      parentId: null,
      isRead: false,
      createdAt: new Date().toISOString(),
      groupKey: `n${id}`,
      action: null,
      actors: [{ userId: actorId, handleName: 'robin', firstName: 'Robin', lastName: 'Ridge', profileImage: null }],
      otherActorCount: 0,
      groupedCount: 1,
      thumbnail: null,
      excerpt: null,
    },
    badge: { unreadCount: 1, newFollowerRequestCount: 0 },
  };
}

/**
 * One test app for a whole file, listening for sockets, and the sockets its tests open (terminated at the end).
 * `app()` is the app once started; `open(token)` a client socket as a browser opens it.
 */
export function socketTestApp(options: TestAppOptions = {}) {
  let t: TestApp | undefined;
  let url = '';
  const opened: TestSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp(options);
    url = await listen(t.app);
  });
  afterAll(async () => {
    for (const s of opened) s.socket.terminate();
    await t?.close();
  });
  return {
    app: () => t!,
    open(token: string) {
      const s = openSocket(url, { token });
      opened.push(s);
      return s;
    },
  };
}
