import type * as z from 'zod/mini';
import { publicConfigData, RUNTIME_CONFIG_META } from '#contract/runtime-config';

export type RuntimeConfig = z.infer<typeof publicConfigData>;

const NONE: RuntimeConfig = { googleClientId: null, googleAuthorizeUrl: null, socketUrl: null, mapStyleUrls: [] };

let prerenderConfig = NONE;

/** Prerendering a page (src/prerender.tsx): the configuration the page it goes into carries, so hydration matches. */
export function setPrerenderConfig(config: RuntimeConfig) {
  prerenderConfig = config;
}

/**
 * This server's public configuration, which it writes into the page (`<meta name="switchback-config">`): known at
 * once, without a request, so the sign-in pages paint complete. A missing or unreadable tag means "nothing extra".
 */
export function readRuntimeConfig(): RuntimeConfig {
  if (typeof document === 'undefined') return prerenderConfig;
  const content = document.querySelector(`meta[name="${RUNTIME_CONFIG_META}"]`)?.getAttribute('content');
  if (!content) return NONE;
  try {
    const parsed = publicConfigData.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : NONE;
  } catch {
    return NONE;
  }
}
