import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Place } from '#contract/places';
import { ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { chooseMapStart, startCentre, useMapStart, type MapStartInput } from './map-start';

// Where a map with nothing on it opens (issue 19: it opened on the whole world, in the Gulf of Guinea).

const BOULDER: Place = { name: 'Boulder', region: 'CO', country: 'United States', label: 'Boulder, CO, United States', lng: -105.27055, lat: 40.01499, population: 107349 };
const DENVER: Place = { name: 'Denver', region: 'CO', country: 'United States', label: 'Denver, CO, United States', lng: -104.9847, lat: 39.73915, population: 715522 };

/** The place search, answering per query; records what was asked. */
function servePlaces(answers: Record<string, Place[]>) {
  const asked: string[] = [];
  server.use(
    http.get('/api/places', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q')!;
      asked.push(q);
      return HttpResponse.json(ok(answers[q] ?? []));
    }),
  );
  return asked;
}

/** The browser: whether the site has the position already, and where it is. */
function browser(permission: PermissionState, where: [number, number] = [8.5417, 47.3769]) {
  const getCurrentPosition = vi.fn((success: PositionCallback) => success({ coords: { longitude: where[0], latitude: where[1] } } as GeolocationPosition));
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition }, permissions: { query: async () => ({ state: permission }) } });
  return getCurrentPosition;
}

const input = (over: Partial<MapStartInput> = {}): MapStartInput => ({ profileLocation: null, nearby: async () => [], ...over });
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('where a map opens', () => {
  it('opens on the browser’s position when the member has already granted it, asking nothing else', async () => {
    const getCurrentPosition = browser('granted');
    const asked = servePlaces({});
    expect(await chooseMapStart(client(), input({ profileLocation: 'Boulder, CO' }))).toEqual({ from: 'position', center: [8.5417, 47.3769], zoom: 12 });
    expect(getCurrentPosition).toHaveBeenCalledOnce();
    expect(asked).toEqual([]);
  });

  it('never prompts for the position: not granted, it opens on the profile’s place, found by the place search', async () => {
    const getCurrentPosition = browser('prompt');
    const asked = servePlaces({ 'Boulder, CO': [BOULDER] });
    expect(await chooseMapStart(client(), input({ profileLocation: 'Boulder, CO' }))).toEqual({ from: 'profile', center: [-105.27055, 40.01499], zoom: 11 });
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(asked).toEqual(['Boulder, CO']);
  });

  it('without a place on the profile (or one found nowhere), frames the events listed around the member', async () => {
    browser('denied');
    servePlaces({});
    const points: [number, number][] = [
      [-105.28, 40.02],
      [-105.1, 39.9],
    ];
    const start = await chooseMapStart(client(), input({ profileLocation: 'Nowhereville', nearby: async () => points }));
    expect(start).toEqual({ from: 'events', fitTo: points });
    expect(startCentre(start)).toEqual({ center: [-105.19, 39.96], zoom: 9 });
  });

  it('knowing nothing else, opens on the city of the browser’s time zone, and never on 0°, 0°', async () => {
    browser('denied');
    const asked = servePlaces({ Denver: [DENVER] });
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'America/Denver' } as Intl.ResolvedDateTimeFormatOptions);
    expect(await chooseMapStart(client(), input())).toEqual({ from: 'time-zone', center: [-104.9847, 39.73915], zoom: 8 });
    expect(asked).toEqual(['Denver']);

    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'UTC' } as Intl.ResolvedDateTimeFormatOptions);
    const nowhere = await chooseMapStart(client(), input());
    expect(nowhere.from).toBe('nowhere');
    expect('center' in nowhere && nowhere.center).not.toEqual([0, 0]);
  });

  it('as a hook: nothing until it is known, then the start (once per mount)', async () => {
    browser('prompt');
    servePlaces({ 'Boulder, CO': [BOULDER] });
    function Probe() {
      const start = useMapStart(input({ profileLocation: 'Boulder, CO' }));
      return <p data-testid="start">{start ? `${start.from} ${'center' in start ? start.center.join(',') : ''}` : 'waiting'}</p>;
    }
    render(
      <QueryClientProvider client={client()}>
        <Probe />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('start')).toHaveTextContent('waiting');
    expect(await screen.findByText('profile -105.27055,40.01499')).toBeInTheDocument();
  });
});
