import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigData } from '#contract/auth';
import { okEnvelope } from '#contract/envelope';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';

/** What the SPA needs to know about this server at run time, so one build serves every installation. */
export function configRoutes(app: FastifyInstance, deps: Deps) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/config', {
    schema: { tags: ['config'], response: { 200: okEnvelope(publicConfigData) } },
    handler: async (req) => {
      let googleAuthorizeUrl: string | null = null;
      if (deps.google) {
        googleAuthorizeUrl = await deps.google.authorizeUrl().catch((err: unknown) => {
          req.log.warn({ err }, 'Google sign-in is configured but its issuer did not answer');
          return null;
        });
      }
      return ok('Configuration.', { googleClientId: googleAuthorizeUrl ? deps.google!.clientId : null, googleAuthorizeUrl });
    },
  });
}
