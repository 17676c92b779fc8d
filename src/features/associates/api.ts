import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import {
  associate,
  associateListData,
  associatePermissionsData,
  type AssociateStatus,
  type associatePermissionsBody,
  type associateSaveBody,
} from '#contract/associates';
import { invitationCodeData, validateEmailData } from '#contract/auth';
import { emptyData } from '#contract/envelope';
import { api } from '../../lib/api-client';

/**
 * Every associates query key, generic to specific: `['associates']`, `['associates','list']`,
 * `['associates','one',id,'profile' | 'permissions']`, `['associates','email',address]`. A change to one associate
 * refreshes the list and everything under `one(id)`.
 */
export const associateKeys = {
  all: ['associates'] as const,
  list: () => [...associateKeys.all, 'list'] as const,
  one: (associateId: number) => [...associateKeys.all, 'one', associateId] as const,
  profile: (associateId: number) => [...associateKeys.one(associateId), 'profile'] as const,
  permissions: (associateId: number) => [...associateKeys.one(associateId), 'permissions'] as const,
  email: (email: string) => [...associateKeys.all, 'email', email] as const,
};

/** `GET /api/associate`: the owner's associates, how many, and how many they may have. The page shows its own failure. */
export const associateListQuery = queryOptions({
  queryKey: associateKeys.list(),
  queryFn: ({ signal }) => api.get(associateListData, 'associate', { signal }).then((r) => r.data),
  meta: { silent: true },
});

/** `GET /api/associate/profile?associateId=`: one associate for the edit form; a 404 is the page's not-found state. */
export const associateProfileQuery = (associateId: number) =>
  queryOptions({
    queryKey: associateKeys.profile(associateId),
    queryFn: ({ signal }) => api.get(associate, 'associate/profile', { searchParams: { associateId }, signal }).then((r) => r.data),
    meta: { silent: true },
  });

/** `GET /api/associate/permissions?associateId=`: their permissions and the audit of changes, newest first. */
export const associatePermissionsQuery = (associateId: number) =>
  queryOptions({
    queryKey: associateKeys.permissions(associateId),
    queryFn: ({ signal }) => api.get(associatePermissionsData, 'associate/permissions', { searchParams: { associateId }, signal }).then((r) => r.data),
    meta: { silent: true },
  });

/**
 * `POST /api/validate-email`: is there no account with this address yet? A hint while typing (the save decides, and
 * the server allows 30 checks an hour), so a failed check raises no toast and an answer is kept a while.
 */
export const emailAvailabilityQuery = (email: string) =>
  queryOptions({
    queryKey: associateKeys.email(email),
    queryFn: ({ signal }) => api.post(validateEmailData, 'validate-email', { email }, { signal }).then((r) => r.data.available),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export type AssociateSaveBody = z.input<typeof associateSaveBody>;
export type AssociatePermissionsBody = z.input<typeof associatePermissionsBody>;

/** `POST /api/associate/add`: a new associate, or with `associateId` an edit; answers them and the server's message. */
export const saveAssociate = (body: AssociateSaveBody) => api.post(associate, 'associate/add', body);

/** `POST /api/associate/status`: turn the account on (1) or off (0); answers the associate as they now are. */
export const setAssociateStatus = (associateId: number, status: AssociateStatus) =>
  api.post(associate, 'associate/status', { associateId, status }).then((r) => r.data);

/** `POST /api/associate/remove`: delete the account, or let it go as an independent member; answers the message. */
export const removeAssociate = (associateId: number, mode: 'delete' | 'release') => api.post(emptyData, 'associate/remove', { associateId, mode });

/** `POST /api/associate/permissions`: the permissions named are set, the others kept; answers them all and the audit. */
export const setAssociatePermissions = (body: AssociatePermissionsBody) => api.post(associatePermissionsData, 'associate/permissions', body).then((r) => r.data);

/** `POST /api/associate/invitation`: a new invitation e-mail with a new code; answers the message. */
export const resendInvitation = (associateId: number) => api.post(invitationCodeData, 'associate/invitation', { associateId });
