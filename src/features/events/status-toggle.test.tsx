import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { EventStatus } from '#contract/events';
import { fail, ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render';
import { gate } from '../../test/gate';
import { signedInMember } from '../../test/session';
import { EventList } from './components/event-list';
import { anEvent, aStatus, eventPage, serveEvents } from './test-helpers';

type Path = 'interestedChallengetoggle' | 'join' | 'opt-out';

/**
 * A server keeping the viewer's state for event 501 (capacity and others waiting as given), answering each call with
 * the whole status; each answer waits for `hold` when given, or fails with `status`.
 */
function serveStatus(start: EventStatus, { hold = undefined as ReturnType<typeof gate> | undefined, status = 200 } = {}) {
  let state = start;
  const calls: Path[] = [];
  for (const path of ['interestedChallengetoggle', 'join', 'opt-out'] as const) {
    server.use(
      http.post(`/api/challenge/${path}`, async ({ request }) => {
        const body = (await request.json()) as { challengeId: number };
        expect(body).toEqual({ challengeId: 501 });
        calls.push(path);
        if (hold) await hold.opened;
        if (status !== 200) return HttpResponse.json(fail(status, 'The event could not be updated.'), { status });
        if (path === 'interestedChallengetoggle') {
          state = { ...state, isInterested: !state.isInterested, interestedCount: state.interestedCount + (state.isInterested ? -1 : 1) };
        } else if (path === 'join' && !state.isGoing && !state.isWaitlisted) {
          const full = state.capacity !== null && state.goingCount >= state.capacity;
          state = full
            ? { ...state, isWaitlisted: true, waitlistCount: state.waitlistCount + 1, waitlistPosition: state.waitlistCount + 1 }
            : { ...state, isGoing: true, goingCount: state.goingCount + 1 };
        } else if (path === 'opt-out' && (state.isGoing || state.isWaitlisted)) {
          state = state.isGoing
            ? { ...state, isGoing: false, goingCount: state.goingCount - 1 }
            : { ...state, isWaitlisted: false, waitlistPosition: null, waitlistCount: state.waitlistCount - 1 };
        }
        return HttpResponse.json(ok(state));
      }),
    );
  }
  return calls;
}

async function renderEvent(status: EventStatus) {
  signedInMember();
  serveEvents(() => eventPage([anEvent({ status })]));
  const user = userEvent.setup();
  await renderWithProviders(<EventList filters={{ type: 'upcoming' }} label="Upcoming events" empty={null} />, { path: '/events' });
  const card = await screen.findByRole('article');
  return { user, card };
}

const goingButton = (card: HTMLElement) => within(card).getByRole('button', { name: /: Saturday gravel social$/ });
const interestedButton = (card: HTMLElement) => within(card).getByRole('button', { name: 'Interested in Saturday gravel social' });

describe('interested and going toggles', () => {
  it('marks interested at once, counts it, and keeps the server’s answer', async () => {
    const hold = gate();
    const calls = serveStatus(aStatus({ interestedCount: 4 }), { hold });
    const { user, card } = await renderEvent(aStatus({ interestedCount: 4 }));
    await user.click(interestedButton(card));
    expect(interestedButton(card)).toHaveAttribute('aria-pressed', 'true');
    expect(card).toHaveTextContent('5 interested');
    hold.open();
    await waitFor(() => expect(calls).toEqual(['interestedChallengetoggle']));
    expect(interestedButton(card)).toHaveAttribute('aria-pressed', 'true');
    expect(card).toHaveTextContent('5 interested');
  });

  it('joins, showing the viewer going and counted before the server answers; leaving sends opt-out', async () => {
    const hold = gate();
    const calls = serveStatus(aStatus({ goingCount: 2 }), { hold });
    const { user, card } = await renderEvent(aStatus({ goingCount: 2 }));
    await user.click(goingButton(card));
    expect(goingButton(card)).toHaveAccessibleName('Going: Saturday gravel social');
    expect(goingButton(card)).toHaveAttribute('aria-pressed', 'true');
    expect(card).toHaveTextContent('3 going');
    // The viewer's face joins the avatars: the count and the names agree.
    expect(card).toHaveTextContent('including Maya Torres');
    hold.open();
    await waitFor(() => expect(calls).toEqual(['join']));

    await user.click(goingButton(card));
    await waitFor(() => expect(calls).toEqual(['join', 'opt-out']));
    expect(goingButton(card)).toHaveAttribute('aria-pressed', 'false');
    expect(card).toHaveTextContent('2 going');
    expect(card).not.toHaveTextContent('Maya Torres');
  });

  it('guesses the waitlist when every place is taken, then shows the place the server gives', async () => {
    const hold = gate();
    // Two people already wait; the page still thinks nobody does.
    serveStatus(aStatus({ goingCount: 10, capacity: 10, waitlistCount: 2 }), { hold });
    const { user, card } = await renderEvent(aStatus({ goingCount: 10, capacity: 10 }));
    await user.click(within(card).getByRole('button', { name: 'Join waitlist: Saturday gravel social' }));
    expect(within(card).getByRole('button', { name: 'On waitlist #1: Saturday gravel social' })).toHaveAttribute('aria-pressed', 'true');
    expect(card).toHaveTextContent('10 going');
    hold.open();
    expect(await within(card).findByRole('button', { name: 'On waitlist #3: Saturday gravel social' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('settles rapid clicks on the server’s answer with at most two requests', async () => {
    const hold = gate();
    const calls = serveStatus(aStatus({ goingCount: 2 }), { hold });
    const { user, card } = await renderEvent(aStatus({ goingCount: 2 }));
    // Join, leave, join, leave: the last wish is out.
    for (let i = 0; i < 4; i++) await user.click(goingButton(card));
    expect(goingButton(card)).toHaveAttribute('aria-pressed', 'false');
    hold.open();
    await waitFor(() => expect(calls).toEqual(['join', 'opt-out']));
    await waitFor(() => expect(card).toHaveTextContent('2 going'));
    expect(goingButton(card)).toHaveAttribute('aria-pressed', 'false');
  });

  it('sends one toggle for three rapid clicks on interested, ending where the last click left it', async () => {
    const hold = gate();
    const calls = serveStatus(aStatus(), { hold });
    const { user, card } = await renderEvent(aStatus());
    for (let i = 0; i < 3; i++) await user.click(interestedButton(card));
    expect(interestedButton(card)).toHaveAttribute('aria-pressed', 'true');
    hold.open();
    await waitFor(() => expect(calls).toEqual(['interestedChallengetoggle']));
    await waitFor(() => expect(interestedButton(card)).toHaveAttribute('aria-pressed', 'true'));
    expect(card).toHaveTextContent('1 interested');
  });

  it('puts everything back and says so once when the server refuses', async () => {
    serveStatus(aStatus({ goingCount: 2, interestedCount: 4 }), { status: 500 });
    const { user, card } = await renderEvent(aStatus({ goingCount: 2, interestedCount: 4 }));
    await user.click(goingButton(card));
    expect(await screen.findByText('The event could not be updated.')).toBeInTheDocument();
    expect(goingButton(card)).toHaveAttribute('aria-pressed', 'false');
    expect(card).toHaveTextContent('2 going');
    expect(card).not.toHaveTextContent('Maya Torres');
    expect(screen.getAllByText('The event could not be updated.')).toHaveLength(1);
    expect(interestedButton(card)).toHaveAttribute('aria-pressed', 'false');
    expect(card).toHaveTextContent('4 interested');
  });
});
