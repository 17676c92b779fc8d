import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeEmailBody,
  changeEmailData,
  changePasswordBody,
  changePasswordData,
  emailCodeBody,
  emailCodeData,
  sessionParams,
  sessionsData,
  signedOutData,
} from '#contract/account-security';
import { okEnvelope } from '#contract/envelope';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { currentUser } from '../../plugins/authenticate';
import { memberRateLimit } from '../../plugins/rate-limit';
import { liveSessionsOf, revokeOtherSessions, revokeOwnSession } from '../auth/sessions';
import { confirmEmailChange, sendEmailChangeCode } from './change-email';
import { changePassword } from './change-password';

const tags = ['account'];
// Each of these hashes a password or checks a code: a few a minute per member is all a person needs.
const KEY_CHANGES_PER_MINUTE = 10;

/** The account's keys (issue 19 item 9): password, e-mail and the devices signed in. Registered inside `signedIn`. */
export function accountSecurityRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = memberRateLimit(KEY_CHANGES_PER_MINUTE);

  r.post('/api/account/password', {
    config: limited,
    schema: {
      tags,
      operationId: 'changePassword',
      summary: 'Change the password, confirmed with the current one; signs out every other device',
      body: changePasswordBody,
      response: { 200: okEnvelope(changePasswordData) },
    },
    handler: async (req) => {
      const data = await changePassword(deps, currentUser(req), req.body);
      return ok('Your password is changed. Every other device is signed out.', data);
    },
  });

  r.post('/api/account/email/code', {
    config: limited,
    schema: {
      tags,
      operationId: 'startEmailChange',
      refuses: [409],
      summary: 'Mail a code to the new e-mail address (confirmed with the password when the account has one)',
      body: emailCodeBody,
      response: { 200: okEnvelope(emailCodeData) },
    },
    handler: async (req) => {
      await sendEmailChangeCode(deps, currentUser(req).user, req.body);
      return ok('We sent a 4-digit code to your new e-mail.', { otpSent: true as const });
    },
  });

  r.post('/api/account/email', {
    config: limited,
    schema: {
      tags,
      operationId: 'confirmEmailChange',
      refuses: [403, 409],
      summary: 'Make the new e-mail the account’s with the code mailed to it; the old address is told',
      body: changeEmailBody,
      response: { 200: okEnvelope(changeEmailData) },
    },
    handler: async (req) => ok('Your e-mail is changed.', await confirmEmailChange(deps, currentUser(req).user, req.body)),
  });

  r.get('/api/account/sessions', {
    schema: {
      tags,
      operationId: 'listSessions',
      summary: 'The devices signed in to the account, this one first',
      response: { 200: okEnvelope(sessionsData) },
    },
    handler: async (req) => {
      const { user, sessionId } = currentUser(req);
      const rows = await liveSessionsOf(deps.db, deps.clock, user.id);
      const list = rows
        .map((s) => ({
          sessionId: s.sessionId,
          device: s.device ?? 'Unknown device',
          deviceType: s.deviceType,
          createdAt: s.createdAt.toISOString(),
          lastUsedAt: s.lastUsedAt.toISOString(),
          current: s.sessionId === sessionId,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current));
      return ok('Where you are signed in.', list);
    },
  });

  r.delete('/api/account/sessions/:sessionId', {
    config: limited,
    schema: {
      tags,
      operationId: 'signOutSession',
      refuses: [404],
      summary: 'Sign out one of the member’s devices (this one too, when it is named)',
      params: sessionParams,
      response: { 200: okEnvelope(signedOutData) },
    },
    handler: async (req) => {
      const { user } = currentUser(req);
      const ended = await revokeOwnSession(deps.db, deps.clock, user.id, req.params.sessionId);
      // Another member's session and one already signed out read the same: nothing here to sign out.
      if (ended.length === 0) throw notFound('This device is not signed in.');
      await deps.bus.publish({ type: 'sessions-ended', userId: user.id, sessionIds: ended });
      return ok('That device is signed out.', { signedOut: ended.length });
    },
  });

  r.post('/api/account/sessions/sign-out-others', {
    config: limited,
    schema: {
      tags,
      operationId: 'signOutOtherSessions',
      summary: 'Sign out every device but this one',
      response: { 200: okEnvelope(signedOutData) },
    },
    handler: async (req) => {
      const { user, sessionId } = currentUser(req);
      const ended = await revokeOtherSessions(deps.db, deps.clock, user.id, sessionId);
      if (ended.length > 0) await deps.bus.publish({ type: 'sessions-ended', userId: user.id, sessionIds: ended });
      return ok(ended.length === 1 ? '1 other device is signed out.' : `${ended.length} other devices are signed out.`, { signedOut: ended.length });
    },
  });
}
