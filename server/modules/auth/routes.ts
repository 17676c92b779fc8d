import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authSession,
  checkSocialLoginBody,
  checkSocialLoginData,
  forgotPasswordBody,
  forgotPasswordData,
  loginBody,
  OTP_TYPE,
  registerBody,
  registerCompleteBody,
  resetPasswordBody,
  resetPasswordData,
  signUpCodeSentData,
  socialLoginBody,
  validateEmailBody,
  validateEmailData,
  verifyOtpBody,
  verifyOtpData,
} from '#contract/auth';
import { emptyData, okEnvelope } from '#contract/envelope';
import type { Deps } from '../../deps';
import { ok } from '../../lib/reply';
import { currentUser, signedIn } from '../../plugins/authenticate';
import { memberRateLimit } from '../../plugins/rate-limit';
import { revokeSession } from './sessions';
import {
  completeSignUp,
  forgotPassword,
  isEmailAvailable,
  login,
  resetPassword,
  startSignUp,
  verifyResetCode,
  verifySignUpCode,
} from './auth-service';
import { checkSocialLogin, socialLogin } from './social-service';

const tags = ['auth'];
const VALIDATE_EMAIL_PER_HOUR = 30;

export async function authRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Per client address and route; checked in onRequest, before any body parsing or hashing (check 6).
  const limited = { rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' } };

  await signedIn(app, (scope) => {
    const s = scope.withTypeProvider<ZodTypeProvider>();

    // For a signed-in member's associates form only, and counted per member: anyone else could list who is a member.
    s.post('/api/validate-email', {
      config: memberRateLimit(VALIDATE_EMAIL_PER_HOUR, '1 hour'),
      schema: {
        tags,
        operationId: 'checkEmailAvailable',
        summary: 'Whether an e-mail is free for a new account (for the associates form; counted per member)',
        body: validateEmailBody,
        response: { 200: okEnvelope(validateEmailData) },
      },
      handler: async (req) => {
        const available = await isEmailAvailable(deps, req.body.email);
        return ok(available ? 'This e-mail is available.' : 'An account with this e-mail already exists.', { available });
      },
    });

    s.post('/api/logout', {
      config: limited,
      schema: {
        tags,
        operationId: 'signOut',
        summary: 'Sign this device out: its session ends and its live socket closes',
        response: { 200: okEnvelope(emptyData) },
      },
      handler: async (req) => {
        const { sessionId, user } = currentUser(req);
        await revokeSession(deps.db, deps.clock, sessionId);
        // This device's live socket closes too, on whichever process holds it (check 7).
        await deps.bus.publish({ type: 'sessions-ended', userId: user.id, sessionIds: [sessionId] });
        return ok('Signed out.', {});
      },
    });
  });

  r.post('/api/register', {
    config: limited,
    schema: {
      tags,
      operationId: 'startSignUp',
      summary: 'Start a sign-up: mail a 4-digit code to the e-mail',
      body: registerBody,
      response: { 200: okEnvelope(signUpCodeSentData) },
    },
    handler: async (req) => {
      const { resendAfter } = await startSignUp(deps, req.body.email);
      return ok('We sent a 4-digit code to your e-mail.', { otpSent: true as const, resendAfter });
    },
  });

  r.post('/api/verify_otp', {
    config: limited,
    schema: {
      tags,
      operationId: 'verifyCode',
      summary: 'Check a mailed code: a sign-up’s (answers the token that finishes it) or a password reset’s',
      body: verifyOtpBody,
      response: { 200: okEnvelope(verifyOtpData) },
    },
    handler: async (req) => {
      const b = req.body;
      if (b.type === OTP_TYPE.signUp) {
        const token = await verifySignUpCode(deps, b.email, b.otp);
        return ok('Your e-mail is verified.', { verified: true as const, token });
      }
      await verifyResetCode(deps, b.email, b.otp, b.token);
      return ok('Code verified. Choose a new password.', { verified: true as const });
    },
  });

  r.post('/api/register/complete', {
    config: limited,
    schema: {
      tags,
      operationId: 'completeSignUp',
      summary: 'Finish a sign-up with the verified token, a password and the profile; answers a session',
      refuses: [409],
      body: registerCompleteBody,
      response: { 200: okEnvelope(authSession) },
    },
    handler: async (req) => ok('Welcome to Switchback!', await completeSignUp(deps, req.body, req.headers['user-agent'])),
  });

  r.post('/api/login', {
    config: limited,
    schema: {
      tags,
      operationId: 'signIn',
      summary: 'Sign in with e-mail and password; answers a session',
      body: loginBody,
      response: { 200: okEnvelope(authSession) },
    },
    handler: async (req) => ok('Signed in.', await login(deps, req.body, req.headers['user-agent'])),
  });

  r.post('/api/forgot_password', {
    config: limited,
    schema: {
      tags,
      operationId: 'forgotPassword',
      summary: 'Mail a password-reset code to the e-mail, if it has an account (the answer is the same either way)',
      body: forgotPasswordBody,
      response: { 200: okEnvelope(forgotPasswordData) },
    },
    handler: async (req) => {
      return ok('If this e-mail has an account, we sent it a 4-digit code.', await forgotPassword(deps, req.body.email));
    },
  });

  r.post('/api/reset_password', {
    config: limited,
    schema: {
      tags,
      operationId: 'resetPassword',
      summary: 'Set a new password with a verified reset code',
      body: resetPasswordBody,
      response: { 200: okEnvelope(resetPasswordData) },
    },
    handler: async (req) => {
      await resetPassword(deps, req.body);
      return ok('Your password is updated successfully, try signing in with new password.', { passwordCreated: true as const });
    },
  });

  r.post('/api/checkSocialLogin', {
    config: limited,
    schema: {
      tags,
      operationId: 'checkGoogleSignIn',
      summary: 'Check a Google sign-in: whether it belongs to a member or would start a new account (404 when Google sign-in is off)',
      refuses: [404],
      body: checkSocialLoginBody,
      response: { 200: okEnvelope(checkSocialLoginData) },
    },
    handler: async (req) => ok('Verified with Google.', await checkSocialLogin(deps, req.body)),
  });

  r.post('/api/social-login', {
    config: limited,
    schema: {
      tags,
      operationId: 'googleSignIn',
      summary: 'Sign in, or sign up, with Google; answers a session (404 when Google sign-in is off)',
      refuses: [404, 409],
      body: socialLoginBody,
      response: { 200: okEnvelope(authSession) },
    },
    handler: async (req) => ok('Signed in.', await socialLogin(deps, req.body, req.headers['user-agent'])),
  });
}
