import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fail, managedBy } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { anEvent, anOrganiser, aRoute, aStatus, placeOf, serveEventDetail } from '../test-helpers';
import { EditEventPage } from './event-form-page';
import { answerEventSaves } from './test-helpers';

vi.mock('../../../components/map/map-view', async () => ({ MapView: (await import('./test-helpers')).StandInMap }));

const field = (name: string) => screen.getByLabelText(name, { selector: 'input, select, textarea' });

const jonas = anOrganiser({ userId: 21, handleName: 'jonasrides', firstName: 'Jonas', lastName: 'Berg' });

/** Saturday 12 June 2027, 9:00 AM – 1:00 PM in Denver, with a route, a banner, goals and a co-host. */
const planned = anEvent({
  id: 501,
  canEdit: true,
  isOrganiser: false,
  coHosts: [jonas],
  bannerImage: { key: 'banner_old', url: '/media/banner_old.webp', thumbnail: '/media/banner_old-t.webp', dimens: '1600:900' },
  routeId: 801,
  route: aRoute(),
  goalCalories: 600,
  goalElevation: 457.2,
  goalDistance: 80467.2,
  whoCanSee: 'followers',
  repeats: 'monthly',
  status: aStatus({ challengeId: 501, capacity: 20 }),
});

async function renderEdit(eventId: number | undefined, units: 'imperial' | 'metric' = 'imperial') {
  signedInMember({ units });
  const user = userEvent.setup();
  const view = await renderWithProviders(<EditEventPage eventId={eventId} />, { path: '/events/edit' });
  return { user, ...view };
}

describe('/events/edit', () => {
  it('fills the form from the event (times in its own zone, goals in the member’s units) and saves it with PUT', async () => {
    serveEventDetail(planned);
    const saves = answerEventSaves('Event updated successfully');
    const { user } = await renderEdit(501);

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit event' })).toBeInTheDocument();
    expect(field('Event name')).toHaveValue('Saturday gravel social');
    expect(field('Sport')).toHaveValue('34');
    expect(screen.getByRole('radio', { name: /^Moderate/ })).toBeChecked();
    expect(screen.getByRole('img', { name: 'Banner preview' })).toHaveAttribute('src', '/media/banner_old.webp');

    await user.click(screen.getByRole('button', { name: 'Step 2: When' }));
    expect(field('Start date')).toHaveValue('2027-06-12');
    expect(field('Start time')).toHaveValue('09:00');
    expect(field('End date')).toHaveValue('2027-06-12');
    expect(field('End time')).toHaveValue('13:00');
    expect(field('Time zone')).toHaveValue('America/Denver');
    expect(field('Repeats')).toHaveValue('monthly');

    await user.click(screen.getByRole('button', { name: 'Step 3: Where & route' }));
    expect(field('City')).toHaveValue('Boulder');
    expect(field('Zip code')).toHaveValue('80302');
    expect(within(screen.getByLabelText('Route figures')).getByText('Distance').nextSibling).toHaveTextContent('15.0 mi');

    await user.click(screen.getByRole('button', { name: 'Step 4: Goals & people' }));
    expect(field('Calories (cal)')).toHaveValue('600');
    expect(field('Elevation (ft)')).toHaveValue('1500');
    expect(field('Distance (mi)')).toHaveValue('50');
    expect(field('Capacity')).toHaveValue('20');
    expect(screen.getByRole('radio', { name: /^Followers/ })).toBeChecked();
    expect(within(screen.getByRole('list', { name: 'Chosen co-hosts' })).getByText('Jonas Berg')).toBeInTheDocument();

    // The start moves an hour later; the rest is kept as it was.
    await user.click(screen.getByRole('button', { name: 'Step 2: When' }));
    await user.clear(field('Start time'));
    await user.type(field('Start time'), '10:00');
    await user.click(screen.getByRole('button', { name: 'Step 5: Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.method).toBe('PUT');
    expect(saves[0]!.body).toEqual({
      id: 501,
      eventName: 'Saturday gravel social',
      activityType: 'Group ride',
      sportId: 34,
      difficulty: 'moderate',
      icon: 'bike',
      // The event's own banner, kept.
      bannerImage: 'banner_old',
      meetingDescription: 'Coffee at the trailhead, then the loop.',
      isDraft: false,
      whoCanSee: 'followers',
      repeats: 'monthly',
      startDate: String(Date.parse('2027-06-12T16:00:00Z') / 1000),
      endDate: '1812826800',
      timeZone: 'America/Denver',
      // The place, untouched, as the event had it.
      ...placeOf(planned),
      routeId: 801,
      goalCalories: 600,
      goalElevation: 457.2,
      goalDistance: 80467.2,
      // A co-host's save leaves the co-hosts out: they are the organiser's to choose, and stay as they are.
      capacity: 20,
    });
    expect(await screen.findByText('Event updated successfully')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/events/501');
  }, 20_000);

  it('shows goals in metric for a metric member, and sends a removed banner as null', async () => {
    serveEventDetail(planned);
    const saves = answerEventSaves();
    const { user } = await renderEdit(501, 'metric');
    await user.click(await screen.findByRole('button', { name: 'Remove banner' }));
    expect(screen.queryByRole('img', { name: 'Banner preview' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Step 4: Goals & people' }));
    expect(field('Elevation (m)')).toHaveValue('457.2');
    expect(field('Distance (km)')).toHaveValue('80.47');
    await user.click(screen.getByRole('button', { name: 'Step 5: Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    // Goals left as shown keep their stored metres, whatever rounding the inputs show.
    expect(saves[0]!.body).toMatchObject({ id: 501, isDraft: true, bannerImage: null, goalElevation: 457.2, goalDistance: 80467.2 });
  }, 20_000);

  it('shows a refusal about no field of the form above the save buttons', async () => {
    serveEventDetail(planned);
    const refusal = 'People have already joined or shown interest, so this event cannot go back to being a draft. Cancel it instead.';
    server.use(http.put('/api/challenge', () => HttpResponse.json(fail(400, refusal, { isDraft: [refusal] }), { status: 400 })));
    const { user } = await renderEdit(501);
    await user.click(await screen.findByRole('button', { name: 'Step 5: Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(screen.getAllByText(refusal).some((el) => el.closest('ul[role="alert"]'))).toBe(true));
    expect(screen.getByRole('heading', { level: 2, name: 'Step 5 of 5: Preview' })).toBeInTheDocument();
  }, 20_000);

  it('tells someone who is neither organiser nor co-host that they can’t edit it', async () => {
    serveEventDetail({ ...planned, canEdit: false });
    await renderEdit(501);
    expect(await screen.findByRole('heading', { name: "You can't edit this event" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the event' })).toHaveAttribute('href', '/events/501');
    expect(screen.queryByRole('textbox', { name: 'Event name' })).not.toBeInTheDocument();
  });

  it('tells an associate whose owner has not allowed creating events that editing is not allowed, without loading the form', async () => {
    serveEventDetail(planned);
    signedInMember({ managedBy: managedBy('join_events') });
    await renderWithProviders(<EditEventPage eventId={501} />, { path: '/events/edit' });
    expect(screen.getByRole('heading', { name: 'Not allowed on this account' })).toBeInTheDocument();
    expect(screen.getByText('The member who manages your account has not allowed this (Create events).')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Event name' })).not.toBeInTheDocument();
  });

  it('shows not found for a missing or hidden event', async () => {
    server.use(http.get('/api/getChallengeDetails', () => HttpResponse.json(fail(404, 'Event not found'), { status: 404 })));
    await renderEdit(404);
    expect(await screen.findByRole('heading', { name: 'This event isn’t available' })).toBeInTheDocument();
  });

  it('says plainly that no event was chosen when the address names none, with the ways on', async () => {
    await renderEdit(undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'No event chosen' })).toBeInTheDocument();
    expect(screen.queryByText(/deleted/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your events' })).toHaveAttribute('href', '/events?type=mine');
    expect(screen.getByRole('link', { name: 'Create an event' })).toHaveAttribute('href', '/events/create');
  });

  it('shows a co-host the co-hosts, accepted and invited, without letting them change them', async () => {
    const priya = anOrganiser({ userId: 22, handleName: 'priyahikes', firstName: 'Priya', lastName: 'Nair' });
    serveEventDetail({ ...planned, pendingCoHosts: [priya] });
    const { user } = await renderEdit(501);
    await user.click(await screen.findByRole('button', { name: 'Step 4: Goals & people' }));
    const chosen = screen.getByRole('list', { name: 'Chosen co-hosts' });
    const [accepted, invited] = within(chosen).getAllByRole('listitem');
    expect(accepted).toHaveTextContent('Jonas Berg');
    expect(accepted).not.toHaveTextContent('Invited');
    expect(invited).toHaveTextContent('Priya NairInvited');
    expect(within(chosen).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Co-hosts' })).toBeDisabled();
    expect(screen.getByText(/Only the organiser chooses co-hosts\./)).toBeInTheDocument();
  });
});
