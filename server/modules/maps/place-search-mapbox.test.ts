import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMapsService } from './maps-service';

// Place search through Mapbox when a token is set (issue 19: "the configured geocoder"): Geocoding API v5 forward
// search, its answer read into places; a failure answers null (the route then searches the bundled towns).

const TOKEN = 'pk.test-token';
const log = { warn: vi.fn() };
const service = () => createMapsService({ mapbox: { token: TOKEN, apiUrl: 'http://mapbox.test' } }, log as never);

afterEach(() => {
  vi.unstubAllGlobals();
  log.warn.mockReset();
});

describe('searchPlaces with Mapbox', () => {
  it('asks the forward geocoder for towns and places, and answers their names, surroundings and centres', async () => {
    const fetch = vi.fn(async (_url: URL) =>
      Response.json({
        features: [
          {
            text: 'Boulder',
            place_name: 'Boulder, Colorado, United States',
            center: [-105.2705, 40.015],
            context: [
              { id: 'region.123', text: 'Colorado' },
              { id: 'country.9', text: 'United States' },
            ],
          },
          { text: 'Boulder City', center: [-114.83, 35.98] },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await service().searchPlaces('Boulder', 5)).toEqual([
      { name: 'Boulder', region: 'Colorado', country: 'United States', label: 'Boulder, Colorado, United States', lng: -105.2705, lat: 40.015, population: null },
      { name: 'Boulder City', region: null, country: null, label: 'Boulder City', lng: -114.83, lat: 35.98, population: null },
    ]);
    const asked = fetch.mock.calls[0]![0];
    expect(asked.pathname).toBe('/geocoding/v5/mapbox.places/Boulder.json');
    expect(asked.searchParams.get('limit')).toBe('5');
    expect(asked.searchParams.get('types')!.split(',')).toEqual(expect.arrayContaining(['place', 'locality']));
  });

  it('answers null, logged without the token, when Mapbox fails or answers nonsense', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('no', { status: 500 })));
    expect(await service().searchPlaces('Boulder', 5)).toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ features: [{ text: 'X', center: [400, 0] }] })));
    expect(await service().searchPlaces('Boulder', 5)).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain(TOKEN);
  });
});
