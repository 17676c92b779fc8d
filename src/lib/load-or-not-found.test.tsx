import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { isNotFound } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyData } from '#contract/envelope';
import { aSession, fail } from '../test/fixtures';
import { server } from '../test/msw-server';
import { api } from './api-client';
import { loadOrNotFound } from './load-or-not-found';
import { createQueryClient } from './query-client';
import { sessionStore } from './session-store';

/** A post's query as its page's loader asks for it, retried without waiting so the test runs fast. */
const postQuery = { queryKey: ['feeds', 'detail', 9], queryFn: () => api.get(emptyData, 'feed/9').then((r) => r.data), retryDelay: 0 };

/** Answers `GET /api/feed/9` with `reply`, counting how often it is asked. */
function servePost(reply: () => Response) {
  const asked = { count: 0 };
  server.use(
    http.get('/api/feed/9', () => {
      asked.count += 1;
      return reply();
    }),
  );
  return asked;
}

const missingPost = () => HttpResponse.json(fail(404, 'That post does not exist.'), { status: 404 });

/** What a loader call threw: the route's not-found, or the error itself. */
const thrown = (loading: Promise<unknown>) =>
  loading.then(
    () => 'loaded',
    (error: unknown) => (isNotFound(error) ? 'not found' : error),
  );

function signIn() {
  const session = aSession();
  sessionStore.signIn(session.token.access_token, session.user);
}

afterEach(() => vi.useRealTimers());

describe('loading one thing for a page', () => {
  it('asks once for a missing post: preloaded on hover, loaded on click and again when the router re-runs, it is one 404', async () => {
    signIn();
    const queryClient = createQueryClient(() => undefined);
    const asked = servePost(missingPost);
    for (let i = 0; i < 3; i++) expect(await thrown(loadOrNotFound(queryClient, postQuery))).toBe('not found');
    expect(asked.count).toBe(1);
  });

  it('asks again once the 404 is 30 seconds old', async () => {
    signIn();
    vi.useFakeTimers({ toFake: ['Date'] });
    const queryClient = createQueryClient(() => undefined);
    const asked = servePost(missingPost);
    expect(await thrown(loadOrNotFound(queryClient, postQuery))).toBe('not found');
    vi.setSystemTime(Date.now() + 31_000);
    expect(await thrown(loadOrNotFound(queryClient, postQuery))).toBe('not found');
    expect(asked.count).toBe(2);
  });

  it('retries a server error and a network failure twice, then gives up; a later visit asks again', async () => {
    signIn();
    const queryClient = createQueryClient(() => undefined);
    const down = servePost(() => HttpResponse.json(fail(503, 'Resting.'), { status: 503 }));
    expect(await thrown(loadOrNotFound(queryClient, postQuery))).toMatchObject({ status: 503 });
    expect(down.count).toBe(3);
    expect(await thrown(loadOrNotFound(queryClient, postQuery))).toMatchObject({ status: 503 });
    expect(down.count).toBe(6);

    const offline = servePost(() => HttpResponse.error());
    await queryClient.resetQueries({ queryKey: postQuery.queryKey });
    expect(await thrown(loadOrNotFound(queryClient, postQuery))).toMatchObject({ status: 0 });
    expect(offline.count).toBe(3);
  });

  it('a component’s query of a missing post asks once and shows the failure', async () => {
    signIn();
    const asked = servePost(missingPost);
    const queryClient = createQueryClient(() => undefined);
    function Post() {
      const post = useQuery(postQuery);
      return <p>{post.isError ? post.error.message : 'loading'}</p>;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <Post />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('That post does not exist.')).toBeInTheDocument();
    expect(asked.count).toBe(1);
  });
});
