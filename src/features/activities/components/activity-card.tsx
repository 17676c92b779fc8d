import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { Activity } from '#contract/activities';
import { sportName } from '#contract/sports';
import { Icon } from '../../../components/icons';
import { formatDuration } from '../../../lib/duration-format';
import { formatCount } from '../../../lib/format-count';
import { formatDistance, formatElevation, useUnits } from '../../../lib/units';
import { formatActivityStart } from '../activity-start';
import { HIDDEN_PARTS_OTHERS, HIDDEN_PARTS_OWNER, paceOrSpeed, sportIcon } from '../activity-words';

/** The server's thumbnail is 320 × 180 (the route previews' 16:9). */
const THUMB_WIDTH = 320;
const THUMB_HEIGHT = 180;

/**
 * One activity in a log, linking to its page: the route's thumbnail (or the sport's icon when there is no track),
 * title, sport, when it started, distance, moving time, climb and pace or speed in the member's units, kudos and
 * comments, and a mark when part of the track is hidden (`own`: the owner is told others do not see it).
 */
export function ActivityCard({ activity, own }: { activity: Activity; own: boolean }) {
  const headingId = useId();
  const units = useUnits();
  const params = { activityId: String(activity.id) };
  const rate = paceOrSpeed(activity.sportId, activity.averageSpeed, units);
  const sport = sportName(activity.sportId);

  return (
    <article aria-labelledby={headingId} className="flex gap-3 rounded-2xl border border-line bg-surface p-3 sm:gap-4">
      {/* The title is the link for keyboards and screen readers; the picture is a second way in for a pointer. */}
      <Link to="/activities/$activityId" params={params} tabIndex={-1} aria-hidden="true" className="w-28 shrink-0 self-start sm:w-44">
        {activity.hasTrack && activity.mapThumbnail ? (
          <img
            src={activity.mapThumbnail}
            alt=""
            width={THUMB_WIDTH}
            height={THUMB_HEIGHT}
            loading="lazy"
            decoding="async"
            className="aspect-video w-full rounded-xl border border-line bg-surface-2 object-cover dark:brightness-75"
          />
        ) : (
          <span className="flex aspect-video w-full items-center justify-center rounded-xl bg-surface-2 text-muted">
            <Icon name={sportIcon(activity.sportId)} className="size-10" strokeWidth="1.5" />
          </span>
        )}
      </Link>

      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-col gap-0.5">
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
            <span className="flex items-center gap-1 font-semibold text-fg">
              <Icon name={sportIcon(activity.sportId)} className="size-4" strokeWidth="2" />
              {sport}
            </span>
            <time dateTime={activity.startDate}>{formatActivityStart(activity.startDate, activity.timeZone)}</time>
          </p>
          <h3 id={headingId} className="leading-snug font-bold break-words">
            <Link to="/activities/$activityId" params={params} className="hover:underline">
              {activity.title}
            </Link>
          </h3>
        </div>

        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <Figure term="Distance" value={formatDistance(activity.distance, units)} />
          <Figure term="Moving time" value={formatDuration(activity.movingTime)} />
          {activity.elevationGain !== null && <Figure term="Climb" value={formatElevation(activity.elevationGain, units)} />}
          {rate && <Figure term={rate.term} value={rate.value} />}
        </dl>

        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
          <span className="flex items-center gap-1">
            <Icon name="react" className="size-4" strokeWidth="2" />
            {formatCount(activity.likes.total)} kudos
          </span>
          <span className="flex items-center gap-1">
            <Icon name="comment" className="size-4" strokeWidth="2" />
            {formatCount(activity.commentCount)} {activity.commentCount === 1 ? 'comment' : 'comments'}
          </span>
          {activity.hasHiddenParts && (
            <span className="flex items-center gap-1">
              <Icon name="lock" className="size-4" strokeWidth="2" />
              {own ? HIDDEN_PARTS_OWNER : HIDDEN_PARTS_OTHERS}
            </span>
          )}
        </div>
      </div>
    </article>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted">{term}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
