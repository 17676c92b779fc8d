import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_STARTED, liveStopped, ownLiveSession, type OwnLiveSession } from '#contract/live';
import { aMember, answerPost, fail, managedBy, ok, pageOf } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { TOO_MANY_CONTACTS } from '../live-start-schema';
import { LOCATION_DENIED } from '../live-words';
import { aCard, aLiveNow, anOwnSession, serveLiveNow, StandInEngine } from '../test-helpers';
import { LivePage } from './live-page';

vi.mock('../../../components/map/libre-map', () => ({ default: StandInEngine }));

const WORDS = {
  everyone: { label: 'Everyone', hint: 'Anyone.' },
  followers: { label: 'Followers', hint: 'Members who follow you.' },
  only_me: { label: 'Only me', hint: 'No one else.' },
};

/** A browser whose location answers `answer` (granted, or refused). */
function stubLocation(answer: 'granted' | 'denied' = 'granted') {
  const geolocation = {
    getCurrentPosition: vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
      if (answer === 'granted') success({ coords: { longitude: 8.5, latitude: 47.3, altitude: null, accuracy: 5 }, timestamp: Date.now() } as GeolocationPosition);
      else failure?.({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' } as GeolocationPositionError);
    }),
    watchPosition: vi.fn((_onPosition: PositionCallback) => 1),
    clearWatch: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return geolocation;
}

beforeEach(() => {
  vi.stubGlobal('WebGL2RenderingContext', class {});
});
afterEach(() => {
  activitySaved.mockReset();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
});

/** What the route hands in to reach the activities' cache once a session is saved as one. */
const activitySaved = vi.fn();
const renderPage = () => renderWithProviders(<LivePage visibilityWords={WORDS} onActivitySaved={activitySaved} />, { path: '/activities/live' });

describe('LivePage, not live', () => {
  it('refuses a bad e-mail contact, then goes live with the body the contract wants', async () => {
    signedInMember();
    stubLocation();
    serveLiveNow(null);
    const started = answerPost('live', () => HttpResponse.json(ok(anOwnSession(), LIVE_STARTED)));
    const user = userEvent.setup();
    await renderPage();

    expect(await screen.findByRole('heading', { name: 'Share where you are' })).toBeInTheDocument();
    expect(screen.getByText(/No one you may watch is live right now/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sport' }), 'MTB');
    const emailBox = screen.getByRole('textbox', { name: 'Safety contact by e-mail' });
    await user.type(emailBox, 'ana@nowhere');
    await user.click(screen.getByRole('button', { name: 'Add e-mail' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    await user.clear(emailBox);
    await user.type(emailBox, 'Ana@Example.com');
    await user.click(screen.getByRole('button', { name: 'Add e-mail' }));
    expect(within(screen.getByRole('list', { name: 'Safety contacts by e-mail' })).getByText('ana@example.com')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ask if I am OK after' }), '30');

    await user.click(screen.getByRole('button', { name: 'Go live' }));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toEqual({
      sportId: 53,
      audience: 'followers',
      contactIds: [],
      contactEmails: ['ana@example.com'],
      expectedReturnAt: null,
      silenceMinutes: 30,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(await screen.findByRole('heading', { name: 'You are live' })).toBeInTheDocument();
    expect(await screen.findByText(LIVE_STARTED)).toBeInTheDocument();
  });

  it('counts member and e-mail safety contacts together, five at most', async () => {
    signedInMember();
    stubLocation();
    serveLiveNow(null);
    const started = answerPost('live', () => HttpResponse.json(ok(anOwnSession())));
    server.use(
      http.get('/api/selectMembers', () =>
        HttpResponse.json(pageOf([aMember({ userId: 21, firstName: 'Priya', lastName: 'Shah', handleName: 'priyarides' }), aMember({ userId: 22, firstName: 'Jonas', lastName: 'Berg' })])),
      ),
    );
    const user = userEvent.setup();
    await renderPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sport' }), 'Hiking');
    for (const name of ['a', 'b', 'c', 'd']) {
      await user.type(screen.getByRole('textbox', { name: 'Safety contact by e-mail' }), `${name}@example.com`);
      await user.click(screen.getByRole('button', { name: 'Add e-mail' }));
    }
    const contacts = screen.getByRole('combobox', { name: 'Safety contacts (members)' });
    await user.click(contacts);
    await user.click(await screen.findByRole('option', { name: /Priya Shah/ }));
    await user.click(contacts);
    await user.click(await screen.findByRole('option', { name: /Jonas Berg/ }));

    await user.click(screen.getByRole('button', { name: 'Go live' }));
    expect(await screen.findByText(TOO_MANY_CONTACTS)).toBeInTheDocument();
    expect(started).toHaveLength(0);
  });

  it('shares with an event on now when one is chosen, and says under it what the server refused', async () => {
    signedInMember();
    stubLocation();
    serveLiveNow(null, [], [
      { id: 501, eventName: 'Flatirons sunrise ride' },
      { id: 502, eventName: 'Tuesday trail crew' },
    ]);
    let refuse = true;
    const started = answerPost('live', () =>
      refuse
        ? HttpResponse.json(fail(400, 'Check the form.', { eventId: ['Share with an event you are going to that is on now.'] }), { status: 400 })
        : HttpResponse.json(ok(anOwnSession({ eventId: 502 }))),
    );
    const user = userEvent.setup();
    await renderPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sport' }), 'MTB');
    const event = screen.getByRole('combobox', { name: 'Share with an event (optional)' });
    expect(event).toHaveValue('');
    expect(within(event).getAllByRole('option').map((o) => o.textContent)).toEqual(['No event', 'Flatirons sunrise ride', 'Tuesday trail crew']);
    await user.selectOptions(event, 'Tuesday trail crew');

    await user.click(screen.getByRole('button', { name: 'Go live' }));
    expect(await screen.findByText('Share with an event you are going to that is on now.')).toBeInTheDocument();
    expect(event).toHaveAccessibleDescription('Share with an event you are going to that is on now.');
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ sportId: 53, audience: 'followers', eventId: 502 });

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Go live' }));
    expect(await screen.findByRole('heading', { name: 'You are live' })).toBeInTheDocument();
    expect(started[1]).toMatchObject({ eventId: 502 });
  });

  it('puts a refusal of a field the body names another way under the input that holds it (the expected return)', async () => {
    signedInMember();
    stubLocation();
    serveLiveNow(null);
    answerPost('live', () => HttpResponse.json(fail(400, 'Check the form.', { expectedReturnAt: ['Your expected return is in the past: pick a later time.'] }), { status: 400 }));
    const user = userEvent.setup();
    await renderPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sport' }), 'Hiking');
    await user.click(screen.getByRole('button', { name: 'Go live' }));
    expect(await screen.findByText('Your expected return is in the past: pick a later time.')).toBeInTheDocument();
    expect(screen.getByLabelText('Expected back (optional)')).toHaveAccessibleDescription(/Your expected return is in the past/);
  });

  it('offers no event when none is on', async () => {
    signedInMember();
    serveLiveNow(null);
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'Share where you are' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Share with an event (optional)' })).not.toBeInTheDocument();
  });

  it('says so, and does not start, when the browser may not use the location', async () => {
    signedInMember();
    stubLocation('denied');
    serveLiveNow(null);
    const started = answerPost('live', () => HttpResponse.json(ok(anOwnSession())));
    const user = userEvent.setup();
    await renderPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sport' }), 'Road');
    await user.click(screen.getByRole('button', { name: 'Go live' }));
    expect(await screen.findByText(LOCATION_DENIED)).toBeInTheDocument();
    expect(started).toHaveLength(0);
  });

  it('shows an associate without the permission the notice, not the form', async () => {
    signedInMember({ managedBy: managedBy('record_activities') });
    serveLiveNow(null, [aCard()]);
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'Not allowed on this account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go live' })).not.toBeInTheDocument();
    // Watching others is not sharing: the list is still there.
    expect(screen.getByRole('link', { name: /Priya Shah/ })).toHaveAttribute('href', '/activities/live/31');
  });
});

describe('LivePage, live', () => {
  it('shows the own track, who watches and the others live, each linking to their map', async () => {
    signedInMember();
    stubLocation();
    serveLiveNow(anOwnSession(), [aCard()]);
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'You are live' })).toBeInTheDocument();
    expect(screen.getByText('7.8 mi', { selector: 'dd' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Watching now' })).getByText('Priya Shah')).toBeInTheDocument();
    const drawn = await screen.findByRole('list', { name: 'Drawn on Map of your live track' });
    expect(within(drawn).getByText('You are here at -122.45, 37.77')).toBeInTheDocument();
    const card = screen.getByRole('link', { name: /Priya Shah/ });
    expect(card).toHaveTextContent('MTB');
    expect(card).toHaveTextContent('Updated 12 sec. ago');
  });

  it('fits the own map to the whole track on open, then follows the newest position; with Follow off the view stays', async () => {
    signedInMember();
    const geolocation = stubLocation();
    serveLiveNow(anOwnSession());
    const user = userEvent.setup();
    await renderPage();
    const drawn = await screen.findByRole('list', { name: 'Drawn on Map of your live track' });
    const view = () => screen.getByText(/^View of Map of your live track fitted/);
    // Seconds apart, as the device reads them (closer ones are dropped).
    const moveTo = (longitude: number, latitude: number, secondsLater: number) =>
      act(() =>
        geolocation.watchPosition.mock.calls.at(-1)![0]({ coords: { longitude, latitude, altitude: null, accuracy: 5 }, timestamp: Date.now() + secondsLater * 1000 } as GeolocationPosition),
      );
    expect(view()).toHaveTextContent('fitted once, last to 2 points');

    moveTo(-122.44, 37.78, 0);
    expect(within(drawn).getByText('You are here at -122.44, 37.78')).toBeInTheDocument();
    expect(view()).toHaveTextContent('fitted 2 times, last to -122.44, 37.78');

    const follow = screen.getByRole('switch', { name: 'Follow' });
    await user.click(follow);
    expect(follow).not.toBeChecked();
    moveTo(-122.43, 37.79, 5);
    expect(within(drawn).getByText('You are here at -122.43, 37.79')).toBeInTheDocument();
    expect(view()).toHaveTextContent('fitted 2 times, last to -122.44, 37.78');

    await user.click(follow);
    expect(view()).toHaveTextContent('fitted 3 times, last to -122.43, 37.79');
  });

  it('answers "Are you OK?" with /ok, and the banner goes', async () => {
    signedInMember();
    stubLocation();
    serveLiveNow(anOwnSession({ checkSentAt: new Date().toISOString() }));
    const answered = answerPost('live/40/ok', () => HttpResponse.json(ok(ownLiveSession.parse(anOwnSession()))));
    const user = userEvent.setup();
    await renderPage();
    expect(await screen.findByText(/Are you OK\? Tap to extend/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I’m OK' }));
    await waitFor(() => expect(answered).toEqual([{}]));
    await waitFor(() => expect(screen.queryByText(/Tap to extend/)).not.toBeInTheDocument());
  });

  it('stops, saves the activity with its title and audience, and opens it', async () => {
    signedInMember();
    stubLocation();
    serveLiveNow(anOwnSession());
    const stops = answerPost('live/40/stop', () => HttpResponse.json(ok(liveStopped.parse({ liveId: 40, activityId: 912 }), 'Saved as an activity.')));
    const user = userEvent.setup();
    const { queryClient } = await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop sharing' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title (optional)' }), 'Ridge loop');
    await user.click(within(dialog).getByRole('radio', { name: /Only me/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save activity' }));
    await waitFor(() => expect(stops).toEqual([{ save: true, title: 'Ridge loop', visibility: 'only_me' }]));
    expect(await screen.findByTestId('location')).toHaveTextContent('/activities/912');
    // The activities' lists hear of the new one.
    expect(activitySaved).toHaveBeenCalledExactlyOnceWith(queryClient);
  });

  it('discards without opening anything, and the start form is back', async () => {
    signedInMember();
    stubLocation();
    let own: OwnLiveSession | null = anOwnSession();
    server.use(http.get('/api/live', () => HttpResponse.json(ok(aLiveNow({ own })))));
    const stops = answerPost('live/40/stop', () => {
      own = null;
      return HttpResponse.json(ok(liveStopped.parse({ liveId: 40, activityId: null })));
    });
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(stops).toEqual([{ save: false }]));
    expect(await screen.findByRole('button', { name: 'Go live' })).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(activitySaved).not.toHaveBeenCalled();
  });
});
