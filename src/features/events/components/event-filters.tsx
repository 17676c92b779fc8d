import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import clsx from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import type { EventTab } from '#contract/events';
import { Icon } from '../../../components/icons';
import { scrollRowFade } from '../../../components/scroll-row';
import { AddressSearchBox } from '../../../components/search-box';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { distanceToMetres, UNIT_LABELS, useUnits, type Units } from '../../../lib/units';
import { SportFilter } from '../../../components/sport-filter';
import { sportChoice, sportSearch, type SportChoice } from '../event-search';
import type { EventSearch } from '../event-search-params';
import { findPlace } from '../../../components/map/map-start';
import { useSession } from '../../auth/session-context';
import { askPosition, sharedPosition, useSharedPosition, type PositionProblem } from '../shared-position';

export const EVENT_TAB_LABELS: Record<EventTab, string> = {
  upcoming: 'Upcoming',
  past: 'Past',
  mine: 'Yours',
  going: 'Going',
  interested: 'Interested',
};
const TABS: { type: EventTab | undefined; label: string }[] = [
  { type: undefined, label: EVENT_TAB_LABELS.upcoming },
  { type: 'past', label: EVENT_TAB_LABELS.past },
  { type: 'mine', label: EVENT_TAB_LABELS.mine },
  { type: 'going', label: EVENT_TAB_LABELS.going },
  { type: 'interested', label: EVENT_TAB_LABELS.interested },
];

/** Distance choices in the member's units; the list call takes kilometres. */
const RANGE_STEPS = [10, 25, 50, 100] as const;
const kmOf = (step: number, units: Units) => Math.round(distanceToMetres(step, units)) / 1000;

export const LOCATION_DENIED = 'Location is blocked for this site, so events are not filtered by distance. Allow it in your browser to use this filter.';
export const LOCATION_UNAVAILABLE = 'Your browser could not tell where you are, so events are not filtered by distance.';

/**
 * Which events the list shows: the tab (Upcoming, Past, Yours, Going, Interested), a search (sent once typing
 * pauses), the sport, and a distance from where the member is (asked of the browser when chosen). Every choice
 * goes into the address; the position never does.
 */
export function EventFilters({ search }: { search: EventSearch }) {
  const navigate = useNavigate({ from: '/events/' });
  const set = (change: Partial<EventSearch>) => void navigate({ search: (s) => ({ ...s, ...change }), replace: true });
  const selected = search.type ?? 'upcoming';
  const tabs = useRef<HTMLElement>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const hasSports = (useSession().user?.sports.length ?? 0) > 0;
  const chosenSport = sportChoice(search, hasSports);
  const chooseSport = (choice: SportChoice) => set(sportSearch(choice, search, hasSports));
  const chosenFilters = (chosenSport !== undefined ? 1 : 0) + (search.range !== undefined ? 1 : 0);
  const sport = <SportFilter offerMine={hasSports} value={chosenSport} onChange={chooseSport} />;
  const range = <RangeFilter range={search.range} onChange={(value) => set({ range: value })} />;

  // On a phone the tabs scroll sideways: the chosen one (from a link, or the back button) is scrolled into sight.
  // Measured in the next frame, where the page is laid out anyway: measuring here would force the layout of the
  // whole new page into the same task as rendering it (one long task instead of two: check P7).
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const nav = tabs.current;
      const active = nav?.querySelector('[aria-current="page"]');
      if (!nav || !active) return;
      const outer = nav.getBoundingClientRect();
      const inner = active.getBoundingClientRect();
      if (inner.right > outer.right) nav.scrollLeft += inner.right - outer.right + 16;
      else if (inner.left < outer.left) nav.scrollLeft -= outer.left - inner.left + 16;
    });
    return () => cancelAnimationFrame(frame);
  }, [selected]);

  return (
    <div className="flex flex-col gap-3">
      <nav ref={tabs} aria-label="Which events" className={clsx('overflow-x-auto sm:pr-0 sm:[mask-image:none]', scrollRowFade)}>
        <div className="flex min-w-max gap-1 rounded-xl bg-surface-2 p-1 sm:min-w-0">
          {TABS.map((tab) => {
            const active = (tab.type ?? 'upcoming') === selected;
            return (
              <Link
                key={tab.label}
                from="/events/"
                to="."
                search={(s) => ({ ...s, type: tab.type })}
                // Exact: by the router's default, Upcoming (no `type`) would count as current on every tab.
                activeOptions={{ exact: true }}
                aria-current={active ? 'page' : undefined}
                className={clsx(
                  // A little smaller on a phone, so most of the five tabs show at once and the last peeks in.
                  'flex min-h-10 flex-1 items-center justify-center rounded-lg px-2.5 text-[13px] font-semibold whitespace-nowrap transition-colors sm:px-3 sm:text-sm',
                  active ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
                )}
              >
                {tab.label}
              </Link>
            );
          })}
        </div>
      </nav>
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <AddressSearchBox value={search.search ?? ''} onSettled={(text) => set({ search: text || undefined })} label="Search events" placeholder="Name or place" />
        </div>
        {/* On a phone the sport and distance wait behind one button, so the first events show on the first screen. */}
        <button type="button" aria-haspopup="dialog" className={buttonClass('secondary', 'shrink-0 sm:hidden')} onClick={() => setSheetOpen(true)}>
          <Icon name="sliders" className="size-4" strokeWidth="2" />
          Filters
          {chosenFilters > 0 && (
            <>
              <span aria-hidden="true" className="rounded-full bg-brand px-1.5 text-xs leading-5 tabular-nums text-on-brand">
                {chosenFilters}
              </span>
              <span className="sr-only">{`, ${chosenFilters} chosen`}</span>
            </>
          )}
        </button>
      </div>
      <div className="hidden flex-col gap-3 sm:flex">
        {sport}
        {range}
      </div>
      {sheetOpen && (
        <Dialog title="Filters" onClose={() => setSheetOpen(false)}>
          <SportFilter wrap offerMine={hasSports} value={chosenSport} onChange={chooseSport} />
          {range}
          <button type="button" className={buttonClass('primary', 'w-full')} onClick={() => setSheetOpen(false)}>
            Show events
          </button>
        </Dialog>
      )}
    </div>
  );
}

/**
 * "Within 10 mi" and so on. Choosing a distance asks the browser where the member is; refused or unknown, distances
 * are from the profile's place (found by the place search) and the page says so; without one either, the page says
 * so plainly and the list stays unfiltered.
 */
function RangeFilter({ range, onChange }: { range: number | undefined; onChange(range: number | undefined): void }) {
  const units = useUnits();
  const id = useId();
  const position = useSharedPosition();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<PositionProblem | null>(null);
  const [fromProfile, setFromProfile] = useState<string | null>(null);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const unit = UNIT_LABELS[units].distance;
  const options = RANGE_STEPS.map((step) => ({ km: kmOf(step, units), label: `Within ${step} ${unit}` }));
  // The address's distance as one of the choices (a link made in the other units shows its nearest).
  const chosen = range === undefined ? '' : String(options.reduce((a, b) => (Math.abs(b.km - range) < Math.abs(a.km - range) ? b : a)).km);

  const asked = useRef(false);
  const ask = async (km: number) => {
    asked.current = true;
    setAsking(true);
    setProblem(null);
    setFromProfile(null);
    const answer = await askPosition();
    const home = typeof answer === 'string' && user?.location ? await findPlace(queryClient, user.location) : null;
    setAsking(false);
    if (home) {
      // Kept for this visit like a shared position, rounded the same way (a town, not a doorstep).
      sharedPosition.set({ lat: Math.round(home[1] * 1000) / 1000, lng: Math.round(home[0] * 1000) / 1000 });
      setFromProfile(user!.location);
      onChange(km);
    } else if (typeof answer === 'string') {
      setProblem(answer);
      onChange(undefined);
    } else {
      onChange(km);
    }
  };

  // A distance in the address with no position yet (a reload, a shared link, the back button): ask, once per visit
  // of the page, so a refusal is not asked again and again.
  useEffect(() => {
    if (range === undefined || position || asked.current) return;
    asked.current = true;
    void ask(range);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [range, position]);

  const choose = (value: string) => {
    if (value === '') {
      setProblem(null);
      setFromProfile(null);
      onChange(undefined);
    } else if (position) {
      onChange(Number(value));
    } else {
      void ask(Number(value));
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          Distance
        </label>
        <select
          id={id}
          value={asking ? '' : chosen}
          disabled={asking}
          onChange={(e) => choose(e.target.value)}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="min-h-11 rounded-lg border border-line bg-surface px-3 text-sm text-fg"
        >
          <option value="">Any distance</option>
          {options.map((o) => (
            <option key={o.km} value={String(o.km)}>
              {o.label}
            </option>
          ))}
        </select>
        {asking && (
          <span role="status" className="text-sm text-muted">
            Finding where you are…
          </span>
        )}
      </div>
      {fromProfile && range !== undefined && (
        <p role="status" className="text-sm text-muted">
          Your browser did not share where you are: distances are from {fromProfile}, the place on your profile.
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} role="alert" className="rounded-lg bg-surface-2 p-3 text-sm">
          {problem === 'denied' ? LOCATION_DENIED : LOCATION_UNAVAILABLE}
        </p>
      )}
    </div>
  );
}
