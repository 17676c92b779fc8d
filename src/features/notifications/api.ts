import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  followRequestSummary,
  notificationBadge,
  notificationList,
  notificationSettings,
  type Notification,
  type NotificationBadge,
  type NotificationKind,
  type NotificationList,
  type NotificationSetting,
  type NotificationSettings,
} from '#contract/notifications';
import { api } from '../../lib/api-client';
import { getNextPageParam, initialPageParam, pageSearchParams, type Pages } from '../../lib/paging';
import { sendAsMutation, useOptimisticToggle } from '../../lib/optimistic-toggle';
import { groupedSentence } from './format';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  badge: () => [...notificationKeys.all, 'badge'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
  markRead: () => [...notificationKeys.all, 'mark-read'] as const,
  saveSetting: () => [...notificationKeys.all, 'save-setting'] as const,
};

/** The counts on the navigation (`GET /api/notifications/badge`), kept current by the live socket. */
export const notificationBadgeQuery = queryOptions({
  queryKey: notificationKeys.badge(),
  queryFn: ({ signal }) => api.get(notificationBadge, 'notifications/badge', { signal }).then((r) => r.data),
  // A badge that cannot load shows nothing; a toast on every page for it would be noise. A 401 still signs out.
  meta: { silent: true },
});

/** The follow-requests summary (count and newest requesters) at the top of the notifications screen. */
export const requestsSummaryKey = [...notificationKeys.all, 'requests-summary'] as const;

/** `GET /api/notificationRequestFollowList`: how many follow requests wait, and the newest requesters. */
export const requestsSummaryQuery = queryOptions({
  queryKey: requestsSummaryKey,
  queryFn: ({ signal }) => api.get(followRequestSummary, 'notificationRequestFollowList', { signal }).then((r) => r.data),
  // The row that shows it stays away on failure; a toast for it would be noise.
  meta: { silent: true },
});

/** The browser's zone: the server gathers read repeats by the member's days, as the page's day headings count them. */
const memberTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** `GET /api/notifications`: newest first, 20 rows a page, repeats gathered. The page shows its own failure, so no toast. */
export const notificationListQuery = infiniteQueryOptions({
  queryKey: notificationKeys.list(),
  queryFn: ({ pageParam, signal }) =>
    api
      .get(notificationList, 'notifications', { searchParams: { ...pageSearchParams(pageParam), timeZone: memberTimeZone() }, signal })
      .then((r) => r.data),
  initialPageParam,
  getNextPageParam,
  meta: { silent: true },
});

export type NotificationPages = Pages<NotificationList>;

/** `GET /api/notification-setting`: every kind, on or off per channel. */
export const notificationSettingsQuery = queryOptions({
  queryKey: notificationKeys.settings(),
  queryFn: ({ signal }) => api.get(notificationSettings, 'notification-setting', { signal }).then((r) => r.data),
  meta: { silent: true },
});

/** Applies `patch` to every cached notification (all loaded pages). */
export function patchCachedNotifications(queryClient: QueryClient, patch: (n: Notification) => Notification) {
  queryClient.setQueryData<NotificationPages>(notificationKeys.list(), (data) =>
    data && { ...data, pages: data.pages.map((page) => ({ ...page, list: page.list.map(patch) })) },
  );
}

/**
 * Puts a just-written notification at the top of the cached list (newest first). When it repeats an unread row
 * (same `groupKey`), it joins that row instead: the row moves to the top, led by the new actor, counting one more.
 * Answers false when the row's members cannot be counted from the cache (more than its avatars show, none of them the
 * new actor), so the caller asks the server for the list again.
 */
export function mergeNotification(queryClient: QueryClient, notification: Notification): boolean {
  let exact = true;
  queryClient.setQueryData<NotificationPages>(notificationKeys.list(), (data) => {
    const [first] = data?.pages ?? [];
    if (!data || !first || data.pages.some((p) => p.list.some((n) => n.id === notification.id))) return data;
    const repeated = data.pages.flatMap((p) => p.list).find((n) => !n.isRead && n.groupKey === notification.groupKey);
    const joined = repeated ? joinRow(repeated, notification) : { row: notification, exact: true };
    exact = joined.exact;
    const pages = data.pages.map((page, i) => {
      const list = repeated ? page.list.filter((n) => n !== repeated) : page.list;
      return i === 0 ? { ...page, list: [joined.row, ...list], total: page.total + (repeated ? 0 : 1) } : { ...page, list };
    });
    return { ...data, pages };
  });
  return exact;
}

/** `row` with `latest` joined to it, and whether its count of other members is known exactly. */
function joinRow(row: Notification, latest: Notification) {
  const lead = latest.actor;
  const members = row.otherActorCount + (row.actor ? 1 : 0);
  const known = !lead || row.actors.some((a) => a.userId === lead.userId);
  const otherActorCount = members + (known ? 0 : 1) - (lead ? 1 : 0);
  const joined: Notification = {
    ...latest,
    message: lead && latest.action && otherActorCount > 0 ? groupedSentence(lead, otherActorCount, latest.action) : latest.message,
    actors: lead ? [lead, ...row.actors.filter((a) => a.userId !== lead.userId)].slice(0, 3) : row.actors,
    otherActorCount,
    groupedCount: row.groupedCount + latest.groupedCount,
    thumbnail: latest.thumbnail ?? row.thumbnail,
    excerpt: latest.excerpt ?? row.excerpt,
  };
  return { row: joined, exact: known || members <= row.actors.length };
}

function cachedNotification(queryClient: QueryClient, id: number) {
  return queryClient.getQueryData<NotificationPages>(notificationKeys.list())?.pages.flatMap((p) => p.list).find((n) => n.id === id);
}

/**
 * `POST /api/notifications/read`: one row (its id; the server reads every notification it stands for) or every one
 * (no id). The row and the badge change at once; the server's answer is the badge as it now stands; a failure puts
 * both back.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: notificationKeys.markRead(),
    mutationFn: (notificationId: number | undefined) =>
      api.post(notificationBadge, 'notifications/read', notificationId === undefined ? {} : { notificationId }).then((r) => r.data),
    onMutate: async (notificationId) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: notificationKeys.list() }),
        queryClient.cancelQueries({ queryKey: notificationKeys.badge() }),
      ]);
      const previous = {
        list: queryClient.getQueryData<NotificationPages>(notificationKeys.list()),
        badge: queryClient.getQueryData<NotificationBadge>(notificationKeys.badge()),
      };
      const row = notificationId === undefined ? undefined : cachedNotification(queryClient, notificationId);
      const wasUnread = notificationId === undefined || row?.isRead === false;
      patchCachedNotifications(queryClient, (n) => (notificationId === undefined || n.id === notificationId ? { ...n, isRead: true } : n));
      if (wasUnread) {
        // A row stands for `groupedCount` notifications, and the server reads them all.
        queryClient.setQueryData<NotificationBadge>(notificationKeys.badge(), (b) =>
          b && { ...b, unreadCount: notificationId === undefined ? 0 : Math.max(0, b.unreadCount - (row?.groupedCount ?? 1)) },
        );
      }
      return previous;
    },
    onError: (_error, _id, previous) => {
      if (!previous) return;
      queryClient.setQueryData(notificationKeys.list(), previous.list);
      queryClient.setQueryData(notificationKeys.badge(), previous.badge);
    },
    onSuccess: (badge) => queryClient.setQueryData(notificationKeys.badge(), badge),
  });
}

/** One kind's two channels: what a settings row shows and saves. */
export type Channels = Pick<NotificationSetting, 'inApp' | 'email'>;

/**
 * The settings switches, on the app's one optimistic toggle (per kind: rapid clicks on a row queue, a refusal
 * restores what the server has, the failure toast is the mutation cache's). `POST /api/notification-setting` takes
 * the changed row and answers every kind; only the row asked about is read from it, since other rows may have clicks
 * of their own on the way.
 */
export function useNotificationSettingToggle() {
  return useOptimisticToggle<Channels>('notification-setting', (queryClient) => ({
    apply: (kind, channels) =>
      queryClient.setQueryData<NotificationSettings>(notificationKeys.settings(), (data) =>
        data && { settings: data.settings.map((s) => (s.kind === kind ? { ...s, ...channels } : s)) },
      ),
    send: async (kind, wish) => {
      const setting = { kind: kind as NotificationKind, ...wish };
      const { data } = await sendAsMutation(queryClient, notificationKeys.saveSetting(), () =>
        api.post(notificationSettings, 'notification-setting', { settings: [setting] }),
      );
      const saved = data.settings.find((s) => s.kind === kind);
      return saved ? { inApp: saved.inApp, email: saved.email } : wish;
    },
    same: (a, b) => a.inApp === b.inApp && a.email === b.email,
  }));
}
