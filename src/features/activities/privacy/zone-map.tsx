import { useMemo, useState } from 'react';
import type { LngLat } from '#contract/map-routes';
import { MapCrosshair } from '../../../components/map/map-crosshair';
import { startView, useMapStart } from '../../../components/map/map-start';
import { MapView, type MapLine, type MapMarker, type MapViewState } from '../../../components/map/map-view';
import { useSession } from '../../auth/session-context';
import type { ZoneRow } from './privacy-form-schema';
import { circleRing } from './zone-circle';

/** The zone being placed: its point (none yet until the member picks one) and radius. */
export type ZoneDraft = { centre: LngLat | null; radius: number };

type Props = {
  zones: ZoneRow[];
  draft: ZoneDraft;
  /** Where to look now (a place searched): the view fits these points whenever they change. */
  aim: LngLat[] | undefined;
  /** Picks the draft's point; none when no zone can be added (five already). */
  onPick?: ((point: LngLat) => void) | undefined;
  onViewChange(view: MapViewState): void;
};

/**
 * The privacy zones on the map: each saved zone as what it really hides (the circle of `trimRadius` around its
 * off-centre point), solid; a zone added and not yet saved, and the one being placed, as the circle drawn around the
 * point picked, dashed. A click (or a dragged pin) places the new zone; the cross marks the centre for keyboards.
 */
export function ZoneMap({ zones, draft, aim, onPick, onViewChange }: Props) {
  const { user } = useSession();
  // Opens on the saved zones; without any, where the member is (components/map/map-start.ts).
  const [savedView] = useState(() => {
    const rings = zones.flatMap((z) => (z.trimRadius === null ? [] : circleRing(z.centre, z.trimRadius)));
    return rings.length > 0 ? { fitTo: rings } : null;
  });
  const [startInput] = useState(() => ({ profileLocation: user?.location ?? null, nearby: () => Promise.resolve([]) }));
  const start = useMapStart(startInput, savedView === null);
  const firstView = savedView ?? (start ? startView(start) : null);

  const lines = useMemo<MapLine[]>(() => {
    const saved = zones.filter((z) => z.trimRadius !== null).map((z) => circleRing(z.centre, z.trimRadius!));
    const added = zones.filter((z) => z.trimRadius === null).map((z) => circleRing(z.centre, z.radius));
    if (draft.centre) added.push(circleRing(draft.centre, draft.radius));
    return [
      { id: 'zones-saved', pieces: saved, look: 'route' },
      { id: 'zones-new', pieces: added, look: 'muted' },
    ];
  }, [zones, draft.centre, draft.radius]);
  const markers: MapMarker[] = draft.centre ? [{ id: 'zone-draft', position: draft.centre, label: 'New zone’s centre', kind: 'point', draggable: true, onDragEnd: onPick }] : [];

  if (!firstView) {
    return (
      <div role="status" className="flex h-80 w-full items-center justify-center rounded-xl border border-line bg-surface-2 text-sm text-muted">
        Finding where you are…
      </div>
    );
  }
  return (
    // MapView loads the map engine itself, on first use (check P1).
    <MapView
      ariaLabel={onPick ? 'Map of your privacy zones: click to place a new zone' : 'Map of your privacy zones'}
      className="h-80 w-full rounded-xl border border-line"
      {...firstView}
      {...(aim ? { fitTo: aim } : {})}
      lines={lines}
      markers={markers}
      onMapClick={onPick}
      onViewChange={onViewChange}
    >
      {onPick && <MapCrosshair />}
    </MapView>
  );
}
