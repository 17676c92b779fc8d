import { useSyncExternalStore } from 'react';

/** A point the member let the browser share, rounded: enough for "within 10 km", not a doorstep. */
export type SharedPosition = { lat: number; lng: number };

/** Why no position: refused, or the browser could not tell (no GPS, timeout, no geolocation at all). */
export type PositionProblem = 'denied' | 'unavailable';

/**
 * The member's position for the distance filter, kept in memory for this visit only (never stored or put in the
 * address), so moving between tabs and filters does not ask the browser again.
 */
let position: SharedPosition | null = null;
const listeners = new Set<() => void>();

const round = (value: number) => Math.round(value * 1000) / 1000;

export const sharedPosition = {
  get: () => position,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(next: SharedPosition | null) {
    position = next;
    listeners.forEach((l) => l());
  },
};

export function useSharedPosition(): SharedPosition | null {
  return useSyncExternalStore(sharedPosition.subscribe, sharedPosition.get, sharedPosition.get);
}

/** Asks the browser where the member is; resolves with the point (also kept for this visit) or the problem. */
export function askPosition(): Promise<SharedPosition | PositionProblem> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.geolocation) return Promise.resolve('unavailable');
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const point = { lat: round(p.coords.latitude), lng: round(p.coords.longitude) };
        sharedPosition.set(point);
        resolve(point);
      },
      // 1 is PERMISSION_DENIED (GeolocationPositionError), by number: not every browser puts the constant on the error.
      (error) => resolve(error.code === 1 ? 'denied' : 'unavailable'),
      // A city-level fix is plenty for a distance filter, and a recent one saves the member a wait.
      { enableHighAccuracy: false, maximumAge: 10 * 60_000, timeout: 15_000 },
    );
  });
}
