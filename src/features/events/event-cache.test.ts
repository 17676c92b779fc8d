import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Event, EventList } from '#contract/events';
import { eventKeys, type EventPages } from './api';
import { markOrganiserRequested, refetchEventsOnBlock, removeEvent, replaceEvent, setEventCommentCount, setEventLikes, setEventStatus } from './event-cache';
import { anEvent, anOrganiser, aStatus } from './test-helpers';

const pageOf = (list: Event[]): EventList => ({ list, current_page: 1, last_page: 1, per_page: 20, total: list.length, next_cursor: null });
const pagesOf = (...lists: Event[][]): EventPages => ({ pages: lists.map(pageOf), pageParams: lists.map((_, i) => ({ page: i + 1 })) });

const UPCOMING = eventKeys.list({ type: 'upcoming' });
const MINE = eventKeys.list({ type: 'mine' });

function cacheWith() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(UPCOMING, pagesOf([anEvent({ id: 3 }), anEvent({ id: 2 })], [anEvent({ id: 1 })]));
  queryClient.setQueryData(MINE, pagesOf([anEvent({ id: 9 })]));
  queryClient.setQueryData(eventKeys.detail(2), anEvent({ id: 2 }));
  return queryClient;
}

const listed = (queryClient: QueryClient, key: readonly unknown[]) => queryClient.getQueryData<EventPages>(key)!.pages.flatMap((p) => p.list);
const inUpcoming = (queryClient: QueryClient, id: number) => listed(queryClient, UPCOMING).find((e) => e.id === id);

describe('event cache', () => {
  it('writes the server’s event into every list page and the detail, leaving other lists untouched', () => {
    const queryClient = cacheWith();
    const mineBefore = queryClient.getQueryData(MINE);
    replaceEvent(queryClient, anEvent({ id: 2, eventName: 'Renamed ride', cancelledAt: '2027-06-01T10:00:00.000Z' }));
    expect(inUpcoming(queryClient, 2)).toMatchObject({ eventName: 'Renamed ride', cancelledAt: '2027-06-01T10:00:00.000Z' });
    expect(queryClient.getQueryData<Event>(eventKeys.detail(2))!.eventName).toBe('Renamed ride');
    expect(queryClient.getQueryData(MINE)).toBe(mineBefore);
  });

  it('patches the status, moving the viewer into and out of the going avatars', () => {
    const queryClient = cacheWith();
    const me = anOrganiser({ userId: 7, handleName: 'mayatrails', firstName: 'Maya', lastName: 'Torres' });
    setEventStatus(queryClient, aStatus({ challengeId: 2, isGoing: true, goingCount: 1 }), me);
    expect(inUpcoming(queryClient, 2)).toMatchObject({ status: { isGoing: true, goingCount: 1 }, goingPreview: [me] });
    expect(queryClient.getQueryData<Event>(eventKeys.detail(2))!.status.goingCount).toBe(1);

    setEventStatus(queryClient, aStatus({ challengeId: 2, goingCount: 0 }), me);
    expect(inUpcoming(queryClient, 2)!.goingPreview).toEqual([]);
    // Other events keep their status.
    expect(inUpcoming(queryClient, 3)!.status.isGoing).toBe(false);
  });

  it('sets reactions and the comment count wherever the event is cached', () => {
    const queryClient = cacheWith();
    setEventLikes(queryClient, 1, { total: 2, mine: 'U+2764', byCode: [{ likeUniCode: 'U+2764', count: 2 }] });
    setEventCommentCount(queryClient, 2, 14);
    expect(inUpcoming(queryClient, 1)!.likes.total).toBe(2);
    expect(inUpcoming(queryClient, 2)!.commentCount).toBe(14);
    expect(queryClient.getQueryData<Event>(eventKeys.detail(2))!.commentCount).toBe(14);
  });

  it('removes a deleted event from lists (and their totals) and drops its detail, comments and people', () => {
    const queryClient = cacheWith();
    queryClient.setQueryData(eventKeys.comments(2), { pages: [] });
    queryClient.setQueryData(eventKeys.people(2, 'going'), { pages: [] });
    removeEvent(queryClient, 2);
    expect(listed(queryClient, UPCOMING).map((e) => e.id)).toEqual([3, 1]);
    expect(queryClient.getQueryData<EventPages>(UPCOMING)!.pages[0]!.total).toBe(1);
    expect(queryClient.getQueryData(eventKeys.detail(2))).toBeUndefined();
    expect(queryClient.getQueryData(eventKeys.comments(2))).toBeUndefined();
    expect(queryClient.getQueryData(eventKeys.people(2, 'going'))).toBeUndefined();
  });

  it('marks every cached event of one organiser as requested, and unmarks them', () => {
    const queryClient = new QueryClient();
    const other = anOrganiser({ userId: 44, handleName: 'someoneelse' });
    queryClient.setQueryData(UPCOMING, pagesOf([anEvent({ id: 3 }), anEvent({ id: 2, createdBy: other })], [anEvent({ id: 1 })]));
    queryClient.setQueryData(eventKeys.detail(1), anEvent({ id: 1 }));

    markOrganiserRequested(queryClient, 31, true);
    expect(listed(queryClient, UPCOMING).map((e) => [e.id, e.isRequest])).toEqual([
      [3, true],
      [2, false],
      [1, true],
    ]);
    expect(queryClient.getQueryData<Event>(eventKeys.detail(1))!.isRequest).toBe(true);

    markOrganiserRequested(queryClient, 31, false);
    expect(listed(queryClient, UPCOMING).some((e) => e.isRequest)).toBe(false);
  });

  it('marks every cached event stale when a block settles either way, only the comment threads on a mute, nothing on a follow', () => {
    const queryClient = cacheWith();
    queryClient.setQueryData(eventKeys.comments(1), { pages: [], pageParams: [] });
    const rel = { userId: 7, isFollowing: false, isRequested: false, isFollowedBy: false, isBlocked: false, isMuted: false };
    const stale = () => queryClient.getQueryCache().findAll({ queryKey: eventKeys.all }).filter((q) => q.state.isInvalidated).length;
    refetchEventsOnBlock(queryClient, { ...rel, isFollowing: true }, rel);
    expect(stale()).toBe(0);
    refetchEventsOnBlock(queryClient, { ...rel, isMuted: true }, rel);
    expect(queryClient.getQueryCache().find({ queryKey: eventKeys.comments(1) })!.state.isInvalidated).toBe(true);
    expect(stale()).toBe(1);
    refetchEventsOnBlock(queryClient, { ...rel, isBlocked: true }, rel);
    expect(stale()).toBe(4);
  });
});
