import { useState } from 'react';
import type { LngLat } from '../../components/map/map-view';

/**
 * Where a live map looks: on open, the whole track so far; after that, while "Follow" is on, the newest point each
 * time it moves (the map keeps its zoom), so the view never jumps back out to the whole track. Off, the view stays
 * wherever the member moved it; on again, it goes to the newest point. `fitTo` is for MapView, which fits again
 * whenever it changes identity.
 */
export function useFollowView(track: LngLat[][], newest: LngLat | null) {
  const [follow, setFollow] = useState(true);
  const [fitTo, setFitTo] = useState<LngLat[] | undefined>(() => {
    const whole = track.flat();
    return whole.length ? whole : newest ? [newest] : undefined;
  });
  // By value: a refetch that brings the same newest point as a new array is no move.
  const where = newest ? `${newest[0]},${newest[1]}` : '';
  const [seen, setSeen] = useState({ where, follow });
  if (seen.where !== where || seen.follow !== follow) {
    setSeen({ where, follow });
    if (follow && newest) setFitTo([newest]);
  }
  return { follow, toggleFollow: () => setFollow((f) => !f), fitTo };
}
