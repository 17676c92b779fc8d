import type * as z from 'zod';
import type { checkSocialLoginBody, socialLoginBody } from '#contract/auth';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { identities, socialTickets } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { after, minutes } from '../../lib/clock';
import { AppError, badRequest, conflict, FieldErrors } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/secrets';
import { createUser } from '../users/create-user';
import { signInUser } from './sessions';

const TICKET_LIFETIME_MS = minutes(30);

function provider(deps: Deps) {
  if (!deps.google) throw new AppError(404, 'Google sign-in is not enabled on this server.');
  return deps.google;
}

/**
 * Verifies the provider's proof and says whether a member is linked to that identity. The answer carries a
 * single-use ticket, so the browser never has to (and cannot) assert who it is in the next step.
 */
export async function checkSocialLogin(deps: Deps, body: z.infer<typeof checkSocialLoginBody>) {
  const google = provider(deps);
  const identity =
    'idToken' in body
      ? await google.verifyIdToken(body.idToken)
      : await google.exchangeCode(body.code, body.codeVerifier, body.redirectUri, body.nonce);
  const [linked] = await deps.db
    .select({ dob: users.dob })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, body.provider), eq(identities.subject, identity.subject)))
    .limit(1);
  if (!linked) {
    // Check 22: the same e-mail on a password account is not proof of owning it.
    const [sameEmail] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, identity.email)).limit(1);
    if (sameEmail) {
      throw conflict('An account with this e-mail already exists. Sign in with your e-mail and password instead.');
    }
  }
  const ticket = randomToken();
  await deps.db.insert(socialTickets).values({
    ticketHash: sha256(ticket),
    provider: body.provider,
    subject: identity.subject,
    email: identity.email,
    firstName: identity.firstName,
    lastName: identity.lastName,
    picture: identity.picture,
    expiresAt: after(deps.clock, TICKET_LIFETIME_MS),
  });
  return {
    isUserExists: linked?.dob ? (1 as const) : (-1 as const),
    provider: body.provider,
    socialToken: ticket,
    googleUserInfo: { email: identity.email, firstName: identity.firstName, lastName: identity.lastName, picture: identity.picture },
  };
}

/** Signs in the member linked to the ticket's identity, or creates one from the completed profile. */
export async function socialLogin(deps: Deps, body: z.infer<typeof socialLoginBody>, userAgent?: string) {
  return deps.db.transaction(async (tx) => {
    const [ticket] = await tx
      .select()
      .from(socialTickets)
      .where(and(eq(socialTickets.ticketHash, sha256(body.socialToken)), isNull(socialTickets.usedAt), gt(socialTickets.expiresAt, deps.clock.now())))
      .limit(1)
      .for('update');
    if (!ticket) throw badRequest('Your Google sign-in has expired. Please sign in with Google again.');
    await tx.update(socialTickets).set({ usedAt: deps.clock.now() }).where(eq(socialTickets.id, ticket.id));

    const [linked] = await tx
      .select({ user: users })
      .from(identities)
      .innerJoin(users, eq(users.id, identities.userId))
      .where(and(eq(identities.provider, ticket.provider), eq(identities.subject, ticket.subject)))
      .limit(1);
    let user = linked?.user;
    if (!user) {
      const missing = new FieldErrors();
      if (!body.handleName) missing.add('handleName', 'Choose a handle');
      if (!body.dob) missing.add('dob', 'Enter your date of birth');
      const firstName = body.firstName ?? ticket.firstName;
      const lastName = body.lastName ?? ticket.lastName;
      if (!firstName) missing.add('firstName', 'Enter your first name');
      if (!lastName) missing.add('lastName', 'Enter your last name');
      missing.throwIfAny('Please complete your profile.');
      user = await createUser(tx, {
        email: ticket.email,
        passwordHash: null,
        handleName: body.handleName!,
        firstName,
        lastName,
        dob: body.dob!,
        gender: body.gender,
        userType: body.userType,
        referralCode: body.referralCode,
      });
      await tx.insert(identities).values({ userId: user.id, provider: ticket.provider, subject: ticket.subject, email: ticket.email });
    }
    return signInUser(tx, deps, user, { ...body, userAgent });
  });
}
