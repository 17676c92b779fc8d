/** Browser storage keys of spec §9, in one place. */
export const STORAGE_KEYS = {
  user: 'user',
  accessToken: 'access_token',
  mapboxStyles: 'mapbox_styles',
  defaultMapboxStyle: 'default_mapbox_style',
  /** The MapLibre style the member chose (a style URL, or `offline`). */
  mapStyle: 'map_style',
  theme: 'theme',
  socialLogin: 'social_login',
  pkce: 'google_pkce',
  signUp: 'sign_up_progress',
  /** Prefix of a live session's unsent positions (`live_positions:<liveId>`), kept through a reload or a dead battery. */
  livePositions: 'live_positions',
} as const;

export function readJson<T>(key: string, storage: Storage = localStorage): T | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, storage: Storage = localStorage) {
  storage.setItem(key, JSON.stringify(value));
}
