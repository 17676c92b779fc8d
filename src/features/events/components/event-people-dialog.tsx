import { useInfiniteQuery } from '@tanstack/react-query';
import type { EventStatus } from '#contract/events';
import { MemberTabsDialog, PagedMemberList } from '../../../components/member-tabs-dialog';
import { formatCount } from '../../../lib/format-count';
import { eventPeopleQuery, type PeopleList } from '../detail-queries';

const LABELS: Record<PeopleList, string> = { going: 'Going', interested: 'Interested', waitlist: 'Waitlist' };

/** The tabs to show: going and interested always, the waitlist when there is one (or the event has a capacity). */
export function peopleTabs(status: EventStatus): { list: PeopleList; count: number }[] {
  const tabs: { list: PeopleList; count: number }[] = [
    { list: 'going', count: status.goingCount },
    { list: 'interested', count: status.interestedCount },
  ];
  if (status.capacity !== null || status.waitlistCount > 0) tabs.push({ list: 'waitlist', count: status.waitlistCount });
  return tabs;
}

/**
 * Who is going, interested or waiting for a place (one tab each), each a paged list of members linking to their
 * profiles; the waitlist numbered, in the order places are given out.
 */
export function EventPeopleDialog({ eventId, status, initial, onClose }: { eventId: number; status: EventStatus; initial: PeopleList; onClose(): void }) {
  const tabs = peopleTabs(status);
  return (
    <MemberTabsDialog
      title="People"
      tabs={tabs.map((t) => ({
        key: t.list,
        label: (
          <>
            {LABELS[t.list]}
            <span className="tabular-nums text-muted">{formatCount(t.count)}</span>
          </>
        ),
      }))}
      initial={Math.max(0, tabs.findIndex((t) => t.list === initial))}
      onClose={onClose}
    >
      {(tab) => <PeopleList eventId={eventId} list={tab.key as PeopleList} />}
    </MemberTabsDialog>
  );
}

function PeopleList({ eventId, list }: { eventId: number; list: PeopleList }) {
  const query = useInfiniteQuery(eventPeopleQuery(eventId, list));
  return <PagedMemberList query={query} loadingLabel={`Loading ${LABELS[list].toLowerCase()}`} ordered={list === 'waitlist'} />;
}
