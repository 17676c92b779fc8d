import type { EventFilters } from './api';
import type { EventSearch } from './event-search-params';

// Apart from event-search-params.ts on purpose: that file loads with every first page (route search validation),
// this one only with the events list.

/** The sport chip that is on: one sport, the member's own sports (the default when their profile has any), or all. */
export type SportChoice = number | 'mine' | undefined;

export function sportChoice(search: EventSearch, hasSports: boolean): SportChoice {
  if (search.sport_id !== undefined) return search.sport_id;
  return search.sports !== 'all' && hasSports ? 'mine' : undefined;
}

/** The address for a chip: the member's own sports need no parameter when they are the default. */
export function sportSearch(choice: SportChoice, hasSports: boolean): Pick<EventSearch, 'sport_id' | 'sports'> {
  if (typeof choice === 'number') return { sport_id: choice, sports: undefined };
  return { sport_id: undefined, sports: choice === undefined && hasSports ? 'all' : undefined };
}

/**
 * The list call an address stands for: the tab (Upcoming when none), the sport, the search, and the distance only
 * once the member's position is known (without it the list is not filtered by distance).
 */
export function filtersOf(search: EventSearch, position: { lat: number; lng: number } | null, hasSports: boolean): EventFilters {
  const near = search.range !== undefined && position ? { range: search.range, lat: position.lat, lng: position.lng } : {};
  const sport = sportChoice(search, hasSports);
  return {
    type: search.type ?? 'upcoming',
    ...(sport === 'mine' ? { sports: 'mine' as const } : { sport_id: sport }),
    search: search.search?.trim() || undefined,
    ...near,
  };
}
