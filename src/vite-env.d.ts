/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Apple App Store page of the iOS app; the link is shown only when this is set. */
  readonly VITE_APP_STORE_URL?: string;
  /** Google Play page of the Android app; the link is shown only when this is set. */
  readonly VITE_PLAY_STORE_URL?: string;
  /** A Mapbox public token: maps draw with mapbox-gl and its seven styles. Unset: MapLibre with the offline style. */
  readonly VITE_MAPBOX_TOKEN?: string;
  /** Any MapLibre style URL, used instead of the offline style when no Mapbox token is set. */
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
