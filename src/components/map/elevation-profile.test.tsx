import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LngLat } from '#contract/map-routes';
import { sessionStore } from '../../lib/session-store';
import { aSession } from '../../test/fixtures';
import { ElevationProfile, summarise } from './elevation-profile';

// Three points 0.1° apart along the equator (11.12 km each leg).
const line: LngLat[] = [
  [0, 0],
  [0.1, 0],
  [0.2, 0],
];

describe('ElevationProfile', () => {
  it('says the elevation is unknown when the route has none', () => {
    render(<ElevationProfile coordinates={line} elevations={null} />);
    expect(screen.getByText('Elevation unknown for this route')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('draws the profile and sums it up for screen readers, in feet and miles by default', () => {
    render(<ElevationProfile coordinates={line} elevations={[100, 400, 250]} />);
    const chart = screen.getByRole('img');
    expect(chart).toHaveAccessibleName(
      'Elevation profile over 13.8 mi: lowest 328 ft, highest 1,312 ft, total climb 984 ft, total descent 492 ft.',
    );
    // The outline starts at the left edge and ends at the right edge of the plot.
    const outline = chart.querySelectorAll('path')[1]!.getAttribute('d')!;
    expect(outline.startsWith('M0.0,')).toBe(true);
    expect(outline).toMatch(/L1000\.0,[\d.]+$/);
    expect(screen.getByText('0.0 mi')).toBeInTheDocument();
    expect(screen.getByText('13.8 mi')).toBeInTheDocument();
  });

  it('uses the member’s metric units', () => {
    const session = aSession({ units: 'metric' });
    sessionStore.signIn(session.token.access_token, session.user);
    render(<ElevationProfile coordinates={line} elevations={[100, 400, 250]} />);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Elevation profile over 22.2 km: lowest 100 m, highest 400 m, total climb 300 m, total descent 150 m.',
    );
    expect(screen.getByText('22.2 km')).toBeInTheDocument();
  });

  it('summarises climb and descent independently of direction', () => {
    expect(summarise([0, 1, 2, 3], [10, 20, 15, 30])).toEqual({ min: 10, max: 30, gain: 25, loss: 5, distance: 3 });
    expect(summarise([0, 5], [50, 50])).toEqual({ min: 50, max: 50, gain: 0, loss: 0, distance: 5 });
  });
});
