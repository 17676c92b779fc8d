import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import type { ActivityDetail } from '#contract/activities';
import { sportName } from '#contract/sports';
import { Avatar } from '../../../components/avatar';
import { Icon } from '../../../components/icons';
import { RichText } from '../../../components/rich-text';
import { displayName } from '../../../lib/display-name';
import { formatCount } from '../../../lib/format-count';
import { ReactionBar } from '../../reactions/components/reaction-bar';
import { activityReactions } from '../activity-reactions';
import { formatActivityStart } from '../activity-start';
import { sportIcon } from '../activity-words';
import { VISIBILITY_WORDS } from '../visibility-words';
import { ActivityStats } from './activity-stats';

type Props = {
  activity: ActivityDetail;
  /** The owner's options (top right). */
  menu: ReactNode;
  /** Share and download, under the figures. */
  actions: ReactNode;
};

/**
 * The top of an activity's page: who did it (to their profile), the title, sport, when (on the clock where it
 * happened) and who sees it; the description as the member wrote it; the figures; then the actions, kudos and the
 * comment count.
 */
export function ActivityHeader({ activity, menu, actions }: Props) {
  const headingId = useId();
  const author = activity.author;
  const visibility = VISIBILITY_WORDS[activity.visibility];
  return (
    <article aria-labelledby={headingId} className="flex flex-col border-line bg-surface sm:rounded-2xl sm:border">
      <div className="flex flex-col gap-4 p-4">
        <header className="flex items-start gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <Link to="/profile/$username" params={{ username: author.handleName }} className="flex min-h-11 items-center gap-2 self-start rounded-lg pr-2 hover:bg-surface-2">
              <Avatar src={author.profileImage} name={displayName(author)} size="sm" />
              <span className="font-semibold">{displayName(author)}</span>
            </Link>
            <h1 id={headingId} className="text-2xl leading-tight font-bold break-words">
              {activity.title}
            </h1>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
              <span className="inline-flex items-center gap-1 font-medium text-fg">
                <Icon name={sportIcon(activity.sportId)} className="size-4" strokeWidth="2" />
                {sportName(activity.sportId)}
              </span>
              <span aria-hidden="true">·</span>
              <time dateTime={activity.startDate}>{formatActivityStart(activity.startDate, activity.timeZone)}</time>
              <span aria-hidden="true">·</span>
              <span className="inline-flex items-center gap-1 rounded-full border border-line px-2 py-0.5 text-xs font-medium text-fg">
                {activity.visibility !== 'everyone' && <Icon name={activity.visibility === 'only_me' ? 'lock' : 'members'} className="size-3.5" strokeWidth="2" />}
                <span className="sr-only">Visible to: </span>
                {visibility.label}
              </span>
            </p>
          </div>
          <div className="-mt-1 -mr-2 shrink-0">{menu}</div>
        </header>
        {activity.description && <RichText text={activity.description} mentions={[]} />}
        <ActivityStats activity={activity} />
        {actions}
      </div>
      <footer className="flex items-center justify-between gap-2 border-t border-line px-2 py-1 sm:px-3">
        <ReactionBar adapter={activityReactions} subject={{ id: activity.id, likes: activity.likes, isDraft: false }} />
        <Link
          to="/activities/$activityId"
          params={{ activityId: String(activity.id) }}
          hash="comments"
          aria-label={`${formatCount(activity.commentCount)} ${activity.commentCount === 1 ? 'comment' : 'comments'}`}
          className="flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm text-muted hover:bg-surface-2 hover:text-fg"
        >
          <Icon name="comment" className="size-5" strokeWidth="2" />
          <span className="tabular-nums">{formatCount(activity.commentCount)}</span>
        </Link>
      </footer>
    </article>
  );
}
