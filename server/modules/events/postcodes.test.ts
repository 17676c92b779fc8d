import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event } from '#contract/events';
import { postcodeProblem } from '#contract/postcode';
import { POSTCODE_FORMAT_MESSAGE } from '#contract/postcode-format';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { eventHelpers } from './event-test-helpers';

// Issue 19 item 6: each country's postcodes, checked against its format where postcode-validator knows it.

describe('postcodeProblem (contract)', () => {
  it.each([
    ['SW1A 1AA', 'United Kingdom'],
    ['sw1a 1aa', 'GB'],
    ['K1A 0B1', 'Canada'],
    ['1234 AB', 'Netherlands'],
    ['0150', 'Norway'],
    ['12345-6789', 'United States'],
    ['018956', 'Singapore'],
    ['AB-12 34', 'Atlantis'],
    ['AB-12 34', ''],
  ])('accepts %s in %s', (postcode, country) => {
    expect(postcodeProblem(postcode, country)).toBeNull();
  });

  it.each([
    ['1234', 'United Kingdom', 'That is not a postcode of United Kingdom. Check it, or the country.'],
    ['ABCDE', 'US', 'That is not a postcode of US. Check it, or the country.'],
    ['12345', 'Netherlands', 'That is not a postcode of Netherlands. Check it, or the country.'],
    ['12345678901', '', POSTCODE_FORMAT_MESSAGE],
    ['12#45', '', POSTCODE_FORMAT_MESSAGE],
  ])('refuses %s in %s', (postcode, country, message) => {
    expect(postcodeProblem(postcode, country)).toBe(message);
  });
});

let t: TestApp;
const h = eventHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('an event’s zip code on the server', () => {
  it.each([
    ['SW1A 1AA', 'United Kingdom'],
    ['K1A 0B1', 'Canada'],
    ['1234 AB', 'Netherlands'],
  ])('stores %s (%s) as typed', async (zipCode, country) => {
    const maya = await h.member();
    expect(okData(await h.createCall(maya, { zipCode, country }), event)).toMatchObject({ zipCode, country });
  });

  it('refuses a postcode that does not fit the country, naming the field', async () => {
    const maya = await h.member();
    const res = await h.createCall(maya, { zipCode: '1234', country: 'United Kingdom' });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors?.zipCode).toEqual(['That is not a postcode of United Kingdom. Check it, or the country.']);
  });
});
