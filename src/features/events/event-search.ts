import type { EventFilters } from './api';
import type { EventSearch } from './event-search-params';

// Apart from event-search-params.ts on purpose: that file loads with every first page (route search validation),
// this one only with the events list.

/** The sport chip that is on: one sport, the member's own sports, or all (undefined). */
export type SportChoice = number | 'mine' | undefined;

/**
 * With no sport chosen: the member's own sports where they discover events (Upcoming, Past) and have sports on their
 * profile; every sport on their own lists (Yours, Going, Interested), which no sport should thin out unasked.
 */
function defaultSport(search: EventSearch, hasSports: boolean): SportChoice {
  const discovering = search.type === undefined || search.type === 'upcoming' || search.type === 'past';
  return discovering && hasSports ? 'mine' : undefined;
}

export function sportChoice(search: EventSearch, hasSports: boolean): SportChoice {
  if (search.sport_id !== undefined) return search.sport_id;
  if (search.sports === 'all') return undefined;
  return search.sports === 'mine' && hasSports ? 'mine' : defaultSport(search, hasSports);
}

/** The address for a chip: the tab's default needs no parameter, so a shared link opens on the reader's own default. */
export function sportSearch(choice: SportChoice, search: EventSearch, hasSports: boolean): Pick<EventSearch, 'sport_id' | 'sports'> {
  if (typeof choice === 'number') return { sport_id: choice, sports: undefined };
  if (choice === defaultSport(search, hasSports)) return { sport_id: undefined, sports: undefined };
  return { sport_id: undefined, sports: choice === 'mine' ? 'mine' : 'all' };
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
