import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import type { Notification } from '#contract/notifications';
import { Avatar } from '../../../components/avatar';
import { fullDateTime, relativeTime } from '../../../lib/relative-time';
import { subjectLink } from '../subject-link';

/**
 * One notification: who, what, when, and whether it is new (a dot, bold text, and "Unread" for screen readers).
 * The whole row opens its subject, which marks it read.
 */
export function NotificationRow({ notification: n, now, onOpen }: { notification: Notification; now: Date; onOpen: (n: Notification) => void }) {
  const link = subjectLink(n);
  const unread = !n.isRead;
  const actorName = n.actor ? `${n.actor.firstName} ${n.actor.lastName}`.trim() || n.actor.handleName : 'Switchback';
  const body = (
    <>
      <Avatar src={n.actor?.profileImage} name={actorName} />
      <span className="min-w-0 flex-1">
        <span className={clsx('block break-words', unread ? 'font-semibold' : 'text-fg')}>
          {unread && <span className="sr-only">Unread:</span>}
          {unread && ' '}
          {n.message}
        </span>{' '}
        <time dateTime={n.createdAt} title={fullDateTime(n.createdAt)} className={clsx('mt-0.5 block text-sm', unread ? 'font-medium text-brand-strong' : 'text-muted')}>
          {relativeTime(n.createdAt, now)}
        </time>
      </span>
      <span aria-hidden="true" className={clsx('mt-2 size-2.5 shrink-0 rounded-full', unread ? 'bg-brand' : 'bg-transparent')} />
    </>
  );
  const rowClass = clsx('flex items-start gap-3 rounded-xl px-3 py-3', unread && 'bg-surface-2');
  return (
    <li>
      {link ? (
        <Link {...link} className={clsx(rowClass, 'hover:bg-surface-3')} onClick={() => onOpen(n)}>
          {body}
        </Link>
      ) : (
        <div className={rowClass}>{body}</div>
      )}
    </li>
  );
}
