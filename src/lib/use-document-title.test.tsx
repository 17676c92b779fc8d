import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUnreadTitle } from '../features/notifications/use-unread-title';
import { Route as rootRoute } from '../routes/__root';
import { sessionStore } from './session-store';
import { useDocumentTitle } from './use-document-title';
import { useRouteTitle } from './use-route-title';

/** A frame naming the tab from its list of fixed titles (as the signed-in one does), with `unread` waiting. */
async function openApp(path: string, unread = 0) {
  const frame = createRoute({
    getParentRoute: () => rootRoute,
    id: 'frame',
    component: function Frame() {
      useRouteTitle({ [events.id]: 'Events' });
      useUnreadTitle(unread);
      return <Outlet />;
    },
  });
  const events = createRoute({ getParentRoute: () => frame, path: '/events', component: () => <h1>Events</h1> });
  const event = createRoute({
    getParentRoute: () => frame,
    path: '/events/$eventId',
    component: function EventPage() {
      // A page named by its content: here, as when the event has loaded.
      useDocumentTitle('Saturday gravel loop');
      return <h1>Saturday gravel loop</h1>;
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([frame.addChildren([events, event])]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient: new QueryClient(), session: sessionStore },
  });
  await router.load();
  render(<RouterProvider router={router as never} />);
  return router;
}

beforeEach(() => {
  document.title = 'Switchback';
});

describe('the browser tab names the page', () => {
  it('with the route’s fixed title, the unread count in front', async () => {
    await openApp('/events', 3);
    await screen.findByRole('heading', { name: 'Events' });
    expect(document.title).toBe('(3) Events · Switchback');
  });

  it('with what a page is about when its name comes from its content, and again on the way back', async () => {
    const router = await openApp('/events');
    await screen.findByRole('heading', { name: 'Events' });
    expect(document.title).toBe('Events · Switchback');
    await act(() => router.navigate({ to: '/events/$eventId' as never, params: { eventId: '7' } as never }));
    await screen.findByRole('heading', { name: 'Saturday gravel loop' });
    expect(document.title).toBe('Saturday gravel loop · Switchback');
    await act(() => router.history.back());
    await screen.findByRole('heading', { name: 'Events' });
    expect(document.title).toBe('Events · Switchback');
  });
});
