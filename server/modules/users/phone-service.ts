import { and, eq, ne } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { users } from '../../db/schema/users';
import { conflict, fieldError, forbidden } from '../../lib/errors';
import { CODE_RULES, issueCode, killCode, verifyCode } from '../auth/email-codes';
import { INVALID_MOBILE, parseMobile } from '#contract/phone';
import { findCountry } from './countries';
import { accountColumns, toOwnProfile } from './own-profile';

const PHONE_CHANGE = 3;

/**
 * The country and the number in its plan. The body's schema has checked the number already; this also makes the
 * stored form one whatever the spacing typed: the dial code in `countryCode` and the national number in `phone`
 * (together the E.164 number the texts go to).
 */
function resolve(countryId: string, mobile: string) {
  const country = findCountry(countryId);
  if (!country) throw fieldError('countryId', 'Choose a country from the list.');
  const number = parseMobile(mobile, countryId);
  if (!number) throw fieldError('mobile', INVALID_MOBILE);
  return { country, number, e164: number.e164 };
}

// Codes for a phone change are addressed to one member and one number together, so nobody else's request can
// replace or lock them, and a code proves this member holds this number.
const codeAddress = (userId: number, e164: string) => `phone:${userId}:${e164}`;

/** Spec §4 phone change, step one: text a code to the new number. */
export async function sendPhoneCode(deps: Deps, userId: number, input: { mobile: string; countryId: string }) {
  const { number, e164 } = resolve(input.countryId, input.mobile);
  const [taken] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.countryCode, number.countryCode), eq(users.phone, number.nationalNumber), ne(users.id, userId)))
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
  const { country, number, e164 } = resolve(input.countryId, input.mobile);
  const row = await verifyCode(deps.db, deps.clock, { email: codeAddress(userId, e164), purpose: PHONE_CHANGE, code: input.otp });
  if (row.userId !== userId) throw forbidden();
  return deps.db.transaction(async (tx) => {
    await killCode(tx, deps.clock, row.id);
    const [user] = await tx
      .update(users)
      .set({ countryId: country.id, countryCode: number.countryCode, phone: number.nationalNumber, updatedAt: deps.clock.now() })
      .where(eq(users.id, userId))
      .returning(accountColumns);
    return toOwnProfile(user!);
  });
}
