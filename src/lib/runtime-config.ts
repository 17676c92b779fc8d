import type * as z from 'zod/mini';
import { publicConfigData, RUNTIME_CONFIG_META } from '#contract/runtime-config';

export type RuntimeConfig = z.infer<typeof publicConfigData>;

const NONE: RuntimeConfig = { googleClientId: null, googleAuthorizeUrl: null, socketUrl: null, mapStyleUrls: [] };

/**
 * This server's public configuration, which it writes into the page (`<meta name="switchback-config">`): known at
 * once, without a request, so the sign-in pages paint complete. A missing or unreadable tag means "nothing extra".
 */
export function readRuntimeConfig(): RuntimeConfig {
  const content = document.querySelector(`meta[name="${RUNTIME_CONFIG_META}"]`)?.getAttribute('content');
  if (!content) return NONE;
  try {
    const parsed = publicConfigData.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : NONE;
  } catch {
    return NONE;
  }
}
