import { countries } from 'countries-list';
import type { Place } from '#contract/places';
import { loadTowns, type TownList } from './town-list';

/**
 * Place search without a geocoder: the bundled towns by name. A name matches from its start, ignoring case and
 * accents ("zur" finds Zürich); towns named exactly so come first, then the rest, each by population, biggest first.
 * After a comma, words narrow the towns to a region or country code or a country name ("Boulder, CO", "Bern, Swiss…");
 * words that match nothing are ignored (a profile's "Boulder, Colorado" still finds Boulder).
 */

/** Lower case without accents or punctuation runs: how names and queries are compared. */
export const foldName = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

type TownIndex = { towns: TownList; keys: string[]; order: Int32Array };

async function buildIndex(): Promise<TownIndex> {
  const towns = await loadTowns();
  const folded: string[] = [];
  for (const name of towns.names) {
    // Folding every name takes a while too: other requests are answered in between.
    if (folded.length % 8192 === 8191) await new Promise((resolve) => setImmediate(resolve));
    folded.push(foldName(name));
  }
  const order = Int32Array.from({ length: towns.size }, (_, i) => i).sort((a, b) => (folded[a]! < folded[b]! ? -1 : folded[a]! > folded[b]! ? 1 : 0));
  return { towns, keys: Array.from(order, (i) => folded[i]!), order };
}

// Loaded on the first search, once: a server that never searches never spends the memory.
let index: Promise<TownIndex> | undefined;
const townIndex = () => {
  index ??= buildIndex().catch((err: unknown) => {
    index = undefined;
    throw err;
  });
  return index;
};

/** The first position in the sorted keys at or after `prefix`. */
function lowerBound(keys: string[], prefix: string) {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const countryName = (code: string) => (countries as Record<string, { name: string } | undefined>)[code]?.name ?? null;
/** GeoNames' region codes are letters in some countries (US states: CO) and numbers in others (meaningless to read). */
const readableRegion = (code: string) => (/^[A-Z]{2,3}$/.test(code) ? code : null);

// A few hundred country and region codes and names, folded once each.
const foldedCodes = new Map<string, string>();
const foldCode = (text: string) => foldedCodes.get(text) ?? (foldedCodes.set(text, foldName(text)), foldedCodes.get(text)!);

function matchesQualifier(towns: TownList, i: number, word: string) {
  const country = towns.countries[i]!;
  return foldCode(country) === word || foldCode(towns.admins[i]!) === word || foldCode(countryName(country) ?? '').startsWith(word);
}

export async function searchTowns(query: string, limit: number): Promise<Place[]> {
  const [namePart = '', ...rest] = query.split(',');
  const name = foldName(namePart);
  if (!name) return [];
  const { towns, keys, order } = await townIndex();
  const found: number[] = [];
  const exactly = new Set<number>();
  for (let k = lowerBound(keys, name); k < keys.length && keys[k]!.startsWith(name); k++) {
    found.push(order[k]!);
    if (keys[k] === name) exactly.add(order[k]!);
  }

  let chosen = found;
  for (const word of rest.map(foldName).filter(Boolean)) {
    const narrowed = chosen.filter((i) => matchesQualifier(towns, i, word));
    if (narrowed.length) chosen = narrowed;
  }
  const exact = (i: number) => (exactly.has(i) ? 0 : 1);
  chosen.sort((a, b) => exact(a) - exact(b) || towns.populations[b]! - towns.populations[a]!);
  return chosen.slice(0, limit).map((i) => {
    const region = readableRegion(towns.admins[i]!);
    const country = countryName(towns.countries[i]!);
    return {
      name: towns.names[i]!,
      region,
      country,
      label: [towns.names[i]!, region, country].filter(Boolean).join(', '),
      lng: towns.lngs[i]!,
      lat: towns.lats[i]!,
      population: towns.populations[i]! || null,
    };
  });
}
