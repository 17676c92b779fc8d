import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { LiveSession } from '#contract/live';
import { sportName } from '#contract/sports';
import { Avatar } from '../../../components/avatar';
import { MapView, type MapLine, type MapMarker } from '../../../components/map/map-view';
import { UnavailableNotice } from '../../../components/unavailable-notice';
import { Spinner } from '../../../components/ui/spinner';
import { buttonClass } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-error';
import { displayName } from '../../../lib/display-name';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { liveSessionQuery } from '../api';
import { lastPoint } from '../live-track';
import { SESSION_GONE } from '../live-words';
import { useFollowView } from '../use-follow-view';
import { useWatchLive } from '../use-watch-live';
import { FollowSwitch } from './follow-switch';
import { LiveStats } from './live-stats';

/**
 * `/activities/live/$liveId`: one session followed live. The track grows and the pin moves as positions arrive; the
 * map keeps the newest in view unless "Follow" is turned off. When it may no longer be watched (ended, revoked, a
 * 404), the map goes and says so.
 */
export function WatchPage({ liveId }: { liveId: number | null }) {
  // An address that names no session at all (`/activities/live/abc`) is as gone as an ended one.
  const session = useQuery({ ...liveSessionQuery(liveId ?? 0), enabled: liveId !== null });
  const [gone, setGone] = useState(liveId === null);
  useWatchLive(gone || liveId === null ? [] : [liveId], () => setGone(true));
  useDocumentTitle(session.data ? `${displayName(session.data.sharer)} live` : undefined);

  if (gone || (session.error instanceof ApiError && session.error.status === 404) || session.data?.status === 'ended') {
    return (
      <UnavailableNotice
        title="Live session unavailable"
        action={
          <Link to="/activities/live" className={buttonClass('primary')}>
            See who is live
          </Link>
        }
      >
        {SESSION_GONE}
      </UnavailableNotice>
    );
  }
  if (session.isError) {
    return (
      <UnavailableNotice
        title="Could not load"
        action={
          <button type="button" className={buttonClass('primary')} onClick={() => void session.refetch()}>
            Try again
          </button>
        }
      >
        {session.error.message}
      </UnavailableNotice>
    );
  }
  if (session.isPending) {
    return (
      <div className="flex justify-center p-8">
        <Spinner label="Loading the live session" />
      </div>
    );
  }
  return <WatchedSession session={session.data} />;
}

function WatchedSession({ session }: { session: LiveSession }) {
  const now = useNow(1000);
  const name = displayName(session.sharer);
  const newest = lastPoint(session.track) ?? session.position;
  const lines = useMemo<MapLine[]>(() => [{ id: 'track', pieces: session.track, look: 'route' }], [session.track]);
  const markers = useMemo<MapMarker[]>(() => (newest ? [{ id: 'sharer', position: newest, label: `${name}, last seen here`, kind: 'point' }] : []), [newest, name]);
  const { follow, toggleFollow, fitTo } = useFollowView(session.track, newest);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 pb-8">
      <header className="flex items-center gap-3">
        <Avatar src={session.sharer.profileImage} name={name} size="lg" />
        <div className="flex min-w-0 flex-col">
          <h1 className="truncate text-2xl font-bold">{name}</h1>
          <p className="text-sm text-muted">{sportName(session.sportId)}, live</p>
        </div>
      </header>
      <LiveStats status={session.status} startedAt={session.startedAt} distanceM={session.distanceM} lastAt={session.lastAt} now={now} />
      <FollowSwitch on={follow} onToggle={toggleFollow} />
      <MapView ariaLabel={`Map of ${name}’s live track`} className="h-80 w-full overflow-hidden rounded-xl sm:h-[28rem]" fitTo={fitTo} lines={lines} markers={markers} />
    </div>
  );
}
