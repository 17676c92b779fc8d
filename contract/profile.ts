import * as z from 'zod/mini';
import { SPORTS } from './sports';
import { dob, gender, handleName, personName, userType } from './rules';
import { UNITS } from './user';

export const BIO_MAX = 300;
export const LOCATION_MAX = 100;

const sportIds: readonly number[] = SPORTS.map((s) => s.id);

/** An upload of the member's own (the `key` that `POST /api/compress-image` answered), or null to remove the image. */
const ownUploadKey = z.nullable(z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'Upload the image again')));

/** The member's sports (spec §3 sport type ids): each from the list, once. */
export const sportIdList = z
  .array(z.int().check(z.refine((id) => sportIds.includes(id), 'Choose sports from the list')))
  .check(
    z.maxLength(SPORTS.length),
    z.refine((list) => new Set(list).size === list.length, 'Choose each sport once'),
  );

/**
 * `POST /api/user-type`: sign-up's last step (with the member's sports) and the settings' member type. Here, not in
 * auth.ts, so the sign-in page's script does not carry the sports rule (P1 budget).
 */
export const userTypeBody = z.strictObject({ userType, sports: z.optional(sportIdList) });

/** `PUT /api/update_profile`: only these fields; anything else (ids, e-mail, counts, someone else's data) is refused. */
export const updateProfileBody = z.strictObject({
  handleName,
  firstName: personName('first name'),
  lastName: personName('last name'),
  bio: z.nullable(z.string().check(z.trim(), z.maxLength(BIO_MAX, `Bio is at most ${BIO_MAX} characters`))),
  // Optional (issue 19): null clears it; left out, it stays as it is (like the images).
  gender: z.optional(z.nullable(gender)),
  dob,
  sports: sportIdList,
  location: z.nullable(z.string().check(z.trim(), z.maxLength(LOCATION_MAX, `Location is at most ${LOCATION_MAX} characters`))),
  profileImage: z.optional(ownUploadKey),
  profileCoverImage: z.optional(ownUploadKey),
});

/** `POST /api/profileSetting`: privacy and units, each optional. */
export const profileSettingBody = z.strictObject({
  isPrivate: z.optional(z.boolean()),
  units: z.optional(z.enum(UNITS, 'Choose imperial or metric')),
});

export const validateHandleBody = z.strictObject({ handleName });
export const validateHandleData = z.object({ available: z.boolean() });

/** `GET /api/user-profile-summary`: the member's counts (areas not built yet count 0, truthfully). */
export const profileSummaryData = z.object({
  followers: z.int(),
  following: z.int(),
  feeds: z.int(),
  shorts: z.int(),
  activities: z.int(),
  gears: z.int(),
  /** All-time totals of the member's activities, in metres; shown in the member's units. */
  distanceMetres: z.number(),
  elevationMetres: z.number(),
});

export const country = z.object({ id: z.string(), name: z.string(), dialCode: z.int(), flag: z.string() });
export const countriesData = z.array(country).check(z.maxLength(300));

// The phone number's request bodies are in `./phone.ts`, apart, so its numbering plans load only with the phone form.

/** Spec §5: a leading + on the country code is stripped. */
export const stripPlus = (code: string) => code.replace(/^\+/, '');
