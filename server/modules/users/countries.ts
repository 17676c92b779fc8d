import { countries as source } from 'countries-list';

export type Country = { id: string; name: string; dialCode: number; flag: string };

// Regional indicator symbols spell the flag emoji of an ISO 3166 alpha-2 code.
const flagOf = (iso2: string) => String.fromCodePoint(...[...iso2].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));

/** `GET /api/country`: every country with a dial code, by name; the id is its ISO 3166 alpha-2 code. */
export const COUNTRIES: Country[] = Object.entries(source)
  .filter(([, c]) => c.phone.length > 0)
  .map(([id, c]) => ({ id, name: c.name, dialCode: c.phone[0]!, flag: flagOf(id) }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const byId = new Map(COUNTRIES.map((c) => [c.id, c]));
export const findCountry = (id: string) => byId.get(id);
