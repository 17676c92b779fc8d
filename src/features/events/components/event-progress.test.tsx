import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { EventProgress as Progress } from '#contract/activities';
import { ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { anEvent, anOrganiser } from '../test-helpers';
import { EventProgress, hasProgress } from './event-progress';

const jonas = anOrganiser({ userId: 21, handleName: 'jonasrides', firstName: 'Jonas', lastName: 'Berg' });
const lena = anOrganiser();

/** 25 mi, 1,200 ft and 900 kcal, as the server sends them (metres and kilocalories). */
const goals = { distance: 40_233.6, elevation: 365.76, calories: 900 };

function serveProgress(progress: Progress) {
  const asked: (string | null)[] = [];
  server.use(
    http.get('/api/challenge/progress', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('challengeId'));
      return HttpResponse.json(ok(progress));
    }),
  );
  return asked;
}

async function renderProgress(event = anEvent({ goalDistance: goals.distance, goalElevation: goals.elevation, goalCalories: goals.calories }), units: 'imperial' | 'metric' = 'imperial') {
  signedInMember({ units });
  await renderWithProviders(<EventProgress event={event} />, { path: `/events/${event.id}` });
  return screen.getByRole('region', { name: 'Progress' });
}

describe('EventProgress', () => {
  it('shows each member’s distance, climb and calories against the goals in the member’s units, and who finished', async () => {
    const asked = serveProgress({
      goals,
      list: [
        { member: jonas, activityIds: [11, 12], distance: 41_000, elevationGain: 400, calories: 950, finished: true },
        { member: lena, activityIds: [13], distance: 16_093.44, elevationGain: 91.44, calories: 300, finished: false },
      ],
    });
    const section = await renderProgress();
    const [first, second] = await within(section).findAllByRole('listitem');

    expect(within(first!).getByRole('link', { name: /Jonas Berg/ })).toHaveAttribute('href', '/profile/jonasrides');
    expect(first).toHaveTextContent('2 activities counted');
    expect(within(first!).getByText('Finished')).toBeInTheDocument();
    // Past the goal, the bar stops full; the words say how far past.
    expect(within(first!).getByRole('progressbar', { name: 'Jonas Berg: distance' })).toHaveAttribute('aria-valuenow', '100');
    expect(within(first!).getByText('25.5 mi of 25.0 mi')).toBeInTheDocument();

    expect(within(second!).getByRole('link', { name: /Lena Vogt/ })).toHaveAttribute('href', '/profile/lenaclimbs');
    expect(second).toHaveTextContent('1 activity counted');
    expect(within(second!).queryByText('Finished')).not.toBeInTheDocument();
    expect(within(second!).getByRole('progressbar', { name: 'Lena Vogt: distance' })).toHaveAttribute('aria-valuetext', '10.0 mi of 25.0 mi (40%)');
    expect(within(second!).getByRole('progressbar', { name: 'Lena Vogt: climb' })).toHaveAttribute('aria-valuetext', '300 ft of 1,200 ft (25%)');
    expect(within(second!).getByRole('progressbar', { name: 'Lena Vogt: calories' })).toHaveAttribute('aria-valuetext', '300 cal of 900 cal (33%)');
    expect(asked).toEqual(['501']);
  });

  it('shows only the goals the event sets as bars, in metric for a metric member', async () => {
    serveProgress({ goals: { distance: 50_000, elevation: null, calories: null }, list: [{ member: lena, activityIds: [13], distance: 12_500, elevationGain: 300, calories: 0, finished: false }] });
    const section = await renderProgress(anEvent({ goalDistance: 50_000 }), 'metric');
    expect(await within(section).findByRole('progressbar', { name: 'Lena Vogt: distance' })).toHaveAttribute('aria-valuetext', '12.5 km of 50.0 km (25%)');
    expect(within(section).getAllByRole('progressbar')).toHaveLength(1);
  });

  it('lists the numbers without bars for an event without goals', async () => {
    serveProgress({ goals: { distance: null, elevation: null, calories: null }, list: [{ member: jonas, activityIds: [11], distance: 20_000, elevationGain: 250, calories: 600, finished: false }] });
    const section = await renderProgress(anEvent(), 'metric');
    expect(await within(section).findByText('20.0 km · 250 m · 600 cal')).toBeInTheDocument();
    expect(within(section).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says so when nobody has logged an activity for the event yet', async () => {
    serveProgress({ goals, list: [] });
    const section = await renderProgress();
    expect(await within(section).findByText('Nobody has logged an activity for this event yet.')).toBeInTheDocument();
  });
});

describe('hasProgress', () => {
  const before = new Date('2027-06-01T00:00:00Z');
  const during = new Date('2027-06-12T16:00:00Z');
  it('is shown for an event with goals, or one that has started, but never for a draft', () => {
    expect(hasProgress(anEvent(), before)).toBe(false);
    expect(hasProgress(anEvent({ goalCalories: 500 }), before)).toBe(true);
    expect(hasProgress(anEvent(), during)).toBe(true);
    expect(hasProgress(anEvent({ isDraft: true, goalCalories: 500 }), during)).toBe(false);
  });
});
