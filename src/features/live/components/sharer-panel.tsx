import { useMemo, useState } from 'react';
import type { OwnLiveSession } from '#contract/live';
import { MapView, type LngLat, type MapLine, type MapMarker } from '../../../components/map/map-view';
import { Button } from '../../../components/ui/button';
import { useNow } from '../../../lib/use-now';
import { useAnswerCheck, useSetLiveState } from '../live-mutations';
import { useFollowView } from '../use-follow-view';
import { useLiveSharing } from '../use-live-sharing';
import { FollowSwitch } from './follow-switch';
import { LivePeople, WatchingNow } from './live-people';
import { LiveStats } from './live-stats';
import { StopDialog, type ActivitySaved, type VisibilityWords } from './stop-dialog';

/**
 * The sharer's own session: the whole track with where they are now, its figures ticking, who is watching and who
 * may, pause and stop, and "Are you OK?" when the server asks. While it is open the device shares its position.
 */
export function SharerPanel({ own, visibilityWords, onActivitySaved }: { own: OwnLiveSession; visibilityWords: VisibilityWords; onActivitySaved: ActivitySaved }) {
  const now = useNow(1000);
  const sharing = useLiveSharing(own.id, own.status);
  const state = useSetLiveState();
  const [stopping, setStopping] = useState(false);

  // What the server holds, then what this screen read and the server has not sent back yet.
  const track = useMemo<LngLat[][]>(() => {
    const fresh = sharing.recent.filter((p) => p.t > (own.storedUntil ?? 0)).map((p): LngLat => [p.lng, p.lat]);
    if (fresh.length === 0) return own.track;
    const last = own.track.at(-1);
    return last ? [...own.track.slice(0, -1), [...last, ...fresh]] : [fresh];
  }, [own.track, own.storedUntil, sharing.recent]);
  const newest = track.at(-1)?.at(-1) ?? own.position;
  const lines = useMemo<MapLine[]>(() => [{ id: 'own', pieces: track, look: 'route' }], [track]);
  const markers = useMemo<MapMarker[]>(() => (newest ? [{ id: 'me', position: newest, label: 'You are here', kind: 'point' }] : []), [newest]);
  const { follow, toggleFollow, fitTo } = useFollowView(track, newest);
  const lastAt = sharing.recent.at(-1) ? new Date(sharing.recent.at(-1)!.t).toISOString() : own.lastAt;

  return (
    <section aria-labelledby="live-own" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="live-own" className="text-xl font-bold">
          {own.status === 'paused' ? 'You are sharing (paused)' : 'You are live'}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" busy={state.isPending} onClick={() => state.mutate({ liveId: own.id, status: own.status === 'paused' ? 'live' : 'paused' })}>
            {own.status === 'paused' ? 'Resume' : 'Pause'}
          </Button>
          <Button variant="danger" aria-haspopup="dialog" onClick={() => setStopping(true)}>
            Stop
          </Button>
        </div>
      </div>
      {own.checkSentAt && <CheckBanner liveId={own.id} />}
      {sharing.problem && (
        <p role="alert" className="rounded-lg border border-danger p-3 text-sm text-danger">
          {sharing.problem}
        </p>
      )}
      <LiveStats status={own.status} startedAt={own.startedAt} distanceM={own.ownDistanceM} lastAt={lastAt} now={now} />
      {sharing.pending > 0 && <p className="text-xs text-muted">{sharing.pending === 1 ? '1 position waits to be sent.' : `${sharing.pending} positions wait to be sent.`}</p>}
      <FollowSwitch on={follow} onToggle={toggleFollow} />
      <MapView ariaLabel="Map of your live track" className="h-72 w-full overflow-hidden rounded-xl sm:h-96" fitTo={fitTo} lines={lines} markers={markers} />
      <WatchingNow watching={own.watching} />
      <LivePeople own={own} />
      {stopping && (
        <StopDialog
          liveId={own.id}
          visibilityWords={visibilityWords}
          onActivitySaved={onActivitySaved}
          beforeStop={sharing.sendRest}
          onStopped={() => {
            setStopping(false);
            sharing.forget();
          }}
          onClose={() => setStopping(false)}
        />
      )}
    </section>
  );
}

/** "Are you OK?": the server noticed silence or a late return; the answer keeps the safety contacts from being alerted. */
function CheckBanner({ liveId }: { liveId: number }) {
  const ok = useAnswerCheck();
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border-2 border-danger bg-surface p-4">
      <p className="font-semibold">Are you OK? Tap to extend, or your safety contacts will be alerted.</p>
      <Button size="lg" busy={ok.isPending} onClick={() => ok.mutate({ liveId })}>
        I’m OK
      </Button>
    </div>
  );
}
