import { queryOptions, useMutation } from '@tanstack/react-query';
import { dataExport, deleteAccountData, deleteCodeData, type DataExport, type DeleteAccountBody } from '#contract/account';
import { api } from '../../lib/api-client';
import { getFile } from '../../lib/file-download';

export const accountKeys = {
  all: ['account'] as const,
  exports: () => [...accountKeys.all, 'exports'] as const,
  export: (exportId: number) => [...accountKeys.exports(), exportId] as const,
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

export type { DataExport };
