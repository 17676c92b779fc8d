import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { sportName } from '#contract/sports';
import { Icon } from '../../../components/icons';
import { LoadError } from '../../../components/load-error';
import { buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDuration } from '../../../lib/duration-format';
import { formatDistance, useUnits } from '../../../lib/units';
import { useCan } from '../../auth/use-can';
import { activityListQuery } from '../api';
import { formatActivityStart } from '../activity-start';
import { sportIcon } from '../activity-words';

const SHOWN = 5;

/**
 * The Activities tab of your own profile: your latest few, each a line linking to its page, and the way to the whole
 * log (where files are imported). The first page is the one the log itself loads, so going there is instant.
 */
export function RecentActivities() {
  const units = useUnits();
  const mayRecord = useCan('record_activities');
  const { data, error, isPending, refetch } = useInfiniteQuery({ ...activityListQuery({}), meta: { silent: true } });
  if (isPending) return <Spinner label="Loading your activities" />;
  if (error && !data) return <LoadError what="Your activities" error={error} onRetry={() => void refetch()} />;
  const recent = data.pages[0]?.list.slice(0, SHOWN) ?? [];

  if (recent.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2">
        <p className="font-medium">No activities yet</p>
        {mayRecord && (
          <>
            <p className="text-sm text-muted">Import the files from your watch or a Strava export, or add an activity by hand.</p>
            <Link to="/activities" className={buttonClass('primary', 'mt-2')}>
              Log your first activity
            </Link>
          </>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4 text-left">
      <ul aria-label="Your latest activities" className="flex flex-col divide-y divide-line">
        {recent.map((activity) => (
          <li key={activity.id} className="flex items-center gap-3 py-2.5">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-2 text-brand">
              <Icon name={sportIcon(activity.sportId)} className="size-6" strokeWidth="1.8" />
            </span>
            <span className="flex min-w-0 flex-col">
              <Link to="/activities/$activityId" params={{ activityId: String(activity.id) }} className="truncate font-semibold hover:underline">
                {activity.title}
              </Link>
              <span className="text-xs text-muted">
                {sportName(activity.sportId)} · <time dateTime={activity.startDate}>{formatActivityStart(activity.startDate, activity.timeZone)}</time> ·{' '}
                {formatDistance(activity.distance, units)} · {formatDuration(activity.movingTime)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <Link to="/activities" className={buttonClass('secondary', 'self-center')}>
        See all your activities
      </Link>
    </div>
  );
}
