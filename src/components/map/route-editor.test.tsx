import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LngLat } from '#contract/map-routes';
import { formatDistance } from '../../lib/units';
import { sessionStore } from '../../lib/session-store';
import { aSession } from '../../test/fixtures';
import { pathMetres } from './distance';
import type { MapEngineProps } from './map-canvas';
import { RouteEditor, type RouteEditorProps } from './route-editor';

/**
 * jsdom cannot draw WebGL: a small engine stands in for MapLibre. It reports its centre and load as the real one
 * does, turns "clicks on the map" into `onMapClick`, and shows each pin as a button whose press drops the pin
 * 0.01° east (a drag).
 */
vi.mock('./libre-map', () => ({
  default: function FakeEngine({ onReady, onViewChange, onMapClick, markers, route }: MapEngineProps) {
    useEffect(() => {
      onReady();
      onViewChange?.({ center: [6.5, 45.5], zoom: 10 });
      // Once, as the real map reports its first view.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return (
      <div>
        <p data-testid="line">{route && route.length >= 2 ? `line of ${route.length}` : 'no line'}</p>
        {[[7, 46], [7.1, 46], [7.1, 46.1], [7.2, 46.2]].map(([lng, lat]) => (
          <button key={`${lng},${lat}`} type="button" onClick={() => onMapClick?.([lng!, lat!])}>
            Click map at {lng},{lat}
          </button>
        ))}
        <ul aria-label="Pins">
          {markers?.map((m) => (
            <li key={m.id}>
              <button type="button" disabled={!m.draggable} onClick={() => m.onDragEnd?.([Math.round((m.position[0] + 0.01) * 1e6) / 1e6, m.position[1]])}>
                {m.label}
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  },
}));

beforeEach(() => {
  // jsdom has no WebGL API; the map asks only whether it exists.
  vi.stubGlobal('WebGL2RenderingContext', class {});
});

function Harness({ initial = [], ...props }: Partial<RouteEditorProps> & { initial?: LngLat[] }) {
  const [value, setValue] = useState<LngLat[]>(initial);
  return (
    <>
      <RouteEditor ariaLabel="Draw the route" value={value} onChange={setValue} {...props} />
      <output data-testid="points">{JSON.stringify(value)}</output>
    </>
  );
}

const points = () => JSON.parse(screen.getByTestId('points').textContent!) as LngLat[];
const clickMap = async (at: string) => userEvent.click(await screen.findByRole('button', { name: `Click map at ${at}` }));
const pins = () => within(screen.getByRole('list', { name: 'Pins' })).getAllByRole('button').map((b) => b.textContent);

describe('RouteEditor', () => {
  it('appends a point per click on the map, draws the line and shows the distance in the member’s units', async () => {
    render(<Harness />);
    expect(screen.getByTestId('route-distance')).toHaveTextContent('Distance so far: 0.00 mi · 0 points');
    await clickMap('7,46');
    await clickMap('7.1,46');
    await clickMap('7.1,46.1');
    expect(points()).toEqual([[7, 46], [7.1, 46], [7.1, 46.1]]);
    expect(screen.getByTestId('line')).toHaveTextContent('line of 3');
    expect(pins()).toEqual(['Route start', 'Route point 2 of 3', 'Route end']);
    const expected = formatDistance(pathMetres(points()), 'imperial', 2);
    expect(expected).toBe('11.71 mi'); // 0.1° east at 46°N (7.72 km) plus 0.1° north (11.12 km)
    expect(screen.getByTestId('route-distance')).toHaveTextContent(`Distance so far: ${expected} · 3 points`);
  });

  it('moves a point when its pin is dragged, and Undo and Clear step back through every change', async () => {
    render(<Harness />);
    await clickMap('7,46');
    await clickMap('7.1,46');
    await userEvent.click(screen.getByRole('button', { name: 'Route end' }));
    expect(points()).toEqual([[7, 46], [7.11, 46]]);

    const undo = screen.getByRole('button', { name: 'Undo' });
    await userEvent.click(undo);
    expect(points()).toEqual([[7, 46], [7.1, 46]]);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(points()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    await userEvent.click(undo);
    expect(points()).toEqual([[7, 46], [7.1, 46]]);
    await userEvent.click(undo);
    await userEvent.click(undo);
    expect(points()).toEqual([]);
    expect(undo).toBeDisabled();
  });

  it('lets a keyboard user add points at the centre of the map', async () => {
    render(<Harness />);
    await screen.findByTestId('map-canvas-ready');
    const add = screen.getByRole('button', { name: 'Add point at centre' });
    add.focus();
    await userEvent.keyboard('{Enter}');
    expect(points()).toEqual([[6.5, 45.5]]);
    expect(pins()).toEqual(['Route start']);
  });

  it('stops adding at the point cap and says so', async () => {
    render(<Harness maxPoints={2} />);
    await clickMap('7,46');
    await clickMap('7.1,46');
    await clickMap('7.1,46.1');
    expect(points()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Add point at centre' })).toBeDisabled();
    expect(screen.getByText('The route has the most points it can hold (2).')).toBeInTheDocument();
  });

  it('shows a route it was given (metric member) with the meeting point, with nothing of its own to undo', async () => {
    const session = aSession({ units: 'metric' });
    sessionStore.signIn(session.token.access_token, session.user);
    const given: LngLat[] = [[7, 46], [7.1, 46], [7.1, 46.1]];
    render(<Harness initial={given} meetingPoint={[6.99, 45.99]} />);
    expect(await screen.findByRole('button', { name: 'Meeting point' })).toBeDisabled(); // not draggable here
    expect(pins()).toEqual(['Meeting point', 'Route start', 'Route point 2 of 3', 'Route end']);
    expect(screen.getByTestId('route-distance')).toHaveTextContent(`Distance so far: ${formatDistance(pathMetres(given), 'metric', 2)} · 3 points`);
    expect(screen.getByTestId('route-distance')).toHaveTextContent('km');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
  });

  it('pins only the two ends of a long imported route', async () => {
    const long: LngLat[] = Array.from({ length: 250 }, (_, i) => [7 + i / 1000, 46]);
    render(<Harness initial={long} />);
    await screen.findByTestId('map-canvas-ready');
    expect(pins()).toEqual(['Route start', 'Route end']);
    expect(screen.getByText(/Only the start and end can be dragged/)).toBeInTheDocument();
  });
});
