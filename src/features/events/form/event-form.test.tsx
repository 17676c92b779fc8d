import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { aMember, anUpload, aPhoto, fail, ok, pageOf } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { gate } from '../../../test/gate';
import { signedInMember } from '../../../test/session';
import { eventKeys } from '../api';
import { aRoute } from '../test-helpers';
import { CreateEventPage } from './event-form-page';
import { answerDrawnRoutes, answerEventSaves, answerReverseGeocode, clickMap, MAP_POINTS } from './test-helpers';

vi.mock('../../../components/map/map-view', async () => ({ MapView: (await import('./test-helpers')).StandInMap }));
// Where the maps open is map-start.test.tsx's: here they open on Boulder at once.
vi.mock('../../../components/map/map-start', async (original) => ({
  ...(await original<typeof import('../../../components/map/map-start')>()),
  useMapStart: () => ({ from: 'profile', center: [-105.27, 40.01], zoom: 11 }),
}));

const utc = (iso: string) => String(Date.parse(iso) / 1000);

async function renderCreate() {
  signedInMember();
  const user = userEvent.setup({ applyAccept: false });
  const view = await renderWithProviders(<CreateEventPage />, { path: '/events/create' });
  return { user, ...view };
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input, select, textarea' });
const stepHeading = (title: string) => screen.getByRole('heading', { level: 2, name: new RegExp(`^Step \\d of 5: ${title}$`) });
const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: /^(Next|Preview)$/ }));

async function fillBasics(user: UserEvent, name = 'Flatirons sunrise ride') {
  await user.type(field('Event name'), name);
  await user.selectOptions(field('Sport'), 'Road');
}

async function fillWhen(user: UserEvent, { zone = 'America/Denver', start = ['2026-07-04', '19:30'], end = ['2026-07-04', '22:00'] } = {}) {
  await user.selectOptions(field('Time zone'), zone);
  await user.type(field('Start date'), start[0]!);
  await user.type(field('Start time'), start[1]!);
  // The end day was filled from the start day.
  expect(field('End date')).toHaveValue(start[0]);
  if (end[0] !== start[0]) {
    await user.clear(field('End date'));
    await user.type(field('End date'), end[0]!);
  }
  await user.type(field('End time'), end[1]!);
}

/** Renders the form, fills Basics and When and presses Next: on the Where & route step, unless When was refused. */
async function renderPastWhen({ name, when }: { name?: string; when?: Parameters<typeof fillWhen>[1] } = {}) {
  const view = await renderCreate();
  await fillBasics(view.user, name);
  await next(view.user);
  await fillWhen(view.user, when);
  await next(view.user);
  return view;
}

describe('/events/create, step by step', () => {
  it('checks only the step on screen on Next, and keeps what was typed going back', async () => {
    const { user } = await renderCreate();
    expect(screen.getByRole('heading', { level: 1, name: 'Create an event' })).toBeInTheDocument();
    expect(stepHeading('Basics')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Step 1: Basics' })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('button', { name: 'Step 3: Where & route' })).toBeDisabled();

    await next(user);
    expect(await screen.findByText('Give the event a name.')).toBeInTheDocument();
    expect(screen.getByText('Choose a sport.')).toBeInTheDocument();
    expect(field('Event name')).toHaveFocus();
    // The When step's fields are not judged yet.
    expect(screen.queryByText('Pick a start date.')).not.toBeInTheDocument();
    expect(stepHeading('Basics')).toBeInTheDocument();

    await fillBasics(user);
    // Corrected fields lose their messages as they are fixed.
    await waitFor(() => expect(screen.queryByText('Give the event a name.')).not.toBeInTheDocument());
    expect(screen.queryByText('Choose a sport.')).not.toBeInTheDocument();
    // Enter in a field goes on, like Next.
    await user.type(field('Activity type'), 'Group ride{Enter}');
    await waitFor(() => expect(stepHeading('When')).toHaveFocus());
    expect(field('Event name')).not.toBeVisible();

    await next(user);
    expect(await screen.findByText('Pick a start date.')).toBeInTheDocument();
    expect(screen.getByText('Pick an end time.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepHeading('Basics')).toBeInTheDocument();
    expect(field('Event name')).toHaveValue('Flatirons sunrise ride');
    expect(field('Sport')).toHaveValue('34');
  }, 20_000);

  it('says the end must be after the start, and lets the member on once it is', async () => {
    const { user } = await renderPastWhen({ when: { zone: 'Europe/Berlin', start: ['2026-06-14', '09:00'], end: ['2026-06-14', '08:30'] } });
    expect(await screen.findByText('The end must be after the start.')).toBeInTheDocument();
    expect(field('End time')).toHaveAttribute('aria-invalid', 'true');
    expect(stepHeading('When')).toBeInTheDocument();

    await user.clear(field('End time'));
    await user.type(field('End time'), '12:00');
    await waitFor(() => expect(screen.queryByText('The end must be after the start.')).not.toBeInTheDocument());
    await next(user);
    expect(stepHeading('Where & route')).toBeInTheDocument();
  }, 20_000);

  it('warns when a start time falls in the spring-forward gap of the chosen zone', async () => {
    const { user } = await renderCreate();
    await fillBasics(user);
    await next(user);
    await fillWhen(user, { zone: 'Europe/Berlin', start: ['2026-03-29', '02:30'], end: ['2026-03-29', '06:00'] });
    expect(screen.getByText('The clocks skip 2:30 AM that day in Europe/Berlin; it will be 3:30 AM.')).toBeInTheDocument();
  }, 20_000);

  it('creates the event: times in its zone, goals in metres, the drawn route saved first, co-hosts by id', async () => {
    const purposes: unknown[] = [];
    server.use(
      http.post('/api/compress-image', async ({ request }) => {
        purposes.push((await request.formData()).get('type'));
        return HttpResponse.json(ok({ images: [anUpload('banner_key')] }));
      }),
      http.get('/api/selectMembers', ({ request }) => {
        const search = new URL(request.url).searchParams.get('search') ?? '';
        const people = [aMember(), aMember({ userId: 22, handleName: 'priyahikes', firstName: 'Priya', lastName: 'Nair' })];
        return HttpResponse.json(pageOf(people.filter((m) => m.firstName.toLowerCase().startsWith(search.toLowerCase()))));
      }),
    );
    const geocoded = answerReverseGeocode({ city: 'Boulder', state: 'Colorado', country: 'United States', zipcode: '80302', address: 'Chautauqua Park' });
    const routes = answerDrawnRoutes();
    const saves = answerEventSaves('Event Created Successfully', 777);
    const { user, queryClient } = await renderCreate();

    // 1. Basics
    await fillBasics(user);
    await user.type(field('Activity type'), 'Group ride');
    await user.click(screen.getByRole('radio', { name: /^Hard/ }));
    await user.click(screen.getByRole('radio', { name: 'Sun' }));
    await user.upload(screen.getByLabelText('Choose a banner'), aPhoto('flatirons.jpg'));
    expect(await screen.findByRole('img', { name: 'Banner preview' })).toHaveAttribute('src', '/media/banner_key.webp');
    expect(purposes).toEqual(['event']);
    await user.type(field('Description'), 'Lights on, coffee after.');
    await next(user);

    // 2. When: 7:30 PM in Denver (MDT, UTC-6) is 01:30 UTC the next day.
    await fillWhen(user);
    await user.selectOptions(field('Repeats'), 'Every week');
    await next(user);

    // 3. Where and route
    await clickMap(user, 'Map: click to set the meeting point', 'A');
    await waitFor(() => expect(field('City')).toHaveValue('Boulder'));
    expect(geocoded).toEqual([{ lat: String(MAP_POINTS.A[1]), lng: String(MAP_POINTS.A[0]) }]);
    expect(field('State or region')).toHaveValue('Colorado');
    expect(field('Country')).toHaveValue('United States');
    expect(field('Zip code')).toHaveValue('80302');
    expect(field('Place name')).toHaveValue('Chautauqua Park');
    await clickMap(user, 'Route map: click to add points', 'A', 'B', 'C');
    expect(screen.getByText('Line through 3 points')).toBeInTheDocument();
    expect(screen.getByText('The route is measured and saved when you go on.')).toBeInTheDocument();
    await next(user);
    await waitFor(() => expect(stepHeading('Goals & people')).toBeInTheDocument());
    expect(routes).toEqual([{ name: 'Flatirons sunrise ride', sportId: 34, coordinates: [MAP_POINTS.A, MAP_POINTS.B, MAP_POINTS.C] }]);

    // 4. Goals (feet and miles for this member) and people
    await user.type(field('Calories (cal)'), '800');
    await user.type(field('Elevation (ft)'), '1500');
    await user.type(field('Distance (mi)'), '25');
    await user.type(screen.getByRole('combobox', { name: 'Co-hosts' }), 'jo');
    await user.click(await screen.findByRole('option', { name: /Jonas Berg/ }));
    expect(within(screen.getByRole('list', { name: 'Chosen co-hosts' })).getByText('Jonas Berg')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^Followers/ }));
    await user.type(field('Capacity'), '12');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    // 5. Preview
    const preview = screen.getByRole('article', { name: 'Event preview' });
    expect(within(preview).getByText('Flatirons sunrise ride')).toBeInTheDocument();
    expect(within(preview).getByText(/7:30 PM – 10:00 PM MDT/)).toBeInTheDocument();
    expect(within(preview).getByText('800 cal · 1,500 ft elev · 25 mi')).toBeInTheDocument();
    expect(within(preview).getByText('12 places, then a waitlist')).toBeInTheDocument();
    expect(within(preview).getByText('Elevation gain').nextSibling).toHaveTextContent('unknown');
    expect(screen.getByRole('heading', { name: 'In the events list' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      method: 'POST',
      body: {
        eventName: 'Flatirons sunrise ride',
        activityType: 'Group ride',
        sportId: 34,
        difficulty: 'hard',
        icon: 'sun',
        bannerImage: 'banner_key',
        meetingDescription: 'Lights on, coffee after.',
        isDraft: false,
        whoCanSee: 'followers',
        repeats: 'weekly',
        startDate: utc('2026-07-05T01:30:00Z'),
        endDate: utc('2026-07-05T04:00:00Z'),
        timeZone: 'America/Denver',
        latitude: MAP_POINTS.A[1],
        longitude: MAP_POINTS.A[0],
        location: 'Chautauqua Park',
        city: 'Boulder',
        state: 'Colorado',
        country: 'United States',
        zipCode: '80302',
        routeId: 802,
        goalCalories: 800,
        goalElevation: 457.2,
        goalDistance: 40233.6,
        CoHost: [21],
        capacity: 12,
      },
    });
    expect(await screen.findByText('Event Created Successfully')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/events/777');
    expect(queryClient.getQueryData(eventKeys.detail(777))).toMatchObject({ id: 777, eventName: 'Flatirons sunrise ride' });
  }, 30_000);

  it('puts the server’s field errors under their fields and goes back to the first step holding one', async () => {
    server.use(
      http.post('/api/challenge', () =>
        HttpResponse.json(
          fail(400, 'Please check the highlighted fields.', {
            eventName: ['You already have an event with this name on that day.'],
            'CoHost.0': ['Jonas cannot co-host this event.'],
          }),
          { status: 400 },
        ),
      ),
      http.get('/api/selectMembers', () => HttpResponse.json(pageOf([aMember()]))),
    );
    answerReverseGeocode();
    const { user } = await renderPastWhen();
    await next(user);
    await user.click(screen.getByRole('combobox', { name: 'Co-hosts' }));
    await user.click(await screen.findByRole('option', { name: /Jonas Berg/ }));
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));

    expect(await screen.findByText('You already have an event with this name on that day.')).toBeInTheDocument();
    expect(stepHeading('Basics')).toBeInTheDocument();
    expect(field('Event name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Event name')).toHaveValue('Flatirons sunrise ride');
    expect(await screen.findByText('Please check the highlighted fields.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Step 4: Goals & people' }));
    // Going forward re-checks the steps on the way; the server's co-host message stays until the member acts on it.
    expect(await screen.findByText('Jonas cannot co-host this event.')).toBeInTheDocument();
  }, 20_000);

  it('imports a GPX file as the route (multipart), shows its figures, and can remove it again', async () => {
    const uploads: { name: unknown; sportId: unknown; hasFile: boolean }[] = [];
    server.use(
      http.post('/api/route', async ({ request }) => {
        expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data/);
        const form = await request.formData();
        uploads.push({ name: form.get('name'), sportId: form.get('sportId'), hasFile: form.has('file') });
        return HttpResponse.json(ok(aRoute({ source: 'gpx', elevationLoss: null })));
      }),
    );
    answerReverseGeocode();
    const saves = answerEventSaves();
    const { user } = await renderPastWhen({ name: 'Mesa trail loop' });

    const gpx = new File(['<gpx version="1.1"><trk><trkseg></trkseg></trk></gpx>'], 'mesa.gpx', { type: 'application/gpx+xml' });
    await user.upload(screen.getByLabelText('Import GPX'), gpx);
    const list = await screen.findByLabelText('Route figures');
    expect(uploads).toEqual([{ name: 'Mesa trail loop', sportId: '34', hasFile: true }]);
    expect(within(list).getByText('Distance').nextSibling).toHaveTextContent('15.0 mi');
    expect(within(list).getByText('Elevation gain').nextSibling).toHaveTextContent('1,200 ft');
    expect(within(list).getByText('Elevation loss').nextSibling).toHaveTextContent('unknown');
    expect(within(list).getByText('Expected time').nextSibling).toHaveTextContent('1 h 30 min');
    expect(screen.getByText('Line through 3 points')).toBeInTheDocument();

    // Stored already: going on does not save it again (an unexpected POST would fail the test).
    await next(user);
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Back to edit' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Remove route' }));
    expect(screen.queryByLabelText('Route figures')).not.toBeInTheDocument();
    await next(user);
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body.routeId).toBeNull();
  }, 20_000);

  it('cancels a GPX import from its progress bar and keeps the route drawn before it', async () => {
    const held = gate();
    server.use(
      http.post('/api/route', async () => {
        await held.opened;
        return HttpResponse.json(ok(aRoute({ source: 'gpx' })));
      }),
    );
    answerReverseGeocode();
    const { user } = await renderPastWhen();
    await clickMap(user, 'Route map: click to add points', 'A', 'B');
    expect(screen.getByText('Line through 2 points')).toBeInTheDocument();

    const gpx = new File(['<gpx version="1.1"></gpx>'], 'long-day.gpx', { type: 'application/gpx+xml' });
    await user.upload(screen.getByLabelText('Import GPX'), gpx);
    expect(await screen.findByRole('progressbar', { name: 'Uploading long-day.gpx' })).toBeInTheDocument();
    expect(screen.getByLabelText('Import GPX')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));

    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Line through 2 points')).toBeInTheDocument();
    expect(screen.getByLabelText('Import GPX')).toBeEnabled();
    held.open();
    // The answer that comes after all is not used: no figures of the GPX appear.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByLabelText('Route figures')).not.toBeInTheDocument();
  }, 20_000);

  it('asks before Cancel drops what was entered: Keep editing keeps it, Discard leaves', async () => {
    const saves = answerEventSaves();
    const { user, router } = await renderCreate();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    // Nothing entered yet: nothing to ask about.
    expect(await screen.findByTestId('location')).toHaveTextContent('/events');
    await router.navigate({ to: '/events/create' as never });

    await fillBasics(user, 'Dawn gravel loop');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const question = await screen.findByRole('alertdialog', { name: 'Discard this event?' });
    expect(question).toHaveAccessibleDescription('What you entered for this event will be lost.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/events/create');
    expect(field('Event name')).toHaveValue('Dawn gravel loop');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/events');
    expect(saves).toHaveLength(0);
  });

  it('asks for a second route point before going on', async () => {
    answerReverseGeocode();
    const { user } = await renderPastWhen();
    await clickMap(user, 'Route map: click to add points', 'B');
    await next(user);
    expect(await screen.findByText('A route needs at least two points: click the map again, or clear it.')).toBeInTheDocument();
    expect(stepHeading('Where & route')).toBeInTheDocument();
  }, 20_000);
});
