import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '#contract/events';
import type { Relationship } from '#contract/social';
import { aMember, managedBy, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { FollowButton } from '../../social/components/follow-button';
import { FollowSettledEffects } from '../../social/follow-toggle';
import { markRequestedOnFollow } from '../event-cache';
import { anEvent, anOrganiser, aRoute, aStatus, eventPage, serveEvents } from '../test-helpers';
import { EventList } from './event-list';

async function renderCards(
  events: Event[],
  { units = 'imperial' as 'imperial' | 'metric', extra = null as ReactNode, member = {} as Parameters<typeof signedInMember>[0] } = {},
) {
  signedInMember({ units, ...member });
  serveEvents(() => eventPage(events));
  const user = userEvent.setup();
  const view = await renderWithProviders(
    <>
      {extra}
      <EventList filters={{ type: 'upcoming' }} label="Upcoming events" empty={<p>No events</p>} />
    </>,
    { path: '/events' },
  );
  await screen.findAllByRole('article');
  return { user, ...view };
}

const card = (name: string) => screen.getByRole('article', { name: new RegExp(name) });

describe('EventCard', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('shows when in the event’s own zone (Denver), not the browser’s (Berlin), with the reader’s time on hover', async () => {
    // The browser's zone (Node reads TZ from the environment as it changes).
    vi.stubEnv('TZ', 'Europe/Berlin');
    await renderCards([anEvent()]);
    const time = within(card('Saturday gravel social')).getByText(/9:00 AM – 1:00 PM MDT/);
    expect(time).toHaveAttribute('datetime', '2027-06-12T15:00:00.000Z');
    expect(card('Saturday gravel social')).not.toHaveTextContent('5:00 PM');
    expect(time).toHaveAttribute('title', 'Your time: Sat 12 Jun, 5:00 PM CEST');
  });

  it('links to the event, names sport, difficulty and place, and shows the route in the member’s units', async () => {
    await renderCards([anEvent({ route: aRoute(), routeId: 801 })]);
    const c = card('Saturday gravel social');
    expect(within(c).getByRole('link', { name: 'Saturday gravel social' })).toHaveAttribute('href', '/events/501');
    expect(c).toHaveTextContent('Road');
    expect(c).toHaveTextContent('Moderate');
    expect(c).toHaveTextContent('Chautauqua trailhead, Boulder');
    expect(c).toHaveTextContent('15.0 mi');
    expect(c).toHaveTextContent('1,200 ft gain');
    expect(within(c).getByRole('img', { name: 'Map of the route, 15.0 mi' })).toHaveAttribute('src', '/media/routes/801.png');
  });

  it('shows metric members kilometres and metres, and says when the climb is unknown', async () => {
    await renderCards([anEvent({ route: aRoute({ elevationGain: null, staticImage: null }) })], { units: 'metric' });
    const c = card('Saturday gravel social');
    expect(c).toHaveTextContent('24.1 km');
    expect(c).toHaveTextContent('Elevation unknown');
    expect(within(c).queryByRole('img')).not.toBeInTheDocument();
  });

  it('reserves the banner’s shape from its dimens; without one, shows the sport’s colour', async () => {
    const { container } = await renderCards([
      anEvent({ id: 2, eventName: 'With banner', bannerImage: { key: 'b1', url: '/media/b1.jpg', thumbnail: '/media/b1-t.jpg', dimens: '1600:800' } }),
      anEvent({ id: 1, eventName: 'Without banner', sportId: 35, icon: 'mountain' }),
    ]);
    const banner = container.querySelector('img[src="/media/b1.jpg"]')!;
    expect((banner.parentElement as HTMLElement).style.aspectRatio).toBe('2 / 1');
    expect(within(card('Without banner')).queryByRole('img')).not.toBeInTheDocument();
    expect(card('Without banner').querySelector('.bg-amber-700')).not.toBeNull();
  });

  it('shows who is going, places left, and Full — waitlist with the Join waitlist button', async () => {
    const going = ['ana', 'ben', 'cai', 'dee', 'eli'].map((h, i) => anOrganiser({ userId: 40 + i, handleName: h, firstName: h.toUpperCase(), lastName: 'X' }));
    await renderCards([
      anEvent({ id: 2, eventName: 'Small group', goingPreview: going, status: aStatus({ goingCount: 1240, capacity: 1243, interestedCount: 8 }) }),
      anEvent({ id: 1, eventName: 'Packed ride', status: aStatus({ goingCount: 10, capacity: 10, waitlistCount: 2 }) }),
    ]);
    const small = card('Small group');
    expect(small).toHaveTextContent('1.2K going');
    expect(small).toHaveTextContent('8 interested');
    expect(small).toHaveTextContent('3 spots left');
    expect(small).toHaveTextContent('including ANA X, BEN X, CAI X, DEE X, ELI X');
    const packed = card('Packed ride');
    expect(packed).toHaveTextContent('Full — waitlist');
    expect(within(packed).getByRole('button', { name: 'Join waitlist: Packed ride' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says Going and On waitlist #2 as pressed buttons', async () => {
    await renderCards([
      anEvent({ id: 2, eventName: 'In it', status: aStatus({ isGoing: true, isInterested: true, goingCount: 3 }) }),
      anEvent({ id: 1, eventName: 'Waiting', status: aStatus({ isWaitlisted: true, waitlistPosition: 2, goingCount: 5, capacity: 5, waitlistCount: 3 }) }),
    ]);
    expect(within(card('In it')).getByRole('button', { name: 'Going: In it' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card('In it')).getByRole('button', { name: 'Interested in In it' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card('Waiting')).getByRole('button', { name: 'On waitlist #2: Waiting' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('marks drafts, cancelled and past events, with the buttons off and the reason given', async () => {
    await renderCards([
      // A draft's card is seen by its hosts (here a co-host), and by a member asked to co-host it.
      anEvent({ id: 3, eventName: 'Half planned', isDraft: true, canEdit: true }),
      anEvent({ id: 2, eventName: 'Called off', cancelledAt: '2027-06-01T10:00:00.000Z' }),
      anEvent({ id: 1, eventName: 'Last spring', startDate: '1743500000', endDate: '1743510000' }),
    ]);
    const cases = [
      ['Half planned', 'Draft', 'A draft: publish it to let people join.'],
      ['Called off', 'Cancelled', 'Cancelled by the organiser.'],
      ['Last spring', null, 'This event has ended.'],
    ] as const;
    for (const [name, mark, reason] of cases) {
      const c = card(name);
      if (mark) expect(within(c).getByText(mark)).toBeInTheDocument();
      const going = within(c).getByRole('button', { name: `Going: ${name}` });
      expect(going).toBeDisabled();
      expect(going).toHaveAccessibleDescription(reason);
      expect(within(c).getByRole('button', { name: `Interested in ${name}` })).toBeDisabled();
    }
  });

  it('tells an associate whose owner has not allowed joining why Interested and Going are off, and where they stand', async () => {
    await renderCards([anEvent({ id: 1, eventName: 'Gravel social', status: aStatus({ isInterested: true }) })], { member: { managedBy: managedBy('comment') } });
    const going = within(card('Gravel social')).getByRole('button', { name: 'Going: Gravel social' });
    const interested = within(card('Gravel social')).getByRole('button', { name: 'Interested in Gravel social' });
    expect(going).toBeDisabled();
    expect(going).toHaveAccessibleDescription('Lena Torres has not allowed you to join events.');
    expect(interested).toBeDisabled();
    expect(interested).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the organiser “You’re organising” on their own event, counted as going, in place of Interested and Going', async () => {
    const me = anOrganiser();
    await renderCards([
      anEvent({ id: 2, eventName: 'My ride', isOrganiser: true, canEdit: true, goingPreview: [me], status: aStatus({ isGoing: true, goingCount: 1 }) }),
      anEvent({ id: 1, eventName: 'Jonas’s ride', coHosts: [me], canEdit: true }),
    ]);
    const mine = card('My ride');
    expect(mine).toHaveTextContent('You’re organising this event, and counted as going.');
    expect(mine).toHaveTextContent('1 going');
    expect(within(mine).queryByRole('button', { name: /Interested in/ })).not.toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /Going: / })).not.toBeInTheDocument();
    // A co-host is a host too, and still marks Going.
    const cohosted = card('Jonas’s ride');
    expect(cohosted).toHaveTextContent('You’re co-hosting this event.');
    expect(within(cohosted).getByRole('button', { name: 'Going: Jonas’s ride' })).toBeEnabled();
  });

  it('marks the organiser’s events Requested once a follow request to them is sent (spec §4)', async () => {
    const organiser = aMember({ userId: 31, handleName: 'lenaclimbs', firstName: 'Lena', lastName: 'Vogt', isPrivate: true });
    const answer: Relationship = { userId: 31, isFollowing: false, isRequested: true, isFollowedBy: false, isBlocked: false, isMuted: false };
    server.use(http.post('/api/follow', () => HttpResponse.json(ok(answer))));
    const { user } = await renderCards(
      [anEvent({ id: 2, eventName: 'Lena’s ride' }), anEvent({ id: 1, eventName: 'Someone else’s', createdBy: anOrganiser({ userId: 44, handleName: 'other' }) })],
      {
        // The follow button's effect on events, as src/routes/_main/route.tsx gives it.
        extra: (
          <FollowSettledEffects value={[markRequestedOnFollow]}>
            <FollowButton member={organiser} />
          </FollowSettledEffects>
        ),
      },
    );
    expect(within(card('Lena’s ride')).queryByText('Requested')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Follow @lenaclimbs' }));
    await waitFor(() => expect(within(card('Lena’s ride')).getByText('Requested')).toBeInTheDocument());
    expect(within(card('Someone else’s')).queryByText('Requested')).not.toBeInTheDocument();
  });
});
