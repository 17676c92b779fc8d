import { Link } from '@tanstack/react-router';
import type { LinkedActivity } from '#contract/linked-activity';
import { sportName } from '#contract/sports';
import { formatDuration } from '../../../lib/duration-format';
import { formatDistance, formatElevation, useUnits } from '../../../lib/units';

/** The server draws an activity's map picture at 640 × 360; the card keeps that shape before it arrives. */
export const ACTIVITY_MAP_WIDTH = 640;
export const ACTIVITY_MAP_HEIGHT = 360;


/**
 * The activity a post links to (spec §3 Feed.activityId): its map as the viewer may see it (trimmed at the owner's
 * privacy zones), title, sport, and distance, moving time and climb in the member's units, linking to the activity.
 * Heights here are read by feed-card-estimate.ts.
 */
export function LinkedActivityCard({ activity }: { activity: LinkedActivity }) {
  const units = useUnits();
  const params = { activityId: String(activity.id) };
  const figures = [
    ['Distance', formatDistance(activity.distance, units)],
    ['Moving time', formatDuration(activity.movingTime)],
    ['Climb', activity.elevationGain === null ? '—' : formatElevation(activity.elevationGain, units)],
  ] as const;
  return (
    <div className="mx-4 overflow-hidden rounded-xl border border-line">
      {activity.mapImage && (
        // The title below is the link for keyboards and screen readers; the picture is a larger target for a pointer.
        <Link to="/activities/$activityId" params={params} tabIndex={-1} aria-hidden="true" className="block">
          <img
            src={activity.mapImage}
            alt=""
            width={ACTIVITY_MAP_WIDTH}
            height={ACTIVITY_MAP_HEIGHT}
            loading="lazy"
            decoding="async"
            className="block aspect-[640/360] h-auto w-full bg-surface-2 object-cover dark:brightness-75"
          />
        </Link>
      )}
      <div className="flex flex-col gap-2 p-3">
        <div className="flex min-w-0 flex-col">
          <Link to="/activities/$activityId" params={params} className="truncate font-semibold hover:underline">
            {activity.title}
          </Link>
          <span className="text-sm text-muted">{sportName(activity.sportId)}</span>
        </div>
        <dl className="grid grid-cols-3 gap-2">
          {figures.map(([term, value]) => (
            <div key={term} className="flex min-w-0 flex-col">
              <dt className="truncate text-xs text-muted">{term}</dt>
              <dd className="truncate font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
