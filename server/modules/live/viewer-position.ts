import type { LngLat } from '#contract/map-routes';

/**
 * Where others see a live position: rounded to 4 decimals (about 10 m), so no response about another member carries
 * the exact coordinates a phone reported (check 11) while a map still shows the right trail.
 */
export const forViewers = (lng: number, lat: number): LngLat => [Math.round(lng * 1e4) / 1e4, Math.round(lat * 1e4) / 1e4];
