import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ToasterHost } from '../../../components/toaster-host';
import { SessionProvider } from '../../auth/session-context';
import { createQueryClient } from '../../../lib/query-client';
import { sessionStore } from '../../../lib/session-store';
import { fail, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { signedInMember } from '../../../test/session';
import { loadFeedDetail } from '../api';
import { aFeed } from '../test-helpers';
import { FeedDetailPage, FeedNotFound } from './feed-detail-page';

/** `/feeds/$feedId` wired as the route file wires it: the loader, the page, and the not-found page. */
async function openPost(path: string) {
  signedInMember();
  const queryClient = createQueryClient(() => {});
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <ToasterHost />
      </>
    ),
  });
  const postRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/feeds/$feedId',
    loader: ({ params }) => loadFeedDetail(queryClient, params.feedId),
    component: function Post() {
      return <FeedDetailPage feedId={(postRoute.useLoaderData() as { feedId: number }).feedId} />;
    },
    notFoundComponent: FeedNotFound,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([postRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient, session: sessionStore },
  });
  await router.load();
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider endSession={() => {}}>
        <RouterProvider router={router as never} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('FeedDetailPage', () => {
  it('shows the post with its comment thread', async () => {
    server.use(
      http.get('/api/feed/42', () => HttpResponse.json(ok(aFeed({ id: 42, title: 'Col du Galibier' })))),
      http.get('/api/feed/comment', () => HttpResponse.json(ok({ list: [], current_page: 1, last_page: 1, per_page: 20, total: 0, next_cursor: null }))),
    );
    await openPost('/feeds/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Col du Galibier' })).toBeInTheDocument();
    expect(document.getElementById('comments')).toBeInTheDocument();
  });

  it("says the post isn't available when the API answers 404, with no failure toast", async () => {
    server.use(http.get('/api/feed/77', () => HttpResponse.json(fail(404, 'Post not found.'), { status: 404 })));
    await openPost('/feeds/77');
    expect(await screen.findByRole('heading', { level: 1, name: 'This post isn’t available' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the feed' })).toHaveAttribute('href', '/feeds');
    expect(screen.queryByText('Post not found.')).not.toBeInTheDocument();
  });

  it('says the same for an address that is not a post id, without asking the server', async () => {
    await openPost('/feeds/not-a-post');
    expect(await screen.findByRole('heading', { level: 1, name: 'This post isn’t available' })).toBeInTheDocument();
  });
});
