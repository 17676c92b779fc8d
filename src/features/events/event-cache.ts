import type { QueryClient } from '@tanstack/react-query';
import { GOING_PREVIEW_MAX, type Event, type EventStatus } from '#contract/events';
import type { FeedLikes } from '#contract/feeds';
import type { MemberSummary, Relationship } from '#contract/social';
import { eventKeys, type EventPages } from './api';

/**
 * Applies `change` to every cached event `matches` picks, in every list page and detail; `null` takes it out of
 * lists. Lists that hold none of them are left as they are (same object), so nothing re-renders for nothing.
 */
function patchWhere(queryClient: QueryClient, matches: (event: Event) => boolean, change: (event: Event) => Event | null): void {
  queryClient.setQueriesData<EventPages>({ queryKey: eventKeys.lists() }, (data) => {
    if (!data?.pages) return data;
    let touched = false;
    const pages = data.pages.map((page) => {
      if (!page.list.some(matches)) return page;
      touched = true;
      const list = page.list.flatMap((e) => {
        if (!matches(e)) return [e];
        const next = change(e);
        return next ? [next] : [];
      });
      return { ...page, list, total: Math.max(0, page.total - (page.list.length - list.length)) };
    });
    return touched ? { ...data, pages } : data;
  });
  for (const [key, event] of queryClient.getQueriesData<Event>({ queryKey: [...eventKeys.all, 'detail'] })) {
    if (event && matches(event)) queryClient.setQueryData<Event>(key, (e) => (e ? (change(e) ?? e) : e));
  }
}

const patchOne = (queryClient: QueryClient, eventId: number, change: (event: Event) => Event | null) =>
  patchWhere(queryClient, (e) => e.id === eventId, change);

/**
 * Writes the server's answer for one event (an edit, a cancel) into every cached list page and its detail, so no
 * screen shows two versions of it. Lists that do not hold the event are left alone (a new event is not guessed
 * into lists: they refresh).
 */
export function replaceEvent(queryClient: QueryClient, event: Event): void {
  patchOne(queryClient, event.id, () => event);
}

/**
 * The viewer's interested / going / waitlist state and the counts, wherever the event is cached: the wish at once,
 * later the server's answer (the status toggles). With `viewer`, the card's avatars of people going follow the
 * viewer in or out, so the count and the faces agree until the list refreshes.
 */
export function setEventStatus(queryClient: QueryClient, status: EventStatus, viewer?: MemberSummary): void {
  patchOne(queryClient, status.challengeId, (e) => ({
    ...e,
    status,
    goingPreview: viewer ? previewWith(e.goingPreview, viewer, status.isGoing) : e.goingPreview,
  }));
}

function previewWith(preview: MemberSummary[], viewer: MemberSummary, going: boolean): MemberSummary[] {
  const without = preview.filter((m) => m.userId !== viewer.userId);
  if (!going) return without.length === preview.length ? preview : without;
  if (without.length !== preview.length) return preview;
  // The preview is the first people to join: the viewer joins at its end, if there is room.
  return preview.length < GOING_PREVIEW_MAX ? [...preview, viewer] : preview;
}

/** The event's reactions: the viewer's wish at once, later the server's answer (the reaction toggle). */
export function setEventLikes(queryClient: QueryClient, eventId: number, likes: FeedLikes): void {
  patchOne(queryClient, eventId, (e) => ({ ...e, likes }));
}

/** The event's comment count as the server answered it after a comment was added or deleted (spec §4). */
export function setEventCommentCount(queryClient: QueryClient, eventId: number, commentCount: number): void {
  patchOne(queryClient, eventId, (e) => ({ ...e, commentCount }));
}

/** A deleted event: gone from every cached list; its detail, comments, people and reactions dropped. */
export function removeEvent(queryClient: QueryClient, eventId: number): void {
  patchOne(queryClient, eventId, () => null);
  for (const part of ['detail', 'comments', 'people', 'likers'] as const) {
    queryClient.removeQueries({ queryKey: [...eventKeys.all, part, eventId] });
  }
}

/**
 * Spec §4: once a follow request to a private organiser is sent, their events in the lists read "Requested" (and
 * stop reading it when the request is withdrawn or answered).
 */
export function markOrganiserRequested(queryClient: QueryClient, organiserId: number, isRequest: boolean): void {
  patchWhere(
    queryClient,
    (e) => e.createdBy.userId === organiserId && e.isRequest !== isRequest,
    (e) => ({ ...e, isRequest }),
  );
}

/**
 * The follow toggle's effect on events (given to it in src/routes/_main/route.tsx): a request to an organiser sent,
 * withdrawn or answered marks their events, or stops marking them.
 */
export function markRequestedOnFollow(queryClient: QueryClient, rel: Relationship, before: Relationship): void {
  if (rel.isRequested !== before.isRequested) markOrganiserRequested(queryClient, rel.userId, rel.isRequested);
}

/**
 * Lists whose rows depend on the viewer's status (Going, Interested) are stale after a toggle; they refresh on their
 * next visit rather than at once, so a row does not vanish under the pointer that just clicked it.
 */
export function markStatusListsStale(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({
    queryKey: eventKeys.lists(),
    refetchType: 'none',
    predicate: (query) => {
      const type = (query.queryKey[2] as { type?: string } | undefined)?.type;
      return type === 'going' || type === 'interested';
    },
  });
}

/**
 * After a block settles either way, the cached events (lists, details, people) may show the member's: asked again.
 * A mute hides only their comments (events stay): the cached comment threads are asked again.
 */
export function refetchEventsOnBlock(queryClient: QueryClient, rel: Relationship, before: Relationship): void {
  if (rel.isBlocked !== before.isBlocked) void queryClient.invalidateQueries({ queryKey: eventKeys.all });
  else if (rel.isMuted !== before.isMuted) void queryClient.invalidateQueries({ queryKey: [...eventKeys.all, 'comments'] });
}
