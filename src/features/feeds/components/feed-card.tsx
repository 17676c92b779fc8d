import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { useId } from 'react';
import type { Feed } from '#contract/feeds';
import { Avatar } from '../../../components/avatar';
import { Icon } from '../../../components/icons';
import { useSession } from '../../auth/session-context';
import { fullDateTime, relativeTime } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import { formatCount } from '../../../lib/format-count';
import { feedReactions } from '../feed-reactions';
import { displayName } from '../../../lib/display-name';
import { LinkedActivityCard } from './linked-activity-card';
import { LinkedGearCard } from './linked-gear-card';
import { PhotoGrid } from '../../../components/photo-grid';
import { PostMenu } from './post-menu';
import { ReactionBar } from '../../reactions/components/reaction-bar';
import { RichText } from '../../../components/rich-text';

const mentionedIn = (text: string, handleName: string) => text.toLowerCase().includes(`@${handleName.toLowerCase()}`);

/** Longer text is cut to a few lines in a list, with a link to the whole post. */
const CLAMP_FROM_CHARS = 320;

type Props = {
  feed: Feed;
  /** In a list the text is clamped; on the post's own page it is whole. */
  variant?: 'list' | 'detail';
  /** The post's own page leaves for the feed before a deleted post disappears from under it. */
  onDeleted?: () => Promise<unknown>;
  /** Position in the list, for the ARIA feed pattern (`aria-posinset` / `aria-setsize`). */
  position?: { index: number; setSize: number };
};

/**
 * One post: author (to their profile), time (to the post's page), draft mark, title, text with live hashtag and
 * mention links, photos, the linked activity, the piece of gear it is about, place, reactions and the comment count.
 * The author's menu edits or deletes it.
 */
export function FeedCard({ feed, variant = 'list', onDeleted, position }: Props) {
  const { user } = useSession();
  const now = useNow();
  const headingId = useId();
  const author = displayName(feed.author);
  const isMine = user?.userId === feed.author.userId;
  const shownAt = feed.publishedAt ?? feed.createdAt;
  // Members tagged beside the text; those @mentioned in it are links there already.
  const tagged = feed.tagUser.filter((m) => !mentionedIn(`${feed.title} ${feed.description}`, m.handleName));
  const clamped = variant === 'list' && feed.description.length > CLAMP_FROM_CHARS;

  return (
    <article
      aria-labelledby={headingId}
      aria-posinset={position ? position.index + 1 : undefined}
      aria-setsize={position?.setSize}
      className="flex flex-col gap-3 border-line bg-surface pt-4 pb-1 sm:rounded-2xl sm:border"
    >
      <header className="flex items-start gap-3 px-4">
        <Link to="/profile/$username" params={{ username: feed.author.handleName }} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Avatar src={feed.author.profileImage} name={author} />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col">
          <span id={headingId} className="flex min-w-0 flex-wrap items-center gap-x-2">
            <Link to="/profile/$username" params={{ username: feed.author.handleName }} className="truncate font-semibold hover:underline">
              {author}
            </Link>
            {feed.isDraft && <span className="rounded-full bg-surface-3 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-fg">Draft</span>}
          </span>
          <span className="flex min-w-0 items-center gap-1 text-sm text-muted">
            <span className="truncate">@{feed.author.handleName}</span>
            <span aria-hidden="true">·</span>
            <Link to="/feeds/$feedId" params={{ feedId: String(feed.id) }} className="shrink-0 hover:underline">
              <time dateTime={shownAt} title={fullDateTime(shownAt)}>
                {feed.isDraft ? `saved ${relativeTime(feed.updatedAt, now)}` : relativeTime(shownAt, now)}
              </time>
            </Link>
          </span>
        </div>
        <div className="-mt-1.5 -mr-2">
          <PostMenu feedId={feed.id} isMine={isMine} author={feed.author} onDeleted={onDeleted} />
        </div>
      </header>

      {(feed.title || feed.description) && (
        <div className="flex flex-col gap-1 px-4">
          {feed.title && <h2 className="text-lg leading-snug font-bold break-words">{feed.title}</h2>}
          {feed.description && (
            <RichText
              text={feed.description}
              mentions={feed.tagUser}
              className={clsx('break-words whitespace-pre-line', clamped && 'line-clamp-6')}
            />
          )}
          {clamped && (
            <Link to="/feeds/$feedId" params={{ feedId: String(feed.id) }} className="w-fit text-sm font-semibold text-brand hover:underline">
              Read more<span className="sr-only"> of {author}’s post</span>
            </Link>
          )}
        </div>
      )}

      {feed.images.length > 0 && (
        <div className="sm:px-4">
          <PhotoGrid images={feed.images} title={feed.title || `${author}’s post`} />
        </div>
      )}

      {feed.activity && <LinkedActivityCard activity={feed.activity} />}

      {feed.gear && <LinkedGearCard gear={feed.gear} />}

      {(feed.location || tagged.length > 0) && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 text-sm text-muted">
          {feed.location && (
            <span className="flex min-w-0 items-center gap-1">
              <Icon name="pin" className="size-4 shrink-0" />
              <span className="truncate">{feed.location}</span>
            </span>
          )}
          {tagged.length > 0 && (
            <span className="min-w-0">
              with{' '}
              {tagged.map((m, i) => (
                <span key={m.userId}>
                  {i > 0 && ', '}
                  <Link to="/profile/$username" params={{ username: m.handleName }} className="font-medium text-fg hover:underline">
                    {displayName(m)}
                  </Link>
                </span>
              ))}
            </span>
          )}
        </div>
      )}

      <footer className="flex items-center justify-between gap-2 border-t border-line px-2 pt-1 sm:px-3">
        <ReactionBar adapter={feedReactions} subject={feed} />
        <Link
          to="/feeds/$feedId"
          params={{ feedId: String(feed.id) }}
          hash="comments"
          aria-label={`${formatCount(feed.commentCount)} ${feed.commentCount === 1 ? 'comment' : 'comments'}`}
          className="flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm text-muted hover:bg-surface-2 hover:text-fg"
        >
          <Icon name="comment" className="size-5" strokeWidth="2" />
          <span className="tabular-nums">{formatCount(feed.commentCount)}</span>
        </Link>
      </footer>
    </article>
  );
}
