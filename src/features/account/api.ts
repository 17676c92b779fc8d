import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { dataExport, deleteAccountData, deleteCodeData, type DataExport, type DeleteAccountBody } from '#contract/account';
import {
  changeEmailData,
  changePasswordData,
  emailCodeData,
  sessionsData,
  signedOutData,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type EmailCodeBody,
  type SignedInDevice,
} from '#contract/account-security';
import { api } from '../../lib/api-client';
import { getFile } from '../../lib/file-download';
import { useSyncOwnProfile } from '../profile/api';

export const accountKeys = {
  all: ['account'] as const,
  exports: () => [...accountKeys.all, 'exports'] as const,
  export: (exportId: number) => [...accountKeys.exports(), exportId] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
};

/** How often a pending export's status is asked for. */
export const EXPORT_POLL_MS = 2000;

/** One export's status, asked again every `pollMs` while it is being made. */
export const exportStatusQuery = (exportId: number, pollMs = EXPORT_POLL_MS) =>
  queryOptions({
    queryKey: accountKeys.export(exportId),
    queryFn: ({ signal }) => api.get(dataExport, `account/exports/${exportId}`, { signal }).then((r) => r.data),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? pollMs : false),
    staleTime: 0,
  });

/** `GET /api/account/export`: starts an export, or answers the one being made. */
export const useStartExport = () =>
  useMutation({ mutationFn: () => api.get(dataExport, 'account/export').then((r) => r.data) });

/** The zip of a ready export, fetched with the session's token. */
export const useDownloadExport = () =>
  useMutation({ mutationFn: (exportId: number) => getFile(`account/exports/${exportId}/download`) });

export const useSendDeleteCode = () => useMutation({ mutationFn: () => api.post(deleteCodeData, 'account/delete-code') });

export const useDeleteAccount = () =>
  useMutation({ mutationFn: (body: DeleteAccountBody) => api.post(deleteAccountData, 'account/delete', body) });

/** `GET /api/account/sessions`: "Where you're signed in", this device first. */
export const sessionsQuery = queryOptions({
  queryKey: accountKeys.sessions(),
  queryFn: ({ signal }) => api.get(sessionsData, 'account/sessions', { signal }).then((r) => r.data),
});

/** A mutation that changes who is signed in: the list is asked again afterwards, whatever the answer. */
function useSessionsMutation<TBody>(call: (body: TBody) => Promise<{ message: string; data: { signedOut: number } }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }) });
}

/** `DELETE /api/account/sessions/:sessionId`: signs out one of the member's other devices. */
export const useSignOutDevice = () => useSessionsMutation((sessionId: number) => api.delete(signedOutData, `account/sessions/${sessionId}`));

/** `POST /api/account/sessions/sign-out-others`. */
export const useSignOutOthers = () => useSessionsMutation(() => api.post(signedOutData, 'account/sessions/sign-out-others'));

/** `POST /api/account/password`: the other devices are signed out, so their list is asked again. */
export const useChangePassword = () => useSessionsMutation((body: ChangePasswordBody) => api.post(changePasswordData, 'account/password', body));

/** `POST /api/account/email/code`: a code to the new address. */
export const useSendEmailCode = () => useMutation({ mutationFn: (body: EmailCodeBody) => api.post(emailCodeData, 'account/email/code', body) });

/** `POST /api/account/email`: the new address becomes the account's; the stored member and profile follow. */
export function useChangeEmail() {
  const sync = useSyncOwnProfile();
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => api.post(changeEmailData, 'account/email', body),
    onSuccess: ({ data }) => sync(data),
  });
}

export type { DataExport, SignedInDevice };
