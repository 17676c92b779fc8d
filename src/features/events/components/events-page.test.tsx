import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearch } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { managedBy, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { parseEventSearch } from '../event-search-params';
import { sharedPosition } from '../shared-position';
import { eventPage, eventsFrom, serveEvents } from '../test-helpers';
import { LOCATION_DENIED } from './event-filters';
import { EventsPage } from './events-page';

/** The page as the route gives it: its search read (and validated) from the address. */
function EventsAtAddress() {
  return <EventsPage search={parseEventSearch(useSearch({ strict: false }))} />;
}

async function renderEvents(
  search: Record<string, string> = {},
  units: 'imperial' | 'metric' = 'imperial',
  sports: number[] = [],
  member: Parameters<typeof signedInMember>[0] = {},
) {
  signedInMember({ units, sports, ...member });
  const user = userEvent.setup();
  const view = await renderWithProviders(<EventsAtAddress />, { path: '/events' });
  if (Object.keys(search).length > 0) await view.router.navigate({ to: '/events', search } as never);
  return { user, ...view };
}

/** The browser's geolocation, answering each ask with `answer` (a position, or an error code: 1 is denied). */
function mockGeolocation(answer: { lat: number; lng: number } | { code: number }) {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if ('code' in answer) failure?.({ code: answer.code, message: 'no', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    else success({ coords: { latitude: answer.lat, longitude: answer.lng } } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return getCurrentPosition;
}

const list = () => screen.getByRole('list', { name: /events/i });

describe('EventsPage', () => {
  afterEach(() => {
    sharedPosition.set(null);
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('lists upcoming events first, and each tab asks for its own list', async () => {
    const asked = serveEvents((p) => eventPage(eventsFrom(p.get('type') === 'past' ? 20 : 10, 2)));
    const { user } = await renderEvents();
    expect(await screen.findByRole('heading', { level: 2, name: 'Event 10' })).toBeInTheDocument();
    expect(asked[0]!.get('type')).toBe('upcoming');
    expect(asked[0]!.get('page')).toBe('1');
    expect(screen.getByRole('link', { name: 'Upcoming' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('link', { name: 'Past' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Event 20' })).toBeInTheDocument();
    expect(asked.at(-1)!.get('type')).toBe('past');
    expect(screen.getByRole('link', { name: 'Past' })).toHaveAttribute('aria-current', 'page');
    // One current tab at a time.
    expect(screen.getByRole('link', { name: 'Upcoming' })).not.toHaveAttribute('aria-current');
    expect(list()).toHaveAccessibleName('Past events');

    for (const [tab, type] of [
      ['Yours', 'mine'],
      ['Going', 'going'],
      ['Interested', 'interested'],
    ] as const) {
      await user.click(screen.getByRole('link', { name: tab }));
      await waitFor(() => expect(asked.at(-1)!.get('type')).toBe(type));
    }
  });

  it('loads the next page with the cursor the last one gave', async () => {
    const asked = serveEvents((p) => (p.get('cursor') === 'after-page-1' ? eventPage(eventsFrom(80, 20), 2, 2) : eventPage(eventsFrom(100, 20), 1, 2)));
    const { user } = await renderEvents();
    await screen.findByRole('heading', { level: 2, name: 'Event 100' });
    await user.click(screen.getByRole('button', { name: 'Show more events' }));
    // The list draws new cards in slices between frames (check P7): in jsdom on a busy machine the last one of 40 can
    // take seconds, which the default second of `findBy` does not wait for.
    expect(await screen.findByRole('heading', { level: 2, name: 'Event 61' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(asked.at(-1)!.get('cursor')).toBe('after-page-1');
    expect(within(list()).getAllByRole('article')).toHaveLength(40);
    expect(screen.getByText('That’s every event.')).toBeInTheDocument();
  });

  it('filters by sport and by words once typing pauses', async () => {
    const asked = serveEvents(() => eventPage(eventsFrom(10, 1)));
    const { user } = await renderEvents();
    await screen.findByRole('heading', { level: 2, name: 'Event 10' });

    await user.click(screen.getByRole('radio', { name: 'Hiking' }));
    await waitFor(() => expect(asked.at(-1)!.get('sport_id')).toBe('35'));
    expect(screen.getByRole('radio', { name: 'Hiking' })).toBeChecked();

    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'gravel');
    await waitFor(() => expect(asked.at(-1)!.get('search')).toBe('gravel'));
    expect(asked.filter((p) => p.get('search') !== null)).toHaveLength(1);
    expect(asked.at(-1)!.get('sport_id')).toBe('35');
    expect(asked.at(-1)!.get('type')).toBe('upcoming');
  });

  it("opens on the member's own sports, and All sports shows every sport until they choose theirs again", async () => {
    const asked = serveEvents((params) => (params.get('sports') === 'mine' ? eventPage([]) : eventPage(eventsFrom(3, 1))));
    const { user, router } = await renderEvents({}, 'imperial', [35, 53]);
    const mine = await screen.findByRole('radio', { name: 'Your sports' });
    expect(mine).toBeChecked();
    expect(asked[0]!.get('sports')).toBe('mine');
    expect(asked[0]!.get('sport_id')).toBeNull();
    expect(await screen.findByText('No events in your sports here yet')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Show all sports' }));
    await screen.findByRole('heading', { level: 2, name: 'Event 3' });
    expect(screen.getByRole('radio', { name: 'All sports' })).toBeChecked();
    expect(asked.at(-1)!.get('sports')).toBeNull();
    expect(router.state.location.search).toMatchObject({ sports: 'all' });

    await user.click(screen.getByRole('radio', { name: 'Your sports' }));
    await waitFor(() => expect(asked.at(-1)!.get('sports')).toBe('mine'));
    expect(router.state.location.search).not.toHaveProperty('sports');
  });

  it('keeps every sport on the member’s own lists (Yours), where Your sports is a choice, not the default', async () => {
    const asked = serveEvents(() => eventPage(eventsFrom(2, 1)));
    const { user, router } = await renderEvents({ type: 'mine' }, 'imperial', [35]);
    await screen.findByRole('heading', { level: 2, name: 'Event 2' });
    expect(screen.getByRole('radio', { name: 'All sports' })).toBeChecked();
    expect(asked.at(-1)!.get('sports')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Your sports' }));
    await waitFor(() => expect(asked.at(-1)!.get('sports')).toBe('mine'));
    expect(router.state.location.search).toMatchObject({ type: 'mine', sports: 'mine' });
  });

  it('offers no Your sports chip to a member without sports on their profile', async () => {
    const asked = serveEvents(() => eventPage(eventsFrom(2, 1)));
    await renderEvents();
    await screen.findByRole('heading', { level: 2, name: 'Event 2' });
    expect(screen.queryByRole('radio', { name: 'Your sports' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All sports' })).toBeChecked();
    expect(asked[0]!.get('sports')).toBeNull();
  });

  it('folds sport and distance into one Filters sheet on a phone, counting what is chosen', async () => {
    const asked = serveEvents(() => eventPage(eventsFrom(10, 1)));
    const { user } = await renderEvents();
    await screen.findByRole('heading', { level: 2, name: 'Event 10' });

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    await user.click(within(sheet).getByRole('radio', { name: 'Hiking' }));
    await waitFor(() => expect(asked.at(-1)!.get('sport_id')).toBe('35'));
    expect(within(sheet).getByRole('combobox', { name: 'Distance' })).toHaveValue('');
    await user.click(within(sheet).getByRole('button', { name: 'Show events' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // One filter on, said on the button; focus is back on it.
    expect(screen.getByRole('button', { name: 'Filters, 1 chosen' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Hiking' })).toBeChecked();
  });

  it('asks where the member is when a distance is chosen, and sends it in kilometres with the point', async () => {
    const getCurrentPosition = mockGeolocation({ lat: 40.01499, lng: -105.27055 });
    const asked = serveEvents(() => eventPage(eventsFrom(10, 1)));
    const { user, router } = await renderEvents();
    await screen.findByRole('heading', { level: 2, name: 'Event 10' });
    expect(getCurrentPosition).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Distance' }), 'Within 25 mi');
    await waitFor(() => expect(asked.at(-1)!.get('range')).toBe('40.234'));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(asked.at(-1)!.get('lat')).toBe('40.015');
    expect(asked.at(-1)!.get('lng')).toBe('-105.271');
    // The distance is in the address; where the member is, never.
    expect(router.state.location.search).toEqual({ range: 40.234 });

    // Known now: another distance does not ask again.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Distance' }), 'Within 100 mi');
    await waitFor(() => expect(asked.at(-1)!.get('range')).toBe('160.934'));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Distance' }), 'Any distance');
    await waitFor(() => expect(asked.at(-1)!.get('range')).toBeNull());
    expect(asked.at(-1)!.get('lat')).toBeNull();
  });

  it('offers kilometres to metric members', async () => {
    mockGeolocation({ lat: 47.26, lng: 11.39 });
    const asked = serveEvents(() => eventPage(eventsFrom(10, 1)));
    const { user } = await renderEvents({}, 'metric');
    await screen.findByRole('heading', { level: 2, name: 'Event 10' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Distance' }), 'Within 50 km');
    await waitFor(() => expect(asked.at(-1)!.get('range')).toBe('50'));
  });

  it('says plainly when location is refused, and keeps the list unfiltered', async () => {
    mockGeolocation({ code: 1 });
    const asked = serveEvents(() => eventPage(eventsFrom(10, 1)));
    const { user } = await renderEvents();
    await screen.findByRole('heading', { level: 2, name: 'Event 10' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Distance' }), 'Within 10 mi');
    expect(await screen.findByRole('alert')).toHaveTextContent(LOCATION_DENIED);
    expect(screen.getByRole('combobox', { name: 'Distance' })).toHaveValue('');
    expect(asked.every((p) => p.get('range') === null && p.get('lat') === null)).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: 'Event 10' })).toBeInTheDocument();
  });

  it('with the position refused, measures distances from the profile’s place, found by the place search, and says so', async () => {
    mockGeolocation({ code: 1 });
    const asked = serveEvents(() => eventPage(eventsFrom(10, 1)));
    const places: string[] = [];
    server.use(
      http.get('/api/places', ({ request }) => {
        places.push(new URL(request.url).searchParams.get('q')!);
        return HttpResponse.json(ok([{ name: 'Boulder', region: 'CO', country: 'United States', label: 'Boulder, CO, United States', lng: -105.27055, lat: 40.01499, population: 107349 }]));
      }),
    );
    signedInMember({ location: 'Boulder, CO' });
    const user = userEvent.setup();
    await renderWithProviders(<EventsAtAddress />, { path: '/events' });
    await screen.findByRole('heading', { level: 2, name: 'Event 10' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Distance' }), 'Within 10 mi');
    await waitFor(() => expect(asked.at(-1)!.get('range')).toBe('16.093'));
    expect(asked.at(-1)!.get('lat')).toBe('40.015');
    expect(asked.at(-1)!.get('lng')).toBe('-105.271');
    expect(places).toEqual(['Boulder, CO']);
    expect(screen.getByText(/distances are from Boulder, CO, the place on your profile/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for the position once when the address already has a distance', async () => {
    const getCurrentPosition = mockGeolocation({ lat: 40.015, lng: -105.27 });
    const asked = serveEvents(() => eventPage(eventsFrom(10, 1)));
    await renderEvents({ range: '40.234' });
    await waitFor(() => expect(asked.at(-1)!.get('lat')).toBe('40.015'));
    expect(asked.at(-1)!.get('range')).toBe('40.234');
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('combobox', { name: 'Distance' })).toHaveValue('40.234');
  });

  it('has a Create event button, and each empty tab says what it holds with a way to create one', async () => {
    serveEvents(() => eventPage([]));
    const { user } = await renderEvents({ type: 'going' });
    expect(await screen.findByText('You’re not going to any events yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an event' })).toHaveAttribute('href', '/events/create');
    expect(screen.getByRole('link', { name: 'Create event' })).toHaveAttribute('href', '/events/create');

    await user.click(screen.getByRole('link', { name: 'Yours' }));
    expect(await screen.findByText('You haven’t organised an event yet')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'nowhere');
    expect(await screen.findByText('No events match “nowhere”')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    expect(await screen.findByText('You haven’t organised an event yet')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveValue('');
  });

  it('offers an associate whose owner has not allowed creating events no way to create one', async () => {
    serveEvents(() => eventPage([]));
    await renderEvents({ type: 'going' }, 'imperial', [], { managedBy: managedBy('join_events') });
    expect(await screen.findByText('You’re not going to any events yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create an event' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create event' })).not.toBeInTheDocument();
  });
});
