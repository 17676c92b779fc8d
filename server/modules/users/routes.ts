import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { otpSentData } from '#contract/auth';
import { okEnvelope } from '#contract/envelope';
import { changeMobileBody, updateMobileBody } from '#contract/phone';
import {
  countriesData,
  profileSettingBody,
  profileSummaryData,
  updateProfileBody,
  userTypeBody,
  validateHandleBody,
  validateHandleData,
} from '#contract/profile';
import { ownProfile } from '#contract/user';
import type { Deps } from '../../deps';
import { settingsPermission } from '../../policy/associate-policy';
import { allTimeTotals } from '../activities/activity-summary';
import { users } from '../../db/schema/users';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/authenticate';
import { publishedCounts } from '../feeds/post-count';
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
    schema: { tags, operationId: 'getOwnProfile', summary: 'Your own profile and settings', response: { 200: okEnvelope(ownProfile) } },
    handler: async (req) => ok('Your profile.', toOwnProfile(currentUser(req).user)),
  });

  r.put('/api/update_profile', {
    config: { permission: 'edit_profile' },
    schema: {
      tags,
      operationId: 'updateProfile',
      summary: 'Change your profile (names, handle, bio, sports, place, photos)',
      refuses: [409],
      body: updateProfileBody,
      response: { 200: okEnvelope(ownProfile) },
    },
    handler: async (req) => ok('Your profile has been successfully updated.', await updateProfile(deps, currentUser(req).user.id, req.body)),
  });

  r.post('/api/profileSetting', {
    // Turning the profile public is what an associate may be refused; privacy and units are anyone's to choose.
    config: { permission: (req) => settingsPermission(req.body as { isPrivate?: boolean }) },
    schema: {
      tags,
      operationId: 'updateSettings',
      summary: 'Change your privacy or units',
      body: profileSettingBody,
      response: { 200: okEnvelope(ownProfile) },
    },
    handler: async (req) => ok('Your settings are saved.', await updateSettings(deps, currentUser(req).user.id, req.body)),
  });

  r.post('/api/validate-handle', {
    schema: {
      tags,
      operationId: 'checkHandleAvailable',
      summary: 'Whether a handle is free to take',
      body: validateHandleBody,
      response: { 200: okEnvelope(validateHandleData) },
    },
    handler: async (req) => {
      const available = !(await isHandleTaken(deps.db, req.body.handleName, currentUser(req).user.id));
      return ok(available ? 'This handle is available.' : 'That handle is taken.', { available });
    },
  });

  r.get('/api/user-profile-summary', {
    schema: {
      tags,
      operationId: 'getProfileSummary',
      summary: 'Your counts: posts, followers, following, shorts, activities and gear',
      response: { 200: okEnvelope(profileSummaryData) },
    },
    // Gear does not exist yet: its area replaces its zero with a count.
    handler: async (req) => {
      const userId = currentUser(req).user.id;
      const [{ followers, following }, published, totals] = await Promise.all([followCounts(deps.db, userId), publishedCounts(deps.db, userId), allTimeTotals(deps, userId)]);
      return ok('Your counts.', { followers, following, feeds: published.post, shorts: published.short, activities: totals.count, gears: 0, distanceMetres: totals.distanceMetres, elevationMetres: totals.elevationMetres });
    },
  });

  r.post('/api/change_mobile', {
    config: limited,
    schema: {
      tags,
      operationId: 'startPhoneChange',
      summary: 'Text a code to a new phone number, to confirm it is yours',
      refuses: [409],
      body: changeMobileBody,
      response: { 200: okEnvelope(otpSentData) },
    },
    handler: async (req) => {
      await sendPhoneCode(deps, currentUser(req).user.id, req.body);
      return ok('We texted a 4-digit code to your phone.', { otpSent: true as const });
    },
  });

  r.post('/api/update_mobile', {
    config: limited,
    schema: {
      tags,
      operationId: 'confirmPhoneChange',
      summary: 'Make the phone number yours with the texted code',
      refuses: [403],
      body: updateMobileBody,
      response: { 200: okEnvelope(ownProfile) },
    },
    handler: async (req) => ok('Your phone number has been updated successfully.', await confirmPhone(deps, currentUser(req).user.id, req.body)),
  });

  r.post('/api/user-type', {
    config: { permission: 'edit_profile' },
    schema: { tags, operationId: 'setUserType', summary: 'Set your member type', body: userTypeBody, response: { 200: okEnvelope(ownProfile) } },
    handler: async (req) => {
      const [user] = await deps.db
        .update(users)
        .set({ userType: req.body.userType, ...(req.body.sports && { sports: req.body.sports }), updatedAt: deps.clock.now() })
        .where(eq(users.id, currentUser(req).user.id))
        .returning(accountColumns);
      return ok('Saved.', toOwnProfile(user!));
    },
  });
}

/** The country list of the phone form: public data, served to anyone as it always was, and cached a day. */
export function countryRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/country', {
    schema: {
      tags: ['profile'],
      operationId: 'listCountries',
      summary: 'Countries with their dialling codes, for the profile and phone forms',
      response: { 200: okEnvelope(countriesData) },
    },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return ok('Countries.', COUNTRIES);
    },
  });
}
