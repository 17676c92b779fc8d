import { getCountries } from 'libphonenumber-js/min';

// Names people write for their country besides the English short name Intl gives.
const ALIASES: Record<string, string> = { uk: 'GB', 'great britain': 'GB', england: 'GB', scotland: 'GB', wales: 'GB', usa: 'US', 'united states of america': 'US' };

let byName: Map<string, string> | undefined;
function countryNames() {
  if (!byName) {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    byName = new Map(Object.entries(ALIASES));
    for (const id of getCountries()) byName.set(names.of(id)!.toLowerCase(), id);
  }
  return byName;
}

/**
 * The country the phone form starts on when the member has no number yet (issue 19): the one the profile's location
 * names ("Bergen, Norway": parts from the last, as people write the country at the end), else the region of the
 * browser's language (`nb-NO`), else none, and the member chooses.
 */
export function guessPhoneCountry(location: string | null, languages: readonly string[]): string {
  const names = countryNames();
  const parts = (location ?? '').split(',').map((p) => p.trim().toLowerCase()).reverse();
  for (const part of parts) {
    const id = names.get(part);
    if (id) return id;
  }
  const supported = new Set(getCountries() as string[]);
  for (const language of languages) {
    const region = new Intl.Locale(language).region;
    if (region && supported.has(region)) return region;
  }
  return '';
}
