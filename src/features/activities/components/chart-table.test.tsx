import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Units } from '../../../lib/units';
import { chartAxis, chartSpecs } from '../chart-series';
import { trackFixture } from '../detail-test-helpers';
import { ChartTable } from './chart-table';

/**
 * Five miles, a point every quarter mile (21 points), climbing 10 m a point, at 150 bpm for the first four points and
 * 160 after; a ride.
 */
const fiveMiles = trackFixture({
  distance: Array.from({ length: 21 }, (_, i) => i * 402.336),
  series: {
    elevation: Array.from({ length: 21 }, (_, i) => i * 10),
    heartRate: Array.from({ length: 21 }, (_, i) => (i <= 3 ? 150 : 160)),
  },
});

function renderTable(series: 'elevation' | 'heartRate', units: Units) {
  const axis = chartAxis(fiveMiles, units);
  const [spec] = chartSpecs(fiveMiles, [series], 53, units);
  render(<ChartTable axis={axis} spec={spec!} />);
  return userEvent.setup();
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);

describe('a chart’s data table', () => {
  it('opens from its button and reads a row a mile, averaged, in feet for a member in miles', async () => {
    const user = renderTable('elevation', 'imperial');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show elevation as a table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide the elevation table' })).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: 'Elevation (ft), the average over each mi' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Distance', 'Elevation']);
    // Mile 1 holds points 0–4 (0–40 m: 20 m on average), mile 2 points 5–8 (65 m), and so on.
    expect(rowsOf(table)).toEqual([
      ['1.0 mi', '66 ft'],
      ['2.0 mi', '213 ft'],
      ['3.0 mi', '344 ft'],
      ['4.0 mi', '476 ft'],
      ['5.0 mi', '607 ft'],
    ]);
  });

  it('reads kilometres for a member in kilometres', async () => {
    const user = renderTable('heartRate', 'metric');
    await user.click(screen.getByRole('button', { name: 'Show heart rate as a table' }));
    const table = screen.getByRole('table', { name: 'Heart rate (bpm), the average over each km' });
    const rows = rowsOf(table);
    // 8.05 km: eight whole kilometres and the last short one, ending where the track ends.
    expect(rows).toHaveLength(9);
    // Points 0–2 lie in the first kilometre, 3 (150 bpm) and 4 (160 bpm) in the second.
    expect(rows[0]).toEqual(['1.0 km', '150 bpm']);
    expect(rows[1]).toEqual(['2.0 km', '155 bpm']);
    expect(rows[8]).toEqual(['8.0 km', '160 bpm']);
  });
});
