import type { LiveCard, LiveSession } from '#contract/live';
import type { LiveMessage } from '#contract/realtime';

export type LivePositionMessage = Extract<LiveMessage, { type: 'live-position' }>;
type LngLat = [number, number];

/**
 * A watched session after one `live-position`: its points on the end of the track (a new piece when `resume` says
 * hidden positions came between, so no line is drawn through a privacy zone), the newest as its position.
 */
export function withPositions(session: LiveSession, message: LivePositionMessage): LiveSession {
  if (message.points.length === 0) return { ...withCardPositions(session, message), track: session.track };
  const added = message.points.map(([lng, lat]): LngLat => [lng, lat]);
  const last = session.track.at(-1);
  const track = message.resume || !last ? [...session.track, added] : [...session.track.slice(0, -1), [...last, ...added]];
  return { ...withCardPositions(session, message), track };
}

/** A session's card after one `live-position`: where, when and how far, the track left to the page that draws it. */
export function withCardPositions<T extends LiveCard>(card: T, message: LivePositionMessage): T {
  const newest = message.points.at(-1);
  return { ...card, position: newest ? [newest[0], newest[1]] : card.position, lastAt: message.lastAt ?? card.lastAt, distanceM: message.distanceM };
}

/** The newest point of a track, or null before the first. */
export const lastPoint = (track: LngLat[][]): LngLat | null => track.at(-1)?.at(-1) ?? null;
