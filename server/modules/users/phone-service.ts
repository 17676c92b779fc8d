import { and, eq, ne } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { users } from '../../db/schema/users';
import { conflict, fieldError, forbidden } from '../../lib/errors';
import { CODE_RULES, issueCode, killCode, verifyCode } from '../auth/email-codes';
import { findCountry } from './countries';
import { accountColumns, toOwnProfile } from './own-profile';

const PHONE_CHANGE = 3;

function resolve(countryId: string, mobile: string) {
  const country = findCountry(countryId);
  if (!country) throw fieldError('countryId', 'Choose a country from the list.');
  return { country, e164: `+${country.dialCode}${mobile}` };
}

// Codes for a phone change are addressed to one member and one number together, so nobody else's request can
// replace or lock them, and a code proves this member holds this number.
const codeAddress = (userId: number, e164: string) => `phone:${userId}:${e164}`;

/** Spec §4 phone change, step one: text a code to the new number. */
export async function sendPhoneCode(deps: Deps, userId: number, input: { mobile: string; countryId: string }) {
  const { country, e164 } = resolve(input.countryId, input.mobile);
  const [taken] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.countryCode, country.dialCode), eq(users.phone, input.mobile), ne(users.id, userId)))
    .limit(1);
  if (taken) throw conflict('This number belongs to another account.', { mobile: ['This number belongs to another account.'] });
  const { code } = await deps.db.transaction((tx) => issueCode(tx, deps.clock, codeAddress(userId, e164), PHONE_CHANGE, userId));
  deps.sms.send({
    to: e164,
    text: `${code} is your Switchback code to confirm this phone number. It expires in ${CODE_RULES.lifetimeMs / 60_000} minutes.`,
  });
}

/** Step two: the right code makes the number the member's. */
export async function confirmPhone(deps: Deps, userId: number, input: { otp: string; mobile: string; countryId: string }) {
  const { country, e164 } = resolve(input.countryId, input.mobile);
  const row = await verifyCode(deps.db, deps.clock, { email: codeAddress(userId, e164), purpose: PHONE_CHANGE, code: input.otp });
  if (row.userId !== userId) throw forbidden();
  return deps.db.transaction(async (tx) => {
    await killCode(tx, deps.clock, row.id);
    const [user] = await tx
      .update(users)
      .set({ countryId: country.id, countryCode: country.dialCode, phone: input.mobile, updatedAt: deps.clock.now() })
      .where(eq(users.id, userId))
      .returning(accountColumns);
    return toOwnProfile(user!);
  });
}
