import { permissionLabel, type AssociateAuditEntry } from '#contract/associates';
import { displayName } from '../../lib/display-name';

/** Who made a change: the owner by name, or a deleted account. */
const who = (entry: AssociateAuditEntry) => (entry.by ? displayName(entry.by) : 'A deleted account');

const permissionName = (entry: AssociateAuditEntry) => (entry.permission ? permissionLabel(entry.permission) : 'a permission');

/** One line of the audit, in words: "Dana Rivera granted Post shorts", "Dana Rivera turned the account off". */
export function auditSentence(entry: AssociateAuditEntry): string {
  switch (entry.change) {
    case 'created':
      return `${who(entry)} created the account`;
    case 'edited':
      return `${who(entry)} edited the details`;
    case 'granted':
      return `${who(entry)} granted ${permissionName(entry)}`;
    case 'revoked':
      return `${who(entry)} revoked ${permissionName(entry)}`;
    case 'activated':
      return `${who(entry)} turned the account on`;
    case 'deactivated':
      return `${who(entry)} turned the account off`;
    case 'invited':
      return `${who(entry)} sent an invitation`;
  }
}
