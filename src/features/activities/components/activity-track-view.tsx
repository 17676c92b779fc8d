import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ActivityDetail } from '#contract/activities';
import { LoadError } from '../../../components/load-error';
import { activityTrackQuery } from '../api';
import { ActivityCharts } from './activity-charts';
import { ActivityMap } from './activity-map';

/**
 * The map and the charts of an activity with a track, sharing one index: the point under a chart's cursor is where
 * the map's marker stands. Until the track arrives, the map's box holds its place.
 */
export function ActivityTrackView({ activity }: { activity: ActivityDetail }) {
  const headingId = useId();
  // A failure is shown in the map's place, with a retry: no toast on top.
  const track = useQuery({ ...activityTrackQuery(activity.id), meta: { silent: true } });
  const [hovered, setHovered] = useState<number | null>(null);

  return (
    <>
      <section aria-labelledby={headingId} className="flex flex-col gap-3 border-line bg-surface p-4 sm:rounded-2xl sm:border">
        <h2 id={headingId} className="text-lg font-bold">
          Map
        </h2>
        {track.isError ? (
          <LoadError what="The track" error={track.error} onRetry={() => void track.refetch()} />
        ) : track.data ? (
          <ActivityMap activity={activity} track={track.data} hovered={hovered} />
        ) : (
          <div role="status" className="h-72 w-full animate-pulse rounded-xl bg-surface-2 sm:h-96">
            <span className="sr-only">Loading the track</span>
          </div>
        )}
      </section>
      {track.data && <ActivityCharts track={track.data} series={activity.series} sportId={activity.sportId} onHover={setHovered} />}
    </>
  );
}
