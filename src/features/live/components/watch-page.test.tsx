import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LINK_GONE } from '#contract/live';
import type { LiveMessage } from '#contract/realtime';
import { liveSocket } from '../../../lib/live-socket';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { SESSION_GONE } from '../live-words';
import { aSession, aShared, SendingSocket, serveLiveSession, serveShared, StandInEngine, withMapAndSocket } from '../test-helpers';
import { SharedLivePage } from './shared-live-page';
import { WatchPage } from './watch-page';

vi.mock('../../../components/map/libre-map', () => ({ default: StandInEngine }));

withMapAndSocket();

/** The watch page with the app's live connection open (the signed-in layout holds it). */
async function renderWatching() {
  signedInMember();
  const stopHolding = liveSocket.listen({});
  const socket = SendingSocket.latest() as SendingSocket;
  act(() => socket.serverOpens());
  const view = await renderWithProviders(<WatchPage liveId={31} />, { path: '/activities/live/31' });
  const push = (message: LiveMessage) => act(() => socket.serverSends(message));
  return { ...view, socket, push, stopHolding };
}

const drawn = () => screen.getByRole('list', { name: /^Drawn on Map of Priya Shah/ });

describe('WatchPage', () => {
  it('watches the session, and its track grows and the pin moves as positions come', async () => {
    serveLiveSession(aSession());
    const { socket, push, unmount, stopHolding } = await renderWatching();
    expect(await screen.findByRole('heading', { name: 'Priya Shah' })).toBeInTheDocument();
    expect(await within(await screen.findByRole('list', { name: /^Drawn on/ })).findByText('Line in 1 piece through 2 points')).toBeInTheDocument();
    expect(within(drawn()).getByText('Priya Shah, last seen here at -122.45, 37.77')).toBeInTheDocument();
    expect(socket.sent).toContainEqual({ type: 'watch-live', id: 31 });
    expect(screen.getByText(/^View of Map of Priya Shah/)).toHaveTextContent('fitted once, last to 2 points');

    push({ type: 'live-position', liveId: 31, points: [[-122.44, 37.78, Date.now() - 2000], [-122.43, 37.79, Date.now() - 1000]], resume: false, distanceM: 14_000, lastAt: new Date().toISOString() });
    await waitFor(() => expect(within(drawn()).getByText('Line in 1 piece through 4 points')).toBeInTheDocument());
    expect(within(drawn()).getByText('Priya Shah, last seen here at -122.43, 37.79')).toBeInTheDocument();
    // Fitted to the whole track on open, then following the newest point.
    expect(screen.getByText(/^View of Map of Priya Shah/)).toHaveTextContent('fitted 2 times, last to -122.43, 37.79');
    expect(screen.getByText('8.7 mi', { selector: 'dd' })).toBeInTheDocument();

    // After a hidden stretch (a privacy zone) the line starts again rather than crossing it.
    push({ type: 'live-position', liveId: 31, points: [[-122.40, 37.80, Date.now()]], resume: true, distanceM: 15_000, lastAt: new Date().toISOString() });
    await waitFor(() => expect(within(drawn()).getByText('Line in 2 pieces through 5 points')).toBeInTheDocument());
    // Another session's positions are not this one's.
    push({ type: 'live-position', liveId: 32, points: [[0, 0, Date.now()]], resume: false, distanceM: 1, lastAt: new Date().toISOString() });
    push({ type: 'live-status', liveId: 31, status: 'paused' });
    expect(await screen.findByText('Paused', { selector: 'dd span' })).toBeInTheDocument();
    expect(within(drawn()).getByText('Line in 2 pieces through 5 points')).toBeInTheDocument();

    unmount();
    expect(socket.sent.at(-1)).toEqual({ type: 'unwatch-live', id: 31 });
    stopHolding();
  });

  it('says the session is no longer available when the server lets go of it, and the map goes', async () => {
    serveLiveSession(aSession());
    const { push, stopHolding } = await renderWatching();
    expect(await screen.findByRole('heading', { name: 'Priya Shah' })).toBeInTheDocument();
    push({ type: 'live-gone', liveId: 31 });
    expect(await screen.findByText(SESSION_GONE)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /^Drawn on/ })).not.toBeInTheDocument();
    stopHolding();
  });

  it('says the same for a session it may not watch (404)', async () => {
    serveLiveSession(null);
    const { stopHolding } = await renderWatching();
    expect(await screen.findByText(SESSION_GONE)).toBeInTheDocument();
    stopHolding();
  });
});

describe('SharedLivePage', () => {
  it('shows the first name, the sport and the map of a link', async () => {
    serveShared(aShared());
    await renderWithProviders(<SharedLivePage token="abcdefghijklmnopqrstuvwxyz" />, { path: '/live/abcdefghijklmnopqrstuvwxyz' });
    expect(await screen.findByRole('heading', { name: 'Priya is sharing their location' })).toBeInTheDocument();
    expect(screen.getByText('Hiking')).toBeInTheDocument();
    expect(screen.getByText('5 sec. ago', { exact: false })).toBeInTheDocument();
    expect(await screen.findByText('Priya, last seen here at -122.45, 37.77')).toBeInTheDocument();
    expect(screen.queryByText(/Shah/)).not.toBeInTheDocument();
  });

  it('says an expired or turned-off link is gone', async () => {
    serveShared(null);
    await renderWithProviders(<SharedLivePage token="abcdefghijklmnopqrstuvwxyz" />, { path: '/live/abcdefghijklmnopqrstuvwxyz' });
    expect(await screen.findByText(LINK_GONE)).toBeInTheDocument();
  });
});
