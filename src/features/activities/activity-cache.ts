import type { QueryClient } from '@tanstack/react-query';
import type { Activity, ActivityDetail } from '#contract/activities';
import type { FeedLikes } from '#contract/feeds';
import type { Relationship } from '#contract/social';
import { activityKeys, type ActivityPages } from './api';

/**
 * Applies `change` to the activity `activityId` in every cached list page and its detail; `null` takes it out of the
 * lists. Lists that do not hold it are left as they are (same object), so nothing re-renders for nothing.
 */
function patchActivity(queryClient: QueryClient, activityId: number, change: <T extends Activity>(activity: T) => T | null): void {
  queryClient.setQueriesData<ActivityPages>({ queryKey: activityKeys.lists() }, (data) => {
    if (!data?.pages) return data;
    let touched = false;
    const pages = data.pages.map((page) => {
      if (!page.list.some((a) => a.id === activityId)) return page;
      touched = true;
      const list = page.list.flatMap((a) => {
        if (a.id !== activityId) return [a];
        const next = change(a);
        return next ? [next] : [];
      });
      return { ...page, list, total: Math.max(0, page.total - (page.list.length - list.length)) };
    });
    return touched ? { ...data, pages } : data;
  });
  queryClient.setQueryData<ActivityDetail>(activityKeys.detail(activityId), (a) => (a ? (change(a) ?? a) : a));
}

/** The activity's reactions: the viewer's wish at once, later the server's answer (the reaction toggle). */
export function setActivityLikes(queryClient: QueryClient, activityId: number, likes: FeedLikes): void {
  patchActivity(queryClient, activityId, (a) => ({ ...a, likes }));
}

/** The activity's comment count as the server answered it after a comment was added or deleted. */
export function setActivityCommentCount(queryClient: QueryClient, activityId: number, commentCount: number): void {
  patchActivity(queryClient, activityId, (a) => ({ ...a, commentCount }));
}

/**
 * The owner's edit as the server answered it: the page shows it at once; the lists, the linked-activity item, the
 * summary and the sport counts are asked again, since a new title or sport may move the activity in or out of a
 * filtered list and between a sport's totals.
 */
export function replaceActivityDetail(queryClient: QueryClient, saved: ActivityDetail): void {
  queryClient.setQueryData(activityKeys.detail(saved.id), saved);
  for (const part of ['list', 'summary', 'sports'] as const) void queryClient.invalidateQueries({ queryKey: [...activityKeys.all, part] });
  void queryClient.invalidateQueries({ queryKey: activityKeys.item(saved.id) });
}

/**
 * New activities (added by hand, imported, or saved from a live session): every cached activity query is asked again,
 * since the lists, the summary and the sport counts may all hold them; an import's own progress is not.
 */
export function refetchActivitiesOnAdd(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: activityKeys.all, predicate: (query) => query.queryKey[1] !== 'import' });
}

/**
 * A deleted activity: gone from every cached list; its detail, item, track, comments and likers dropped; the summary and
 * the sport counts asked again, as their totals counted it.
 */
export function removeActivity(queryClient: QueryClient, activityId: number): void {
  patchActivity(queryClient, activityId, () => null);
  for (const part of ['detail', 'item', 'track', 'comments', 'likers'] as const) {
    queryClient.removeQueries({ queryKey: [...activityKeys.all, part, activityId] });
  }
  for (const part of ['summary', 'sports'] as const) {
    void queryClient.invalidateQueries({ queryKey: [...activityKeys.all, part] });
  }
}

/**
 * After a block settles (the social area's toggle), activities cached before it may be the member's: every cached
 * activity query is asked again. A mute leaves them: a muted member's log stays on their profile.
 */
export function refetchActivitiesOnBlock(queryClient: QueryClient, rel: Relationship, before: Relationship): void {
  if (rel.isBlocked !== before.isBlocked) void queryClient.invalidateQueries({ queryKey: activityKeys.all });
}

/** The gear the activity used, as `POST /api/activity/gear` saved it (the gear area's picker). */
export function setActivityGear(queryClient: QueryClient, activityId: number, gear: ActivityDetail['gear']): void {
  queryClient.setQueryData<ActivityDetail>(activityKeys.detail(activityId), (a) => (a ? { ...a, gear } : a));
}
