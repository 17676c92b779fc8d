import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Icon } from '../../../components/icons';
import { buttonClass } from '../../../components/ui/button';
import { filtersOf, sportChoice } from '../event-search';
import { useSession } from '../../auth/session-context';
import { useCan } from '../../auth/use-can';
import type { EventSearch } from '../event-search-params';
import { useSharedPosition } from '../shared-position';
import { EventFilters } from './event-filters';
import { EventList } from './event-list';

const LIST_LABELS = {
  upcoming: 'Upcoming events',
  past: 'Past events',
  mine: 'Your events',
  going: 'Events you are going to',
  interested: 'Events you are interested in',
} as const;

/**
 * `/events`: group rides, hikes and challenges. Tabs, search, sport and distance filters above an infinite list of
 * cards; "Create event" in the header.
 */
export function EventsPage({ search }: { search: EventSearch }) {
  const position = useSharedPosition();
  const tab = search.type ?? 'upcoming';
  // With sports on their profile, a member sees events of those first ("Your sports"), as the sign-up promised.
  const hasSports = (useSession().user?.sports.length ?? 0) > 0;
  const mayCreate = useCan('create_events');
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 pb-8">
      {/* Header, filters and cards share the frame's one side margin: nothing adds its own on a phone. */}
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold">Events</h1>
          <p className="text-sm text-muted">Group rides, hikes and challenges: mark interested, or join.</p>
        </div>
        {mayCreate && (
          <Link to="/events/create" className={buttonClass('primary')}>
            <Icon name="plus" className="size-4" strokeWidth="2.5" />
            Create event
          </Link>
        )}
      </header>
      <EventFilters search={search} />
      <EventList
        filters={filtersOf(search, position, hasSports)}
        label={LIST_LABELS[tab]}
        empty={<EventsEmpty search={search} yourSports={sportChoice(search, hasSports) === 'mine'} />}
      />
    </div>
  );
}

const createLink = (
  <Link to="/events/create" className={buttonClass('primary')}>
    Create an event
  </Link>
);

/** What an empty list says, written for the tab and filters that are on, with the one thing worth doing next. */
function EventsEmpty({ search, yourSports }: { search: EventSearch; yourSports: boolean }) {
  const tab = search.type ?? 'upcoming';
  const create = useCan('create_events') ? createLink : null;
  if (yourSports && !search.search && search.range === undefined) {
    return (
      <EmptyState
        title="No events in your sports here yet"
        hint="Events in every sport may have some, or change your sports on your profile."
        action={
          <Link from="/events/" to="." search={{ type: search.type, sports: 'all' }} className={buttonClass('secondary')}>
            Show all sports
          </Link>
        }
      />
    );
  }
  if (search.search || search.sport_id !== undefined || yourSports || search.range !== undefined) {
    return (
      <EmptyState
        title={search.search ? `No events match “${search.search}”` : 'No events match these filters'}
        hint="Try another word, another sport or a wider distance."
        action={
          <Link from="/events/" to="." search={{ type: search.type, sports: yourSports ? 'all' : undefined }} className={buttonClass('secondary')}>
            Clear filters
          </Link>
        }
      />
    );
  }
  switch (tab) {
    case 'past':
      return <EmptyState title="No past events yet" hint="Events that have ended show up here, with their photos and comments." action={create} />;
    case 'mine':
      return <EmptyState title="You haven’t organised an event yet" hint="Plan a ride or hike with a route on the map and gather people for it." action={create} />;
    case 'going':
      return <EmptyState title="You’re not going to any events yet" hint="Join an upcoming event and it shows up here." action={create} />;
    case 'interested':
      return <EmptyState title="Nothing marked interested" hint="Mark an event interested to keep an eye on it here." action={create} />;
    default:
      return <EmptyState title="No upcoming events, for now" hint="Be the first: plan a ride or hike and invite people along." action={create} />;
  }
}

function EmptyState({ title, hint, action }: { title: string; hint: string; action: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-6 py-12 text-center">
      <Icon name="events" className="mb-1 size-12 text-brand" />
      <p className="text-lg font-semibold">{title}</p>
      <p className="max-w-sm text-sm text-muted">{hint}</p>
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
