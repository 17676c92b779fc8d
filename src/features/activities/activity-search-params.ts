import { SPORTS } from '#contract/sports';
import type { ActivityFilters, ActivityOwner } from './api';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `/activities?sport_id=&search=&from=&to=` (and the same on `/profile/activities` and a member's Activities tab). */
export type ActivitySearch = {
  sport_id?: number | undefined;
  search?: string | undefined;
  /** `YYYY-MM-DD`, inclusive, in the browser's zone. */
  from?: string | undefined;
  to?: string | undefined;
};

/** The names the routes' raw search validation lets through. */
export type ActivitySearchName = keyof ActivitySearch;

/**
 * Reads the log's filters from the address, so a filtered log can be shared, reloaded and stepped back through.
 * Anything malformed is dropped rather than failing the page (an unknown sport would be a 400 from the server). Read by
 * the page and its loader, not by the route's search validation, which loads with every first page (check P1).
 */
export function parseActivitySearch(raw: Record<string, unknown>): ActivitySearch {
  const text = (v: unknown) => (typeof v === 'string' && v.length <= 100 ? v : undefined);
  const date = (v: unknown) => (typeof v === 'string' && ISO_DATE.test(v) ? v : undefined);
  const sport = typeof raw.sport_id === 'number' ? raw.sport_id : typeof raw.sport_id === 'string' ? Number(raw.sport_id) : Number.NaN;
  return {
    sport_id: SPORTS.some((s) => s.id === sport) ? sport : undefined,
    search: text(raw.search),
    from: date(raw.from),
    to: date(raw.to),
  };
}

/** A range reads forwards, or is open at one end. */
export const isRangeValid = (from: string | undefined, to: string | undefined) => !from || !to || from <= to;

/** What the list asks the server for: whose, and the address's filters (a backwards range is not applied). */
export function filtersOf(search: ActivitySearch, owner: ActivityOwner): ActivityFilters {
  const range = isRangeValid(search.from, search.to) ? { from: search.from, to: search.to } : {};
  return { ...owner, title: search.search?.trim(), sportId: search.sport_id, ...range };
}

/** Whether any filter is on: an empty list then says "nothing matches" rather than "nothing logged yet". */
export const isFiltered = (search: ActivitySearch) => Boolean(search.sport_id !== undefined || search.search || search.from || search.to);
