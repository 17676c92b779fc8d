import { EVENT_RANGE_MAX_KM, type EventTab } from '#contract/events';

const TABS: readonly EventTab[] = ['upcoming', 'past', 'mine', 'going', 'interested'];

/**
 * `/events?type=&sport_id=&sports=all|mine&range=&search=`. `range` is in kilometres, as the list call takes it. With no
 * sport chosen, a member with sports on their profile discovers events in those (event-search.ts).
 */
export type EventSearch = {
  type?: EventTab | undefined;
  sport_id?: number | undefined;
  sports?: 'all' | 'mine' | undefined;
  range?: number | undefined;
  search?: string | undefined;
};

/**
 * Reads the list's filters from the address, so a filtered list can be shared, reloaded and stepped back through.
 * Anything malformed is dropped rather than failing the page. Read by the page and its loader, not by the route's
 * search validation, which loads with every first page (src/lib/raw-search.ts, check P1). The member's position is
 * never in the address (a shared link must not carry where someone is): the page asks the browser for it.
 */
export function parseEventSearch(raw: Record<string, unknown>): EventSearch {
  const text = (v: unknown) => (typeof v === 'string' && v.length <= 100 ? v : undefined);
  const number = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN);
  const sport = number(raw.sport_id);
  const range = number(raw.range);
  return {
    type: TABS.find((t) => t === raw.type),
    sport_id: Number.isInteger(sport) && sport >= 1 ? sport : undefined,
    sports: raw.sports === 'all' || raw.sports === 'mine' ? raw.sports : undefined,
    range: Number.isFinite(range) && range > 0 && range <= EVENT_RANGE_MAX_KM ? range : undefined,
    search: text(raw.search),
  };
}
