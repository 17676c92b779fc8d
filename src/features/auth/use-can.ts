import type { PermissionId } from '#contract/associates';
import { useSession } from './session-context';

/**
 * Whether the signed-in member may do `permission` (issue 25): an independent member (`managedBy` null) may do
 * everything, an associate only what their owner granted. The server refuses the rest anyway; this keeps the screen
 * from offering it.
 */
export function useCan(permission: PermissionId) {
  const managedBy = useSession().user?.managedBy;
  return !managedBy || managedBy.permissions.includes(permission);
}

/** Who manages the signed-in associate's account ("Lena Torres"), for the reason a control is off; null for anyone else. */
export function useManagerName() {
  const owner = useSession().user?.managedBy?.owner;
  return owner ? `${owner.firstName} ${owner.lastName}`.trim() || `@${owner.handleName}` : null;
}
