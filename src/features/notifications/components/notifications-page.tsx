import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useMemo, type ReactNode } from 'react';
import type { Notification } from '#contract/notifications';
import { Icon } from '../../../components/icons';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import { notificationBadgeQuery, notificationListQuery, useMarkRead } from '../api';
import { groupByDay } from '../format';
import { useNow } from '../../../lib/use-now';
import { FollowRequestsRow } from './follow-requests-row';
import { NotificationRow } from './notification-row';
import { LoadError } from '../../../components/load-error';
import { LoadMore } from '../../../components/load-more';

const ALL_READ = 'All notifications are marked as read.';

/**
 * `/notifications`: newest first, one list under day headings, 20 rows at a time (repeats gathered into one row); new
 * ones arrive over the live socket while it is open and join their row. Above them the follow requests waiting, then
 * `children`: what other areas have waiting for an answer (the invitations to co-host, given by the route).
 */
export function NotificationsPage({ children }: { children?: ReactNode }) {
  const list = useInfiniteQuery(notificationListQuery);
  const { data: badge } = useQuery(notificationBadgeQuery);
  const markRead = useMarkRead();
  const now = useNow();
  const notifications = useMemo(() => list.data?.pages.flatMap((p) => p.list) ?? [], [list.data]);
  const groups = useMemo(() => groupByDay(notifications, now), [notifications, now]);
  const hasUnread = (badge?.unreadCount ?? 0) > 0 || notifications.some((n) => !n.isRead);

  const open = (n: Notification) => {
    if (!n.isRead) markRead.mutate(n.id);
  };
  const markAll = () => markRead.mutate(undefined, { onSuccess: () => toast.success(ALL_READ) });

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 className="text-2xl font-bold">Notifications</h1>
        <div className="flex items-center gap-1">
          <Button variant="ghost" onClick={markAll} disabled={!hasUnread} busy={markRead.isPending && markRead.variables === undefined}>
            Mark all as read
          </Button>
          <Link to="/notifications/settings" className={buttonClass('ghost')}>
            <Icon name="sliders" className="size-5" />
            Settings
          </Link>
        </div>
      </div>

      <FollowRequestsRow />
      {children}

      {list.isPending ? (
        <div className="flex justify-center py-12 text-brand">
          <Spinner size="lg" label="Loading notifications" />
        </div>
      ) : list.isError && notifications.length === 0 ? (
        <LoadError what="Your notifications" error={list.error} onRetry={() => void list.refetch()} />
      ) : notifications.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line p-10 text-center">
          <Icon name="notifications" className="size-10 text-muted" />
          <p className="font-semibold">No notifications yet.</p>
          <p className="max-w-sm text-muted">When someone follows you or asks to, you&apos;ll see it here.</p>
        </div>
      ) : (
        <>
          {/* One list, its days as headings inside it. */}
          <div className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface p-1 sm:p-2">
            {groups.map((group) => (
              <DayGroup key={group.label} label={group.label}>
                {group.items.map((n) => (
                  <NotificationRow key={n.id} notification={n} now={now} onOpen={open} />
                ))}
              </DayGroup>
            ))}
          </div>
          <LoadMore
            label="Show older notifications"
            end={(list.data?.pages.length ?? 0) > 1 ? "That's everything." : undefined}
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            failed={list.isFetchNextPageError}
            onMore={() => void list.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}

function DayGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="py-1">
      <h2 id={id} className="px-3 pb-1 pt-2 text-sm font-semibold text-muted">
        {label}
      </h2>
      <ul className="flex flex-col gap-0.5">{children}</ul>
    </section>
  );
}

