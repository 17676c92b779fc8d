import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { ActivityDetail, ActivityTrack } from '#contract/activities';
import { MapView, type LngLat, type MapLine, type MapMarker } from '../../../components/map/map-view';
import { HIDDEN_PARTS_OTHERS } from '../activity-words';
import { trackPieces } from '../track-pieces';

type Props = {
  activity: Pick<ActivityDetail, 'title' | 'isOwner' | 'hasHiddenParts'>;
  track: ActivityTrack;
  /** The track index a chart's cursor is on: a marker stands there. */
  hovered: number | null;
};

/**
 * The activity's track on the map, fitted to it, in pieces where the recording broke off or a hidden part was cut
 * out, with its start and finish. The owner also sees, dashed in grey, what others do not (privacy zones, hidden
 * ends) and where to change that; anyone else is told when part of it is hidden. A marker follows the charts' cursor.
 */
export function ActivityMap({ activity, track, hovered }: Props) {
  const pieces = useMemo(() => trackPieces(track), [track]);
  // Stable identities: the map redraws its lines when `lines` changes, and fits again when `fitTo` does.
  const lines = useMemo<MapLine[]>(
    () => [
      { id: 'hidden', pieces: pieces.hidden, look: 'muted' },
      { id: 'shown', pieces: pieces.shown, look: 'route' },
    ],
    [pieces],
  );
  const fitTo = useMemo<LngLat[] | undefined>(() => {
    if (!track.bounds) return undefined;
    const [west, south, east, north] = track.bounds;
    return [
      [west, south],
      [east, north],
    ];
  }, [track.bounds]);
  const ends = useMemo(() => {
    const marks: MapMarker[] = [];
    if (pieces.start) marks.push({ id: 'start', position: pieces.start, label: 'Start', kind: 'start' });
    if (pieces.finish) marks.push({ id: 'finish', position: pieces.finish, label: 'Finish', kind: 'end' });
    return marks;
  }, [pieces]);
  const at = hovered === null ? null : (track.coordinates[hovered] ?? null);
  const markers = useMemo(() => (at ? [...ends, { id: 'cursor', position: at, label: 'The place under the chart’s cursor', kind: 'point' } satisfies MapMarker] : ends), [ends, at]);

  const ownerSeesHidden = activity.isOwner && pieces.hidden.length > 0;
  return (
    <div className="flex flex-col gap-2">
      <MapView ariaLabel={`Map of ${activity.title}`} className="h-72 w-full overflow-hidden rounded-xl sm:h-96" fitTo={fitTo} lines={lines} markers={markers} />
      {ownerSeesHidden && (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span aria-hidden="true" className="inline-block w-8 border-t-[3px] border-dashed border-muted" />
          <span>Hidden from others (privacy zones).</span>
          <Link to="/profile/privacy-zones" className="font-medium text-brand underline-offset-2 hover:underline">
            Privacy zone settings
          </Link>
        </p>
      )}
      {!activity.isOwner && activity.hasHiddenParts && <p className="text-sm text-muted">{HIDDEN_PARTS_OTHERS}.</p>}
    </div>
  );
}
