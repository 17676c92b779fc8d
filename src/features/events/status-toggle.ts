import type { QueryClient } from '@tanstack/react-query';
import type { Event, EventStatus } from '#contract/events';
import type { MemberSummary } from '#contract/social';
import { sessionStore } from '../../lib/session-store';
import { sendAsMutation, useOptimisticToggle, type ToggleSpec } from '../../lib/optimistic-toggle';
import { eventKeys, postEventStatus } from './api';
import { markStatusListsStale, setEventStatus } from './event-cache';

/** The fields each toggle owns: one toggle's answer (or rollback) never overwrites what the other is changing. */
const INTERESTED_FIELDS = ['isInterested', 'interestedCount'] as const;
const GOING_FIELDS = ['isGoing', 'isWaitlisted', 'waitlistPosition', 'goingCount', 'waitlistCount', 'capacity'] as const;

type Field = keyof EventStatus;

const keyOf = (eventId: number) => `event:${eventId}`;
const eventIdOf = (key: string) => Number(key.slice('event:'.length));

/** Whether the viewer holds a place: going, or waiting for one. */
export const isIn = (s: Pick<EventStatus, 'isGoing' | 'isWaitlisted'>) => s.isGoing || s.isWaitlisted;

/** Whether every place is taken, so a new joiner waits. */
export const isFull = (s: Pick<EventStatus, 'capacity' | 'goingCount'>) => s.capacity !== null && s.goingCount >= s.capacity;

/** The viewer's status with `wish`'s owned fields laid over `cached` (the latest everywhere else). */
function merge(cached: EventStatus, wish: EventStatus, fields: readonly Field[]): EventStatus {
  const next: Record<string, unknown> = { ...cached };
  for (const field of fields) next[field] = wish[field];
  return next as EventStatus;
}

/**
 * One toggle's spec: `apply` patches only `fields` of the cached status (the rest stays as the cache has it, which
 * may be the other toggle's wish in flight); once a burst settles, lists whose rows depend on it go stale and the
 * event's people lists refresh.
 */
function statusSpec(
  queryClient: QueryClient,
  fields: readonly Field[],
  /** The going toggle moves the viewer's face in or out of the card's avatars. */
  movesViewer: boolean,
  request: (eventId: number, wish: EventStatus) => Promise<EventStatus>,
  same: (a: EventStatus, b: EventStatus) => boolean,
): ToggleSpec<EventStatus> {
  const cachedStatus = (eventId: number): EventStatus | undefined => {
    const detail = queryClient.getQueryData<Event>(eventKeys.detail(eventId));
    if (detail) return detail.status;
    for (const [, data] of queryClient.getQueriesData<{ pages: { list: Event[] }[] }>({ queryKey: eventKeys.lists() })) {
      const found = data?.pages.flatMap((p) => p.list).find((e) => e.id === eventId);
      if (found) return found.status;
    }
    return undefined;
  };
  return {
    apply: (key, wish) => {
      const eventId = eventIdOf(key);
      const cached = cachedStatus(eventId);
      setEventStatus(queryClient, cached ? merge(cached, wish, fields) : wish, movesViewer ? viewer() : undefined);
    },
    send: (key, wish) => sendAsMutation(queryClient, [...eventKeys.all, 'status'], () => request(eventIdOf(key), wish)),
    same,
    onSettled: (key) => {
      markStatusListsStale(queryClient);
      void queryClient.invalidateQueries({ queryKey: [...eventKeys.all, 'people', eventIdOf(key)] });
    },
  };
}

/** The signed-in member as the going avatars show them. */
function viewer(): MemberSummary | undefined {
  const user = sessionStore.getSnapshot().user;
  return user ? { userId: user.userId, handleName: user.handleName, firstName: user.firstName, lastName: user.lastName, profileImage: user.profileImage } : undefined;
}

/**
 * Interested, through the one optimistic toggle (`POST /api/challenge/interestedChallengetoggle`): the mark and the
 * count change everywhere the event is cached at once, rapid clicks cost at most two requests and settle on the
 * server's answer; a failure restores the last answer with the one failure toast.
 */
export function useInterestedToggle() {
  const toggle = useOptimisticToggle<EventStatus>('event-interested', (queryClient) =>
    statusSpec(
      queryClient,
      INTERESTED_FIELDS,
      false,
      // The path toggles: it is only called when the server's state differs from the wish.
      (eventId) => postEventStatus('challenge/interestedChallengetoggle', eventId),
      (a, b) => a.isInterested === b.isInterested,
    ),
  );
  /** Marks `event` interested or not, whichever it is not now. */
  return (event: Pick<Event, 'id' | 'status'>) => {
    const s = event.status;
    const on = !s.isInterested;
    return toggle(keyOf(event.id), s, { ...s, isInterested: on, interestedCount: Math.max(0, s.interestedCount + (on ? 1 : -1)) });
  };
}

/**
 * Going, through the one optimistic toggle (`POST /api/challenge/join` / `opt-out`): joining a full event guesses a
 * place at the end of the waitlist; leaving guesses the first on the waitlist moves up. The server's answer (its
 * place on the waitlist, the counts) has the last word.
 */
export function useGoingToggle() {
  const toggle = useOptimisticToggle<EventStatus>('event-going', (queryClient) =>
    statusSpec(
      queryClient,
      GOING_FIELDS,
      true,
      (eventId, wish) => postEventStatus(isIn(wish) ? 'challenge/join' : 'challenge/opt-out', eventId),
      // Going and waitlisted are one wish (to be in): the server decides which.
      (a, b) => isIn(a) === isIn(b),
    ),
  );
  /** Joins `event` (or its waitlist), or leaves it (or the waitlist). */
  return (event: Pick<Event, 'id' | 'status'>) => {
    const s = event.status;
    return toggle(keyOf(event.id), s, isIn(s) ? left(s) : joined(s));
  };
}

/** The guess for a join: going while there is room, else last on the waitlist. */
export function joined(s: EventStatus): EventStatus {
  if (isFull(s)) return { ...s, isGoing: false, isWaitlisted: true, waitlistPosition: s.waitlistCount + 1, waitlistCount: s.waitlistCount + 1 };
  return { ...s, isGoing: true, isWaitlisted: false, waitlistPosition: null, goingCount: s.goingCount + 1 };
}

/** The guess for leaving: out of the waitlist, or out of going with the first waiting person taking the place. */
export function left(s: EventStatus): EventStatus {
  const out = { ...s, isGoing: false, isWaitlisted: false, waitlistPosition: null };
  if (s.isWaitlisted) return { ...out, waitlistCount: Math.max(0, s.waitlistCount - 1) };
  if (s.waitlistCount > 0) return { ...out, waitlistCount: s.waitlistCount - 1 };
  return { ...out, goingCount: Math.max(0, s.goingCount - 1) };
}
