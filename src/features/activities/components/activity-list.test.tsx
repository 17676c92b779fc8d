import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { activityFixture, activityPage, serveActivities } from '../test-helpers';
import { ActivityList } from './activity-list';

const ride = activityFixture({
  id: 901,
  title: 'Flagstaff after work',
  sportId: 34,
  startDate: '2026-05-17T17:30:00.000Z',
  timeZone: 'America/Denver',
  distance: 40_233.6,
  movingTime: 5400,
  elevationGain: 762,
  averageSpeed: 40_233.6 / 5400,
  likes: { total: 1234, mine: null, byCode: [{ likeUniCode: 'U+1F44D', count: 1234 }] },
  commentCount: 1,
});
const run = activityFixture({
  id: 902,
  title: 'Tempo run',
  sportId: 5,
  startDate: '2026-05-16T06:00:00.000Z',
  timeZone: 'UTC',
  distance: 10_000,
  movingTime: 3000,
  elevationGain: 50,
  averageSpeed: 10_000 / 3000,
  hasHiddenParts: true,
  commentCount: 3,
});
const gym = activityFixture({
  id: 903,
  title: 'Spin class',
  sportId: 59,
  source: 'manual',
  distance: 0,
  movingTime: 2700,
  elevationGain: null,
  averageSpeed: null,
  hasTrack: false,
  mapImage: null,
  mapThumbnail: null,
});

async function renderList(units: 'imperial' | 'metric', own = true) {
  signedInMember({ units });
  const bodies = serveActivities(() => activityPage([ride, run, gym]));
  const user = userEvent.setup();
  const view = await renderWithProviders(<ActivityList filters={{}} label="Your activities" own={own} empty={<p>Nothing yet</p>} />, { path: '/activities' });
  await screen.findByRole('list', { name: 'Your activities' });
  return { user, bodies, ...view };
}

const card = (title: string) => screen.getByRole('article', { name: title });
const figure = (title: string, term: string) => within(card(title)).getByText(term, { selector: 'dt' }).nextElementSibling;

describe('ActivityList', () => {
  it('shows each card’s numbers in imperial units, a ride’s speed and a run’s pace', async () => {
    const { bodies } = await renderList('imperial');
    expect(bodies[0]).toMatchObject({ page: 1 });
    expect(screen.getByRole('status')).toHaveTextContent('3 activities');

    expect(within(card('Flagstaff after work')).getByRole('link', { name: 'Flagstaff after work' })).toHaveAttribute('href', '/activities/901');
    // In the zone it happened in: 17:30 UTC is 11:30 in Denver.
    expect(card('Flagstaff after work')).toHaveTextContent('Road');
    expect(card('Flagstaff after work')).toHaveTextContent('Sun 17 May 2026 · 11:30 AM');
    expect(figure('Flagstaff after work', 'Distance')).toHaveTextContent('25.0 mi');
    expect(figure('Flagstaff after work', 'Moving time')).toHaveTextContent('1h 30m');
    expect(figure('Flagstaff after work', 'Climb')).toHaveTextContent('2,500 ft');
    expect(figure('Flagstaff after work', 'Speed')).toHaveTextContent('16.7 mph');
    expect(within(card('Flagstaff after work')).queryByText('Pace')).not.toBeInTheDocument();
    expect(card('Flagstaff after work')).toHaveTextContent('1.2K kudos');
    expect(card('Flagstaff after work')).toHaveTextContent('1 comment');

    expect(figure('Tempo run', 'Distance')).toHaveTextContent('6.2 mi');
    expect(figure('Tempo run', 'Pace')).toHaveTextContent('8:03 /mi');
    expect(within(card('Tempo run')).queryByText('Speed')).not.toBeInTheDocument();
    expect(card('Tempo run')).toHaveTextContent('3 comments');
  });

  it('shows the same numbers in metric units', async () => {
    await renderList('metric');
    expect(figure('Flagstaff after work', 'Distance')).toHaveTextContent('40.2 km');
    expect(figure('Flagstaff after work', 'Climb')).toHaveTextContent('762 m');
    expect(figure('Flagstaff after work', 'Speed')).toHaveTextContent('26.8 km/h');
    expect(figure('Tempo run', 'Pace')).toHaveTextContent('5:00 /km');
  });

  it('draws the route thumbnail, or the sport’s icon without a track, and marks hidden parts for whom it concerns', async () => {
    const { unmount } = await renderList('imperial');
    const thumbnail = document.querySelector('img[src="/media/activities/901-t.png"]')!;
    expect(thumbnail).toHaveAttribute('loading', 'lazy');
    expect(thumbnail).toHaveAttribute('width', '320');
    expect(thumbnail).toHaveAttribute('height', '180');
    expect(card('Spin class').querySelector('img')).toBeNull();
    expect(within(card('Spin class')).queryByText('Climb')).not.toBeInTheDocument();
    expect(within(card('Spin class')).queryByText('Speed')).not.toBeInTheDocument();
    expect(card('Tempo run')).toHaveTextContent('Part of this track is hidden from others');
    expect(card('Flagstaff after work')).not.toHaveTextContent(/hidden/);
    unmount();

    await renderList('imperial', false);
    expect(card('Tempo run')).toHaveTextContent('Part of this track is hidden for privacy');
  });
});
