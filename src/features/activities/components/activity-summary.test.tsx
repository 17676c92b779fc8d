import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ActivitySummary as Summary } from '#contract/activities';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { serveSummary, summaryFixture, totalsFixture } from '../test-helpers';
import { ActivitySummary } from './activity-summary';

/** This week: two rides (MTB and Road) of 16.09 km each; the month adds a 10 km run. */
const week = { all: totalsFixture({ count: 2, distance: 32_186.88, movingTime: 7200, elevationGain: 609.6 }), bySport: [
  { sportId: 53, ...totalsFixture({ count: 1, distance: 16_093.44, movingTime: 3600, elevationGain: 457.2 }) },
  { sportId: 34, ...totalsFixture({ count: 1, distance: 16_093.44, movingTime: 3600, elevationGain: 152.4 }) },
] };
const month = { all: totalsFixture({ count: 3, distance: 42_186.88, movingTime: 10_800, elevationGain: 609.6 }), bySport: [] };

function weeks(): Summary {
  const base = summaryFixture('week', { summary: { week, month, year: month } });
  const bars = base.chartData.bars.map((bar, i) => (i === 11 ? { ...bar, ...week.all } : i === 9 ? { ...bar, count: 1, distance: 8046.72, movingTime: 1800, elevationGain: 30.48 } : bar));
  return { ...base, chartData: { ...base.chartData, bars } };
}

function months(): Summary {
  const base = summaryFixture('month', { summary: { week, month, year: month } });
  const bars = base.chartData.bars.map((bar, i) => (i === 11 ? { ...bar, ...month.all } : bar));
  return { ...base, chartData: { ...base.chartData, bars } };
}

const table = () => screen.getByRole('table', { name: /Totals by/ });
const rowOf = (name: RegExp) => within(table()).getByRole('row', { name });

async function renderSummary(units: 'imperial' | 'metric' = 'imperial') {
  signedInMember({ units });
  const asked = serveSummary((chart) => (chart === 'month' ? months() : weeks()));
  const user = userEvent.setup();
  const view = await renderWithProviders(<ActivitySummary owner={{}} />, { path: '/activities' });
  await screen.findByRole('heading', { name: 'This week' });
  return { user, asked, ...view };
}

describe('ActivitySummary', () => {
  it('shows this week, month and year in the member’s units, each sport on its own line', async () => {
    const { asked } = await renderSummary();
    expect(asked[0]!.get('chart')).toBe('week');
    expect(asked[0]!.get('timeZone')).toBeTruthy();
    const thisWeek = screen.getByRole('region', { name: 'This week' });
    expect(thisWeek).toHaveTextContent('20.0 mi');
    expect(thisWeek).toHaveTextContent('2 activities');
    expect(thisWeek).toHaveTextContent('2h 00m');
    expect(thisWeek).toHaveTextContent('2,000 ft');
    const bySport = within(screen.getByRole('list', { name: 'This week by sport' })).getAllByRole('listitem');
    expect(bySport.map((li) => li.textContent)).toEqual(['MTB: 1 activity, 10.0 mi, 1h 00m, 1,500 ft climb', 'Road: 1 activity, 10.0 mi, 1h 00m, 500 ft climb']);
    expect(screen.getByRole('region', { name: 'This month' })).toHaveTextContent('26.2 mi');
    expect(screen.getByRole('region', { name: 'This year' })).toHaveTextContent('3 activities');
  });

  it('gives the chart’s bars as a data table, shown on request', async () => {
    const { user } = await renderSummary('metric');
    expect(screen.getByRole('img', { name: 'Distance by week, last 12 weeks. The numbers are in the table that follows.' })).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(13);
    expect(rowOf(/this week/)).toHaveTextContent('Week of May 18, 2026 (this week)232.2 km2h 00m610 m');
    expect(rowOf(/Week of May 4, 2026/)).toHaveTextContent('18.0 km30m30 m');
    expect(rowOf(/Week of Mar 2, 2026/)).toHaveTextContent('00.0 km0s0 m');

    const toggle = screen.getByRole('button', { name: 'Show the numbers as a table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide the numbers' })).toHaveAttribute('aria-expanded', 'true');
    expect(table().parentElement).not.toHaveClass('sr-only');
  });

  it('switches the bars between weeks and months, and what they measure', async () => {
    const { user, asked } = await renderSummary();
    await user.click(screen.getByRole('radio', { name: 'Months' }));
    await waitFor(() => expect(asked.at(-1)!.get('chart')).toBe('month'));
    expect(await screen.findByRole('row', { name: /May 2026 \(this month\)/ })).toHaveTextContent('May 2026 (this month)326.2 mi3h 00m2,000 ft');
    expect(rowOf(/June 2025/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Distance by month, last 12 months/ })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Climb' }));
    expect(screen.getByRole('img', { name: /^Climb by month/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Time' }));
    expect(screen.getByRole('img', { name: /^Time by month/ })).toBeInTheDocument();
  });

  it('says so when nothing was logged in the chart’s weeks', async () => {
    signedInMember();
    serveSummary(() => summaryFixture('week'));
    await renderWithProviders(<ActivitySummary owner={{}} />, { path: '/activities' });
    expect(await screen.findByRole('img', { name: 'Distance by week: nothing logged in the last 12 weeks.' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'This week' })).toHaveTextContent('0 activities');
  });
});
