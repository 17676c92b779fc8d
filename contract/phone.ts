import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import * as z from 'zod/mini';
import { otp } from './rules';

/**
 * The phone number rules of both halves. Spec §5's "10 to 15 digits" refused Norway's 8-digit mobiles and their like
 * (issue 19), so a number is checked against its country's numbering plan by libphonenumber-js, with its smallest
 * metadata (enough to tell valid numbers, ~40 KB): a file of its own, so only the phone form's chunk loads it.
 */

/** What a person types: the national number, spaced, dashed or bracketed as they like; `+` and the country code too. */
export const mobile = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Enter your phone number'),
    z.maxLength(30, 'That is too long for a phone number'),
    z.regex(/^\+?[\d\s().-]+$/, 'Use digits only (spaces, dashes and brackets are fine)'),
  );
const countryId = z.string().check(z.regex(/^[A-Z]{2}$/, 'Choose a country'));

export type ParsedMobile = { countryCode: number; nationalNumber: string; e164: string };

/**
 * The number `mobile` names in `countryId`'s plan, or null when it is not a valid one there. A number typed with
 * another country's code is refused, unless that country shares the dial code (+1 for the US and Canada).
 */
export function parseMobile(mobile: string, countryId: string): ParsedMobile | null {
  if (!isSupportedCountry(countryId)) return null;
  const number = parsePhoneNumberFromString(mobile, countryId as CountryCode);
  if (!number?.isValid() || number.countryCallingCode !== getCountryCallingCode(countryId as CountryCode)) return null;
  return { countryCode: Number(number.countryCallingCode), nationalNumber: number.nationalNumber, e164: number.number };
}

/** A stored number (dial code and national number) as people read it: `+47 41 23 45 67`. */
export function formatPhone(countryCode: number | null, phone: string) {
  const number = countryCode ? parsePhoneNumberFromString(`+${countryCode}${phone}`) : undefined;
  return number?.formatInternational() ?? (countryCode ? `+${countryCode} ${phone}` : phone);
}

export const INVALID_MOBILE = 'This is not a valid phone number for the country chosen.';

const phoneFields = { mobile, countryId };
type PhoneFields = { mobile: string; countryId: string };
// Object checks run even when a field failed its own; each message is given once, by the rule that knows it. Two
// `refine`s rather than one `superRefine`: the first page's script already carries `refine` (zod's shared functions
// ride in the entry chunk, check P1).
const fieldsPass = (body: PhoneFields) => /^[A-Z]{2}$/.test(body.countryId) && mobile.safeParse(body.mobile).success;
const countryKnown = z.refine<PhoneFields>((body) => !fieldsPass(body) || isSupportedCountry(body.countryId), {
  message: 'Choose a country from the list.',
  path: ['countryId'],
});
const validForCountry = z.refine<PhoneFields>(
  (body) => !fieldsPass(body) || !isSupportedCountry(body.countryId) || parseMobile(body.mobile, body.countryId) !== null,
  { message: INVALID_MOBILE, path: ['mobile'] },
);

/** `POST /api/change_mobile`: text a code to the number. */
export const changeMobileBody = z.strictObject(phoneFields).check(countryKnown, validForCountry);
/** `POST /api/update_mobile`: the code proves the number. */
export const updateMobileBody = z.strictObject({ otp, ...phoneFields }).check(countryKnown, validForCountry);
