/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Apple App Store page of the iOS app; the link is shown only when this is set. */
  readonly VITE_APP_STORE_URL?: string;
  /** Google Play page of the Android app; the link is shown only when this is set. */
  readonly VITE_PLAY_STORE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
