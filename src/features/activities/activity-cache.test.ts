import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Activity, ActivityDetail, ActivityList } from '#contract/activities';
import { activityKeys, type ActivityPages } from './api';
import { removeActivity, replaceActivityDetail, setActivityCommentCount, setActivityLikes } from './activity-cache';
import { activityDetailFixture } from './detail-test-helpers';
import { activityFixture } from './test-helpers';

const pageOf = (list: Activity[]): ActivityList => ({ list, current_page: 1, last_page: 1, per_page: 20, total: list.length, next_cursor: null });
const pagesOf = (...lists: Activity[][]): ActivityPages => ({ pages: lists.map(pageOf), pageParams: lists.map((_, i) => ({ page: i + 1 })) });

const MINE = activityKeys.list({});
const RIDES = activityKeys.list({ sportId: 53 });

function cacheWith() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(MINE, pagesOf([activityFixture({ id: 3 }), activityFixture({ id: 2 })], [activityFixture({ id: 1 })]));
  queryClient.setQueryData(RIDES, pagesOf([activityFixture({ id: 9 })]));
  queryClient.setQueryData(activityKeys.detail(2), activityDetailFixture({ id: 2 }));
  return queryClient;
}

const listed = (queryClient: QueryClient, key: readonly unknown[]) => queryClient.getQueryData<ActivityPages>(key)!.pages.flatMap((p) => p.list);
const inMine = (queryClient: QueryClient, id: number) => listed(queryClient, MINE).find((a) => a.id === id);

describe('activity cache', () => {
  it('sets kudos and the comment count on the detail and in every list page that holds the activity', () => {
    const queryClient = cacheWith();
    const ridesBefore = queryClient.getQueryData(RIDES);
    setActivityLikes(queryClient, 2, { total: 2, mine: 'U+2764', byCode: [{ likeUniCode: 'U+2764', count: 2 }] });
    setActivityCommentCount(queryClient, 1, 14);
    expect(inMine(queryClient, 2)!.likes.total).toBe(2);
    expect(queryClient.getQueryData<ActivityDetail>(activityKeys.detail(2))!.likes.mine).toBe('U+2764');
    expect(inMine(queryClient, 1)!.commentCount).toBe(14);
    expect(inMine(queryClient, 3)!.likes.total).toBe(0);
    // A list without the activity is the same object: nothing showing it re-renders.
    expect(queryClient.getQueryData(RIDES)).toBe(ridesBefore);
  });

  it('shows an edit on the page at once and marks the lists stale', () => {
    const queryClient = cacheWith();
    replaceActivityDetail(queryClient, activityDetailFixture({ id: 2, title: 'Renamed ride' }));
    expect(queryClient.getQueryData<ActivityDetail>(activityKeys.detail(2))!.title).toBe('Renamed ride');
    expect(queryClient.getQueryState(MINE)!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(RIDES)!.isInvalidated).toBe(true);
  });

  it('takes a deleted activity out of every list (and its total), drops its detail, track and thread, and asks the totals again', () => {
    const queryClient = cacheWith();
    queryClient.setQueryData(activityKeys.track(2), { activityId: 2 });
    queryClient.setQueryData(activityKeys.comments(2), { pages: [] });
    queryClient.setQueryData(activityKeys.summary({}, 'week'), {});
    removeActivity(queryClient, 2);
    expect(listed(queryClient, MINE).map((a) => a.id)).toEqual([3, 1]);
    expect(queryClient.getQueryData<ActivityPages>(MINE)!.pages[0]!.total).toBe(1);
    expect(queryClient.getQueryData(activityKeys.detail(2))).toBeUndefined();
    expect(queryClient.getQueryData(activityKeys.track(2))).toBeUndefined();
    expect(queryClient.getQueryData(activityKeys.comments(2))).toBeUndefined();
    expect(queryClient.getQueryState(activityKeys.summary({}, 'week'))!.isInvalidated).toBe(true);
  });
});
