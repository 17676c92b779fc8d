import { CountryCode, postcodeValidator } from 'postcode-validator';
import { POSTCODE_FORMAT_MESSAGE, POSTCODE_PATTERN } from './postcode-format';

/** Postcodes checked against their country's format, where postcode-validator knows it (about 190 countries). */

// Country names as people (and the geocoder) write them, besides Intl's English short names.
const ALIASES: Record<string, string> = { uk: 'GB', 'great britain': 'GB', usa: 'US', 'united states of america': 'US' };
const KNOWN = new Set<string>(Object.values(CountryCode));

let byName: Map<string, string> | undefined;
/** The ISO code of a country written as its code (`NL`) or English name (`Netherlands`), among those with a format. */
export function postcodeCountry(country: string): string | undefined {
  const key = country.trim();
  if (KNOWN.has(key.toUpperCase()) && key.length === 2) return key.toUpperCase();
  if (!byName) {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    byName = new Map(Object.entries(ALIASES));
    for (const code of KNOWN) if (code.length === 2) byName.set((names.of(code) ?? code).toLowerCase(), code);
  }
  return byName.get(key.toLowerCase());
}

/** What is wrong with `postcode` for `country`, or null when it is fine (or empty: a postcode is optional). */
export function postcodeProblem(postcode: string, country: string): string | null {
  const value = postcode.trim();
  if (value === '') return null;
  if (!POSTCODE_PATTERN.test(value)) return POSTCODE_FORMAT_MESSAGE;
  const code = postcodeCountry(country);
  if (code && !postcodeValidator(value.toUpperCase(), code)) {
    return `That is not a postcode of ${country.trim()}. Check it, or the country.`;
  }
  return null;
}
