import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LINK_GONE } from '#contract/live';
import { sportName } from '#contract/sports';
import { MapView, type MapLine, type MapMarker } from '../../../components/map/map-view';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { useNow } from '../../../lib/use-now';
import { sharedLiveQuery } from '../api';
import { lastPoint } from '../live-track';
import { LiveStats } from './live-stats';

/**
 * `/live/$token`: what a safety contact without an account sees from the e-mailed link: the sharer's first name and
 * sport, how they are doing and the map, asked again every 5 s. An expired or turned-off link says so.
 */
export function SharedLivePage({ token }: { token: string }) {
  const shared = useQuery(sharedLiveQuery(token));
  const now = useNow(1000);
  const data = shared.data;
  const track = data?.track;
  const lines = useMemo<MapLine[]>(() => (track ? [{ id: 'track', pieces: track, look: 'route' }] : []), [track]);
  const newest = (track && lastPoint(track)) ?? data?.position ?? null;
  const markers = useMemo<MapMarker[]>(() => (newest && data ? [{ id: 'sharer', position: newest, label: `${data.firstName}, last seen here`, kind: 'point' }] : []), [newest, data]);
  const fitTo = useMemo(() => (newest ? [newest] : undefined), [newest]);

  if (shared.isError) {
    const gone = shared.error instanceof ApiError && (shared.error.status === 404 || shared.error.status === 410);
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
        <h1 className="text-2xl font-bold">{gone ? 'Link unavailable' : 'Could not load'}</h1>
        <p className="text-muted">{gone ? LINK_GONE : shared.error.message}</p>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="flex justify-center p-8">
        <Spinner label="Loading the live map" />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{data.firstName} is sharing their location</h1>
        <p className="text-sm text-muted">{sportName(data.sportId)}</p>
      </header>
      <LiveStats status={data.status} startedAt={data.startedAt} distanceM={data.distanceM} lastAt={data.lastAt} now={now} />
      <MapView ariaLabel={`Map of ${data.firstName}’s live track`} className="h-80 w-full overflow-hidden rounded-xl sm:h-[28rem]" fitTo={fitTo} lines={lines} markers={markers} />
    </div>
  );
}
