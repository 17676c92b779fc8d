import * as z from 'zod/mini';
import {
  ASSOCIATE_MIN_AGE,
  INDEPENDENCE_AGE,
  PERMISSION_IDS,
  associateSaveBody,
  defaultPermissions,
  type Associate,
  type PermissionId,
} from '#contract/associates';
import { ageOn, email } from '#contract/rules';
import type { AssociateSaveBody } from './api';

const { firstName, lastName, dob, gender, profileImage, permission } = associateSaveBody.shape;

/**
 * The two-step associate form: step 1's details, step 2's permissions, checked with the contract's own rules (the
 * same the server applies). The e-mail is asked only for a new associate: it becomes their sign-in, so an edit shows
 * it and never sends it. `permission` holds every permission, granted (1) or not (0), as the wire names them.
 */
export function associateFormSchema(isNew: boolean) {
  return z.object({ email: isNew ? email : z.string(), firstName, lastName, dob, gender, profileImage, permission });
}

type Schema = ReturnType<typeof associateFormSchema>;
export type AssociateFormInput = z.input<Schema>;
export type AssociateFormValues = z.output<Schema>;
export type PermissionEntry = { id: PermissionId; status: 0 | 1 };

/** Step 1's fields: what Next checks, and where a server error sends the owner back to. */
export const DETAIL_FIELDS = ['email', 'firstName', 'lastName', 'dob', 'gender', 'profileImage'] as const satisfies readonly (keyof AssociateFormInput)[];
/** Every field a server 400 may name that has an input here. */
export const ASSOCIATE_FORM_FIELDS = [...DETAIL_FIELDS, 'permission'] as const;

/** Every permission, granted when `granted` says so, in the contract's order. */
export const permissionEntries = (granted: (id: PermissionId) => boolean): PermissionEntry[] =>
  PERMISSION_IDS.map((id) => ({ id, status: granted(id) ? 1 : 0 }));

/** What an associate of this birth date gets by default (contract/associates.ts decides), as entries. */
export function defaultEntries(dob: string, today = new Date()): PermissionEntry[] {
  const granted = new Set(defaultPermissions(dob, today));
  return permissionEntries((id) => granted.has(id));
}

/** Whether an associate born on `dob` is under the age at which the safe defaults stop (only for a real date). */
export const isUnderIndependenceAge = (dob: string, today = new Date()) => dob !== '' && ageOn(dob, today) < INDEPENDENCE_AGE;

/** A new associate: nothing typed; the permissions are chosen from the birth date when step 2 opens. */
export const emptyAssociateForm = (): AssociateFormInput => ({
  email: '',
  firstName: '',
  lastName: '',
  dob: '',
  gender: undefined,
  profileImage: undefined,
  permission: [],
});

/** An associate being edited, as the inputs show them; a permission the server did not list counts as not granted. */
export function toAssociateFormValues(a: Associate): AssociateFormInput {
  const granted = new Set(a.permission.filter((p) => p.status === 1).map((p) => p.id));
  return {
    email: a.email,
    firstName: a.firstName,
    lastName: a.lastName,
    dob: a.dob,
    gender: a.gender ?? undefined,
    profileImage: undefined,
    permission: permissionEntries((id) => granted.has(id)),
  };
}

/**
 * The body of `POST /api/associate/add`: a new associate with their e-mail, an edit with `associateId` and no e-mail;
 * the photo only when it changed (undefined keeps it, null removes it); every permission as chosen.
 */
export function toSaveBody(values: AssociateFormValues, associateId: number | undefined): AssociateSaveBody {
  return {
    ...(associateId === undefined ? { email: values.email } : { associateId }),
    firstName: values.firstName,
    lastName: values.lastName,
    dob: values.dob,
    gender: values.gender ?? null,
    ...(values.profileImage === undefined ? {} : { profileImage: values.profileImage }),
    permission: values.permission ?? [],
  };
}

/** The latest date of birth an associate may have today (the date input's upper bound; the rule is the contract's). */
export function latestAssociateBirthDate(today = new Date()) {
  return new Date(Date.UTC(today.getUTCFullYear() - ASSOCIATE_MIN_AGE, today.getUTCMonth(), today.getUTCDate())).toISOString().slice(0, 10);
}
