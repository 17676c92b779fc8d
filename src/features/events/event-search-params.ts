import type { EventTab } from '#contract/events';
import type { EventFilters } from './api';

const TABS: readonly EventTab[] = ['upcoming', 'past', 'mine', 'going', 'interested'];
/** contract/events.ts EVENT_RANGE_MAX_KM, written out: this file loads with the app's first page. */
const RANGE_MAX_KM = 500;

/** `/events?type=&sport_id=&range=&search=`. `range` is in kilometres, as the list call takes it. */
export type EventSearch = {
  type?: EventTab | undefined;
  sport_id?: number | undefined;
  range?: number | undefined;
  search?: string | undefined;
};

/**
 * Reads the list's filters from the address, so a filtered list can be shared, reloaded and stepped back through.
 * Anything malformed is dropped rather than failing the page. Plain checks, not a zod schema: a route's search
 * validation loads with the app's first page on every route (check P1). The member's position is never in the
 * address (a shared link must not carry where someone is): the page asks the browser for it.
 */
export function parseEventSearch(raw: Record<string, unknown>): EventSearch {
  const text = (v: unknown) => (typeof v === 'string' && v.length <= 100 ? v : undefined);
  const number = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN);
  const sport = number(raw.sport_id);
  const range = number(raw.range);
  return {
    type: TABS.find((t) => t === raw.type),
    sport_id: Number.isInteger(sport) && sport >= 1 ? sport : undefined,
    range: Number.isFinite(range) && range > 0 && range <= RANGE_MAX_KM ? range : undefined,
    search: text(raw.search),
  };
}

/**
 * The list call an address stands for: the tab (Upcoming when none), the sport, the search, and the distance only
 * once the member's position is known (without it the list is not filtered by distance).
 */
export function filtersOf(search: EventSearch, position: { lat: number; lng: number } | null): EventFilters {
  const near = search.range !== undefined && position ? { range: search.range, lat: position.lat, lng: position.lng } : {};
  return { type: search.type ?? 'upcoming', sport_id: search.sport_id, search: search.search?.trim() || undefined, ...near };
}
