import type { QueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { AssociateAuditEntry, associatePermissionsData, PermissionId } from '#contract/associates';
import { sendAsMutation, useOptimisticToggle } from '../../lib/optimistic-toggle';
import { associateKeys, setAssociatePermissions } from './api';

type PermissionsData = z.infer<typeof associatePermissionsData>;
type Status = 0 | 1;

const keyOf = (associateId: number, id: PermissionId) => `${associateId}:${id}`;
function partsOf(key: string) {
  const [associateId, id] = key.split(':') as [string, PermissionId];
  return { associateId: Number(associateId), id };
}

/** The newest of two audits (ids grow with time): answers to toggles of different permissions may arrive out of order. */
function newestAudit(cached: AssociateAuditEntry[], answered: AssociateAuditEntry[]) {
  const newest = (audit: AssociateAuditEntry[]) => Math.max(0, ...audit.map((e) => e.id));
  return newest(answered) >= newest(cached) ? answered : cached;
}

/** Writes one permission of one associate into their permissions page's cache. */
function patchPermission(queryClient: QueryClient, associateId: number, id: PermissionId, status: Status) {
  queryClient.setQueryData<PermissionsData>(associateKeys.permissions(associateId), (data) => {
    if (!data) return data;
    const listed = data.permission.some((p) => p.id === id);
    const permission = listed ? data.permission.map((p) => (p.id === id ? { ...p, status } : p)) : [...data.permission, { id, status }];
    return { ...data, permission };
  });
}

/**
 * One permission of one associate on or off (`POST /api/associate/permissions` with just that entry), through the one
 * optimistic toggle, per associate and permission: the switch moves at once and ends on the server's answer, a failure
 * puts back what the server has. Only the permission asked about is read from the answer (others may have clicks of
 * their own on the way), and its audit when it is the newest seen. Once settled, the list and the edit form are
 * asked again.
 */
export function usePermissionToggle(associateId: number) {
  const toggle = useOptimisticToggle<Status>('associate-permission', (queryClient) => ({
    apply: (key, status) => {
      const parts = partsOf(key);
      patchPermission(queryClient, parts.associateId, parts.id, status);
    },
    send: async (key, wish) => {
      const parts = partsOf(key);
      const data = await sendAsMutation(queryClient, [...associateKeys.all, 'permissions'], () =>
        setAssociatePermissions({ associateId: parts.associateId, permission: [{ id: parts.id, status: wish }] }),
      );
      queryClient.setQueryData<PermissionsData>(associateKeys.permissions(parts.associateId), (cached) =>
        cached && { ...cached, audit: newestAudit(cached.audit, data.audit) },
      );
      // Not listed is not granted.
      return data.permission.find((p) => p.id === parts.id)?.status ?? 0;
    },
    same: (a, b) => a === b,
    onSettled: (key) => {
      void queryClient.invalidateQueries({ queryKey: associateKeys.list() });
      void queryClient.invalidateQueries({ queryKey: associateKeys.profile(partsOf(key).associateId) });
    },
  }));
  /** Grants `id` when it is not granted, withdraws it when it is; resolves with the status the server settled on. */
  return (id: PermissionId, current: Status) => toggle(keyOf(associateId, id), current, current === 1 ? 0 : 1);
}
