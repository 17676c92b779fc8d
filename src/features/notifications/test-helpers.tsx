import { http, HttpResponse } from 'msw';
import type { FollowRequestSummary, Notification, NotificationBadge, NotificationSetting } from '#contract/notifications';
import { NOTIFICATION_KINDS } from '#contract/notifications';
import type { MemberCard } from '#contract/social';
import { fail, ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';

/** Wire fixtures typed by the contract; a notification alone in its row unless `over` gathers it. */
export const aNotification = (over: Partial<Notification> = {}): Notification => {
  const id = over.id ?? 1;
  const actor = over.actor === undefined ? { userId: 21, handleName: 'robinridge', firstName: 'Robin', lastName: 'Ridge', profileImage: null } : over.actor;
  return {
    id,
    kind: 'new_follower',
    message: 'Robin Ridge started following you.',
    actor,
    subjectType: 'profile',
    subjectId: 21,
    parentId: null,
    isRead: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    groupKey: `n${id}`,
    action: null,
    actors: actor ? [actor] : [],
    otherActorCount: 0,
    groupedCount: 1,
    thumbnail: null,
    excerpt: null,
    ...over,
  };
};

export const aBadge = (unreadCount = 0, newFollowerRequestCount = 0): NotificationBadge => ({ unreadCount, newFollowerRequestCount });

export const aMemberCard = (over: Partial<MemberCard> = {}): MemberCard => ({
  userId: 21,
  handleName: 'robinridge',
  firstName: 'Robin',
  lastName: 'Ridge',
  profileImage: null,
  sports: [],
  isPrivate: false,
  isFollowing: false,
  isRequested: false,
  isFollowedBy: true,
  isBlocked: false,
  isMuted: false,
  ...over,
});

/** One page of `GET /api/notifications`; a page before the last carries the cursor of the next. */
export const aPage = (list: Notification[], { page = 1, lastPage = 1, badge = aBadge() } = {}) => ({
  list,
  current_page: page,
  last_page: lastPage,
  per_page: 20,
  total: list.length,
  next_cursor: page < lastPage ? `after-page-${page}` : null,
  ...badge,
});

/** Serves the badge, counting how often it is asked for. */
export function serveBadge(badge: () => NotificationBadge) {
  const asked = { count: 0 };
  server.use(
    http.get('/api/notifications/badge', () => {
      asked.count += 1;
      return HttpResponse.json(ok(badge()));
    }),
  );
  return asked;
}

/**
 * Serves pages of notifications as the server does: the first without a cursor, each later one for the cursor the
 * page before answered (any other cursor is a 400). Keeps every request's search parameters.
 */
export function serveNotifications(pages: ReturnType<typeof aPage>[]) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/notifications', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const cursor = params.get('cursor');
      const before = cursor === null ? -1 : pages.findIndex((p) => p.next_cursor === cursor);
      const page = cursor !== null && before === -1 ? undefined : pages[before + 1];
      return page ? HttpResponse.json(ok(page)) : HttpResponse.json(fail(400, 'Not a cursor this list gave out.'), { status: 400 });
    }),
  );
  return asked;
}

/** Serves the follow-requests summary, counting how often it is asked for. */
export function serveRequestsSummary(summary: () => FollowRequestSummary) {
  const asked = { count: 0 };
  server.use(
    http.get('/api/notificationRequestFollowList', () => {
      asked.count += 1;
      return HttpResponse.json(ok(summary()));
    }),
  );
  return asked;
}

/** Every kind with in-app and e-mail on, with `over` applied. */
export const someSettings = (over: Partial<Record<NotificationSetting['kind'], Partial<NotificationSetting>>> = {}) => ({
  settings: NOTIFICATION_KINDS.map((kind) => ({ kind, inApp: true, email: true, ...over[kind] })),
});

/** A WebSocket the test plays the server of; `FakeSocket.latest()` is the one the app opened last. */
export class FakeSocket {
  static all: FakeSocket[] = [];
  static latest = () => FakeSocket.all.at(-1)!;
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
  }
  serverOpens() {
    this.onopen?.(new Event('open'));
  }
  serverSends(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  serverCloses(code: number) {
    this.onclose?.(new CloseEvent('close', { code }));
  }
}
