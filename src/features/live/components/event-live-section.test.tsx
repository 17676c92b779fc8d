import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { LiveCard } from '#contract/live';
import type { LiveMessage } from '#contract/realtime';
import { liveSocket } from '../../../lib/live-socket';
import { ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { aCard, aLiveNow, SendingSocket, StandInEngine, withMapAndSocket } from '../test-helpers';
import { EventLiveSection } from './event-live-section';

vi.mock('../../../components/map/libre-map', () => ({ default: StandInEngine }));

withMapAndSocket();

/** Serves `GET /api/live?eventId=` with `sessions`, keeping which event each request asked about. */
function serveEventLive(sessions: LiveCard[]) {
  const asked: (string | null)[] = [];
  server.use(
    http.get('/api/live', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('eventId'));
      return HttpResponse.json(ok(aLiveNow({ sessions })));
    }),
  );
  return asked;
}

/** The section on event 501's page, with the app's live connection open (the signed-in layout holds it). */
async function renderSection() {
  signedInMember();
  const stopHolding = liveSocket.listen({});
  const socket = SendingSocket.latest() as SendingSocket;
  act(() => socket.serverOpens());
  const view = await renderWithProviders(<EventLiveSection eventId={501} />, { path: '/events/501' });
  const push = (message: LiveMessage) => act(() => socket.serverSends(message));
  return { ...view, socket, push, stopHolding };
}

describe('EventLiveSection', () => {
  it('shows who is live on the event on one map and as cards, each opening their map, and the pins move', async () => {
    const asked = serveEventLive([aCard({ eventId: 501 }), aCard({ id: 32, sharer: { userId: 22, handleName: 'jonasrides', firstName: 'Jonas', lastName: 'Berg', profileImage: null }, position: null, lastAt: null, eventId: 501 })]);
    const { socket, push, unmount, stopHolding } = await renderSection();

    expect(await screen.findByRole('heading', { name: 'Live now on this event' })).toBeInTheDocument();
    expect(asked).toEqual(['501']);
    const drawn = await screen.findByRole('list', { name: 'Drawn on Map of everyone live on this event' });
    // A pin for each sharer with a position: Jonas has none yet.
    expect(within(drawn).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Priya Shah at -122.45, 37.77']);
    expect(screen.getByRole('link', { name: /Priya Shah/ })).toHaveAttribute('href', '/activities/live/31');
    expect(screen.getByRole('link', { name: /Jonas Berg/ })).toHaveTextContent('No position yet');

    await waitFor(() => expect(socket.sent).toEqual(expect.arrayContaining([{ type: 'watch-live', id: 31 }, { type: 'watch-live', id: 32 }])));
    push({ type: 'live-position', liveId: 31, points: [[-122.43, 37.79, Date.now()]], resume: false, distanceM: 14_000, lastAt: new Date().toISOString() });
    await waitFor(() => expect(within(drawn).getByText('Priya Shah at -122.43, 37.79')).toBeInTheDocument());

    unmount();
    expect(socket.sent).toEqual(expect.arrayContaining([{ type: 'unwatch-live', id: 31 }, { type: 'unwatch-live', id: 32 }]));
    stopHolding();
  });

  it('shows nothing while no one is live on the event', async () => {
    const asked = serveEventLive([]);
    const { container, socket, stopHolding } = await renderSection();
    await waitFor(() => expect(asked).toEqual(['501']));
    expect(screen.queryByRole('heading', { name: 'Live now on this event' })).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();
    expect(socket.sent.filter((m) => m.type === 'watch-live')).toEqual([]);
    stopHolding();
  });
});
