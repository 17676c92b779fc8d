import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { LiveCard } from '#contract/live';
import { sportName } from '#contract/sports';
import { Avatar } from '../../../components/avatar';
import { MapView, type MapMarker } from '../../../components/map/map-view';
import { displayName } from '../../../lib/display-name';
import { formatClock } from '../../../lib/duration-format';
import { formatDistance, useUnits } from '../../../lib/units';
import { useNow } from '../../../lib/use-now';
import { elapsedSeconds, sinceWords } from '../live-time';
import { STATUS_WORDS } from '../live-words';
import { useWatchLive } from '../use-watch-live';

/**
 * Sessions going on now, on one map (a pin per sharer) and as a list of cards, each opening that sharer's own map.
 * Every one shown is watched on the socket while this is on screen, so the pins move between the list's refreshes.
 * The "Live now" section and an event's group map both show their sessions so.
 */
export function LiveSessions({ sessions, mapLabel }: { sessions: LiveCard[]; mapLabel: string }) {
  useWatchLive(useMemo(() => sessions.map((s) => s.id), [sessions]));
  const now = useNow(1000);
  const markers = useMemo<MapMarker[]>(
    () => sessions.flatMap((s) => (s.position ? [{ id: `live-${s.id}`, position: s.position, label: displayName(s.sharer), kind: 'point' as const }] : [])),
    [sessions],
  );
  // The view fits everyone on it when someone joins or leaves, not on every step they take.
  const placed = markers.map((m) => m.id).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- refitted only when who is on the map changes (above)
  const fitTo = useMemo(() => (markers.length ? markers.map((m) => m.position) : undefined), [placed]);

  return (
    <>
      {markers.length > 0 && <MapView ariaLabel={mapLabel} className="h-64 w-full overflow-hidden rounded-xl sm:h-80" fitTo={fitTo} markers={markers} />}
      <ul aria-label="Live sessions" className="flex flex-col gap-2">
        {sessions.map((s) => (
          <li key={s.id}>
            <LiveCardRow card={s} now={now} />
          </li>
        ))}
      </ul>
    </>
  );
}

function LiveCardRow({ card, now }: { card: LiveCard; now: Date }) {
  const units = useUnits();
  const name = displayName(card.sharer);
  return (
    <Link
      to="/activities/live/$liveId"
      params={{ liveId: String(card.id) }}
      className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-brand"
    >
      <Avatar src={card.sharer.profileImage} name={name} />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-semibold">{name}</span>
        <span className="text-sm text-muted">
          {sportName(card.sportId)} · {STATUS_WORDS[card.status]} · {formatClock(elapsedSeconds(card.startedAt, now))} · {formatDistance(card.distanceM, units)}
        </span>
      </span>
      <span className="shrink-0 text-xs text-muted">{card.lastAt ? `Updated ${sinceWords(card.lastAt, now)}` : 'No position yet'}</span>
    </Link>
  );
}
