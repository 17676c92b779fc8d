import type { Deps } from '../../deps';

/**
 * What the web and mobile clients need to know about this server at run time (is Google sign-in on?), so one build
 * serves every installation. The same answer goes into every page (see plugins/spa.ts) and to `GET /api/config`.
 */
export async function publicConfig(deps: Pick<Deps, 'google' | 'config'>, log: { warn(obj: object, msg: string): void }) {
  let googleAuthorizeUrl: string | null = null;
  if (deps.google) {
    googleAuthorizeUrl = await deps.google.authorizeUrl().catch((err: unknown) => {
      log.warn({ err }, 'Google sign-in is configured but its issuer did not answer');
      return null;
    });
  }
  return {
    googleClientId: googleAuthorizeUrl ? deps.google!.clientId : null,
    googleAuthorizeUrl,
    socketUrl: deps.config.publicSocketUrl ?? null,
    // Left out when only the offline style is on: the answer then reads as it did before maps had styles.
    ...(deps.config.mapStyleUrls.length ? { mapStyleUrls: deps.config.mapStyleUrls } : {}),
  };
}
