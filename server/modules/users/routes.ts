import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { otpSentData, userTypeBody } from '#contract/auth';
import { okEnvelope } from '#contract/envelope';
import {
  changeMobileBody,
  countriesData,
  profileSettingBody,
  profileSummaryData,
  updateMobileBody,
  updateProfileBody,
  validateHandleBody,
  validateHandleData,
} from '#contract/profile';
import { ownProfile } from '#contract/user';
import type { Deps } from '../../deps';
import { users } from '../../db/schema/users';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/authenticate';
import { publishedPostCount } from '../feeds/post-count';
import { followCounts } from '../social/service';
import { COUNTRIES } from './countries';
import { accountColumns, toOwnProfile } from './own-profile';
import { confirmPhone, sendPhoneCode } from './phone-service';
import { isHandleTaken } from './create-user';
import { updateProfile, updateSettings } from './profile-service';

export function userRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];
  const limited = { rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' } };

  r.get('/api/profile', {
    schema: { tags, response: { 200: okEnvelope(ownProfile) } },
    handler: async (req) => ok('Your profile.', toOwnProfile(currentUser(req).user)),
  });

  r.put('/api/update_profile', {
    schema: { tags, body: updateProfileBody, response: { 200: okEnvelope(ownProfile) } },
    handler: async (req) => ok('Your profile has been successfully updated.', await updateProfile(deps, currentUser(req).user.id, req.body)),
  });

  r.post('/api/profileSetting', {
    schema: { tags, body: profileSettingBody, response: { 200: okEnvelope(ownProfile) } },
    handler: async (req) => ok('Your settings are saved.', await updateSettings(deps, currentUser(req).user.id, req.body)),
  });

  r.post('/api/validate-handle', {
    schema: { tags, body: validateHandleBody, response: { 200: okEnvelope(validateHandleData) } },
    handler: async (req) => {
      const available = !(await isHandleTaken(deps.db, req.body.handleName, currentUser(req).user.id));
      return ok(available ? 'This handle is available.' : 'That handle is taken.', { available });
    },
  });

  r.get('/api/user-profile-summary', {
    schema: { tags, response: { 200: okEnvelope(profileSummaryData) } },
    // Shorts, activities and gear do not exist yet: each area replaces its zero with a count.
    handler: async (req) => {
      const userId = currentUser(req).user.id;
      const [{ followers, following }, feeds] = await Promise.all([followCounts(deps.db, userId), publishedPostCount(deps.db, userId)]);
      return ok('Your counts.', { followers, following, feeds, shorts: 0, activities: 0, gears: 0, distanceMetres: 0, elevationMetres: 0 });
    },
  });

  r.post('/api/change_mobile', {
    config: limited,
    schema: { tags, body: changeMobileBody, response: { 200: okEnvelope(otpSentData) } },
    handler: async (req) => {
      await sendPhoneCode(deps, currentUser(req).user.id, req.body);
      return ok('We texted a 4-digit code to your phone.', { otpSent: true as const });
    },
  });

  r.post('/api/update_mobile', {
    config: limited,
    schema: { tags, body: updateMobileBody, response: { 200: okEnvelope(ownProfile) } },
    handler: async (req) => ok('Your phone number has been updated successfully.', await confirmPhone(deps, currentUser(req).user.id, req.body)),
  });

  r.post('/api/user-type', {
    schema: { tags, body: userTypeBody, response: { 200: okEnvelope(ownProfile) } },
    handler: async (req) => {
      const [user] = await deps.db
        .update(users)
        .set({ userType: req.body.userType, updatedAt: deps.clock.now() })
        .where(eq(users.id, currentUser(req).user.id))
        .returning(accountColumns);
      return ok('Saved.', toOwnProfile(user!));
    },
  });
}

/** The country list of the phone form: public data, served to anyone as it always was, and cached a day. */
export function countryRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/country', {
    schema: { tags: ['profile'], response: { 200: okEnvelope(countriesData) } },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return ok('Countries.', COUNTRIES);
    },
  });
}
