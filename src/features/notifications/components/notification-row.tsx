import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import type { Notification, NotificationActor } from '#contract/notifications';
import { Avatar } from '../../../components/avatar';
import { displayName } from '../../../lib/display-name';
import { fullDateTime, relativeTime } from '../../../lib/relative-time';
import { subjectLink } from '../subject-link';

/**
 * One row: who (the latest actor, with up to two more avatars stacked behind when repeats are gathered), what ("Maya
 * Ridge and 3 others reacted to your post."), what it is about (a comment's first words, the post's title, and the
 * post's photo on the right), when, and whether it is new (a dot, bold text, and "Unread" for screen readers). The
 * whole row opens its subject, which marks it read with every notification it stands for.
 */
export function NotificationRow({ notification: n, now, onOpen }: { notification: Notification; now: Date; onOpen: (n: Notification) => void }) {
  const link = subjectLink(n);
  const unread = !n.isRead;
  const quoted = n.subjectType === 'comment' || n.subjectType === 'event_comment';
  const body = (
    <>
      <Avatars notification={n} />
      <span className="min-w-0 flex-1">
        <span className={clsx('block break-words', unread ? 'font-semibold' : 'text-fg')}>
          {unread && <span className="sr-only">Unread:</span>}
          {unread && ' '}
          {n.message}
        </span>{' '}
        {n.excerpt && (
          <>
            <span className="mt-0.5 line-clamp-2 block break-words text-sm text-muted">{quoted ? `“${n.excerpt}”` : n.excerpt}</span>{' '}
          </>
        )}
        <time dateTime={n.createdAt} title={fullDateTime(n.createdAt)} className={clsx('mt-0.5 block text-sm', unread ? 'font-medium text-brand-strong' : 'text-muted')}>
          {relativeTime(n.createdAt, now)}
        </time>
      </span>
      {n.thumbnail && <img src={n.thumbnail} alt="" loading="lazy" className="size-12 shrink-0 rounded-lg bg-surface-3 object-cover" />}
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

// The latest in front.
const STACK_ORDER = ['z-30', 'z-20', 'z-10'];

/** The actor's picture; for gathered repeats, the latest actors' (up to 3) stacked, the latest in front. */
function Avatars({ notification: n }: { notification: Notification }) {
  const nameOf = (a: NotificationActor | null) => (a ? displayName(a) : 'Switchback');
  if (n.actors.length < 2) return <Avatar src={n.actor?.profileImage} name={nameOf(n.actor)} />;
  return (
    <span className="flex shrink-0 -space-x-5 pt-1" aria-hidden="true">
      {n.actors.map((a, i) => (
        <span key={a.userId} className={clsx('relative rounded-full ring-2 ring-surface', STACK_ORDER[i])}>
          <Avatar src={a.profileImage} name={nameOf(a)} size="sm" />
        </span>
      ))}
    </span>
  );
}
