import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { associateKeys, removeAssociate, resendInvitation, saveAssociate, type AssociateSaveBody } from './api';
import { associateWords } from './associate-words';

/**
 * `POST /api/associate/add`. The answer is the associate as saved: their edit form's cache takes it, and the list and
 * their permissions are asked again. The form says it was saved and puts a 400 under its fields.
 */
export function useSaveAssociate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...associateKeys.all, 'save'],
    mutationFn: (body: AssociateSaveBody) => saveAssociate(body),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(associateKeys.profile(data.associateId), data);
      void queryClient.invalidateQueries({ queryKey: associateKeys.list() });
      void queryClient.invalidateQueries({ queryKey: associateKeys.permissions(data.associateId) });
    },
  });
}

/** `POST /api/associate/remove`: the server's message (or ours) as the toast, then the list asked again. */
export function useRemoveAssociate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...associateKeys.all, 'remove'],
    mutationFn: ({ associateId, mode }: { associateId: number; mode: 'delete' | 'release'; name: string }) => removeAssociate(associateId, mode),
    onSuccess: ({ message }, { associateId, mode, name }) => {
      toast.success(message || (mode === 'delete' ? associateWords.deleted(name) : associateWords.released(name)));
      queryClient.removeQueries({ queryKey: associateKeys.one(associateId) });
      void queryClient.invalidateQueries({ queryKey: associateKeys.list() });
    },
  });
}

/** `POST /api/associate/invitation`: a new invitation e-mail; the audit of their permissions page notes it. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...associateKeys.all, 'invitation'],
    mutationFn: ({ associateId }: { associateId: number; email: string }) => resendInvitation(associateId),
    onSuccess: ({ message }, { associateId, email }) => {
      toast.success(message || associateWords.invitationSent(email));
      void queryClient.invalidateQueries({ queryKey: associateKeys.permissions(associateId) });
    },
  });
}
