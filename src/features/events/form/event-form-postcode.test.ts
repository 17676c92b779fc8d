import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { emptyEventForm, eventFormSchema } from './event-form-schema';

// Issue 19 item 6: the event form takes each country's postcodes (spec §5's 1 to 6 digits cut SW1A 1AA).

const zipErrors = (zipCode: string, country: string) => {
  const result = z.safeParse(eventFormSchema('metric'), { ...emptyEventForm(), zipCode, country });
  return result.success ? [] : result.error.issues.filter((i) => i.path[0] === 'zipCode').map((i) => i.message);
};

describe('the event form’s zip code', () => {
  it.each([
    ['SW1A 1AA', 'United Kingdom'],
    ['K1A 0B1', 'Canada'],
    ['1234 AB', 'Netherlands'],
    ['80302', 'United States'],
    ['', 'Norway'],
  ])('takes %s in %s', (zipCode, country) => {
    expect(zipErrors(zipCode, country)).toEqual([]);
  });

  it('says a postcode does not fit the country typed', () => {
    expect(zipErrors('1234', 'United Kingdom')).toEqual(['That is not a postcode of United Kingdom. Check it, or the country.']);
  });

  it('says what a postcode may hold when it holds something else', () => {
    expect(zipErrors('12#45', '')).toEqual(['Zip or postcode: letters, digits, spaces and dashes, up to 10.']);
  });
});
