import * as z from 'zod/mini';
import { rowIdParam } from './ids';
import { otp } from './rules';

/**
 * The member's data rights (issue 3): download everything stored about them, and delete the account.
 */

/** How long a finished export can be downloaded. */
export const EXPORT_LIFETIME_DAYS = 7;
/** Exports a member may start per 24 hours (a pending one is answered again instead of counting twice). */
export const EXPORTS_PER_DAY = 3;

/**
 * `pending` while the zip is being made; `ready` to download until `expiresAt`; `failed` when it could not be made
 * (start another); `expired` once the file is gone.
 */
export const EXPORT_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** `GET /api/account/export` and `GET /api/account/exports/:exportId`. */
export const dataExport = z.object({
  exportId: z.int(),
  status: z.enum(EXPORT_STATUSES),
  createdAt: z.string(),
  readyAt: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  /** Size of the zip in bytes, once ready. */
  bytes: z.nullable(z.int()),
});
export type DataExport = z.infer<typeof dataExport>;

export const exportParams = z.strictObject({ exportId: rowIdParam });

/**
 * `POST /api/account/delete`: members with a password confirm with it; members who only sign in with a social
 * provider confirm with the code `POST /api/account/delete-code` mailed them. The other field is refused.
 */
export const deleteAccountBody = z.strictObject({
  password: z.optional(z.string().check(z.minLength(1, 'Enter your password'), z.maxLength(128, 'Password must be at most 128 characters'))),
  otp: z.optional(otp),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const deleteAccountData = z.object({ deleted: z.literal(true) });
export const deleteCodeData = z.object({ otpSent: z.literal(true) });
