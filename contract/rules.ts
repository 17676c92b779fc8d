import * as z from 'zod/mini';

/** Input rules of spec §5, shared by the server's request schemas and the SPA's forms. */

// Spec §5: letters, digits and ._%+- before @, a domain, then a 2-4 letter top-level part.
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$/i;
export const OTP_LENGTH = 4;
export const MIN_AGE_YEARS = 13;

export const email = z.pipe(
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter your e-mail address'),
      z.maxLength(254, 'E-mail is too long'),
      z.regex(EMAIL_PATTERN, 'Enter a valid e-mail address'),
    ),
  z.transform((v: string) => v.toLowerCase()),
);

export const password = z
  .string()
  .check(
    z.minLength(8, 'Password must be at least 8 characters'),
    z.maxLength(128, 'Password must be at most 128 characters'),
    z.regex(/\d/, 'Password must contain at least one digit'),
    // Spec §5 named only !@#$%&*, which refused `Trail.Rider?2026`: any character that is not a letter or digit
    // (punctuation, a space, an emoji) counts as the symbol (issue 19). Common passwords are refused by the server.
    z.regex(/[^\p{L}\p{N}]/u, 'Password must contain at least one symbol (anything but a letter or digit)'),
  );

export const otp = z.string().check(z.length(OTP_LENGTH, 'Invalid OTP'), z.regex(/^\d+$/, 'Invalid OTP'));

// Handles are what @mentions match, and spec §5 allows only letters and digits in a user tag.
export const handleName = z
  .string()
  .check(
    z.trim(),
    z.minLength(3, 'Handle must be at least 3 characters'),
    z.maxLength(30, 'Handle must be at most 30 characters'),
    z.regex(/^[A-Za-z0-9]+$/, 'Handle may contain only letters and digits'),
  );

export const personName = (what: string) =>
  z.string().check(z.trim(), z.minLength(1, `Enter your ${what}`), z.maxLength(50, `${what[0]!.toUpperCase()}${what.slice(1)} is too long`));

/**
 * Spec §3's male and female keep their wire values; the others are added so nobody has to pick a wrong one, and the
 * field is optional wherever it is asked for (issue 19).
 */
export const GENDERS = ['male', 'female', 'non_binary', 'prefer_not_to_say'] as const;
export type Gender = (typeof GENDERS)[number];
export const gender = z.enum(GENDERS, 'Choose a gender from the list');

/** Age in whole years on `today` for a YYYY-MM-DD birth date. */
export function ageOn(dob: string, today: Date): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** Whether `YYYY-MM-DD` names a day that exists (no 31 April) in 1900-2100: past that, a date is a typo. */
function isRealDate(value: string) {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1900' && value < '2101';
}

/**
 * Every calendar date on the wire: `YYYY-MM-DD`, a day that exists, in 1900-2100. 2026-13-45 or a typo'd year is bad
 * input with the field named, not an invalid time further in (check 18); `message` says what the field wants. Here
 * rather than in a file of its own, and small: the sign-in page loads this file, and each byte costs it (check P1).
 */
export const calendarDate = (message: string) => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, message), z.refine(isRealDate, message));

export const dob = calendarDate('Enter a real date of birth as YYYY-MM-DD').check(
  z.refine((v) => ageOn(v, new Date()) >= MIN_AGE_YEARS, `You must be at least ${MIN_AGE_YEARS} to join`),
);

/** What kind of member someone is; chosen after sign-up (spec §6 leaves the values to us; contract/user-types.ts names them). */
export const userType = z.enum(['member', 'organizer', 'guardian'], 'Choose a member type');
export type UserType = z.infer<typeof userType>;

/** 1 web (spec §9), 2 iOS, 3 Android. */
export const deviceType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export const deviceToken = z.optional(z.string().check(z.maxLength(512)));
export const referralCode = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{4,32}$/, 'Invalid referral code'));
