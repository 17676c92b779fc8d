import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userTypeBody } from '#contract/auth';
import { okEnvelope } from '#contract/envelope';
import { ownProfile } from '#contract/user';
import type { Deps } from '../../deps';
import { users } from '../../db/schema';
import { ok } from '../../lib/reply';
import { currentUser, requireUser } from '../../plugins/authenticate';
import { toOwnProfile } from './own-profile';

export function userRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];

  r.get('/api/profile', {
    preHandler: requireUser,
    schema: { tags, security: [{ bearer: [] }], response: { 200: okEnvelope(ownProfile) } },
    handler: async (req) => ok('Your profile.', toOwnProfile(currentUser(req).user)),
  });

  r.post('/api/user-type', {
    preHandler: requireUser,
    schema: { tags, security: [{ bearer: [] }], body: userTypeBody, response: { 200: okEnvelope(ownProfile) } },
    handler: async (req) => {
      const [user] = await deps.db
        .update(users)
        .set({ userType: req.body.userType, updatedAt: deps.clock.now() })
        .where(eq(users.id, currentUser(req).user.id))
        .returning();
      return ok('Saved.', toOwnProfile(user!));
    },
  });
}
