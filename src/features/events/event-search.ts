import type { EventFilters } from './api';
import type { EventSearch } from './event-search-params';

// Apart from event-search-params.ts on purpose: that file loads with every first page (route search validation),
// this one only with the events list.

/**
 * The list call an address stands for: the tab (Upcoming when none), the sport, the search, and the distance only
 * once the member's position is known (without it the list is not filtered by distance).
 */
export function filtersOf(search: EventSearch, position: { lat: number; lng: number } | null): EventFilters {
  const near = search.range !== undefined && position ? { range: search.range, lat: position.lat, lng: position.lng } : {};
  return { type: search.type ?? 'upcoming', sport_id: search.sport_id, search: search.search?.trim() || undefined, ...near };
}
