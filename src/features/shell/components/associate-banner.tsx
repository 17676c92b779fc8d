import { Link } from '@tanstack/react-router';
import { useSession } from '../../auth/session-context';

/**
 * Issue 25: an associate sees on every signed-in page who manages their account, so an action left out of a screen
 * is explained once rather than at each missing button. Nothing for an independent member. At the top of `main`, so
 * it sits inside a landmark and the skip link lands on it.
 */
export function AssociateBanner() {
  const owner = useSession().user?.managedBy?.owner;
  if (!owner) return null;
  const name = `${owner.firstName} ${owner.lastName}`.trim();
  return (
    <div role="status" className="mb-4 flex flex-wrap items-baseline gap-x-2 gap-y-0.5 rounded-lg border border-line bg-surface-2 px-3 py-2 text-sm">
      <p className="font-semibold">
        Managed by {name}{' '}
        <Link to="/profile/$username" params={{ username: owner.handleName }} className="break-all font-medium text-brand underline-offset-2 hover:underline">
          (@{owner.handleName})
        </Link>
      </p>
      <p className="text-muted">{owner.firstName || name} chooses what this account may do; what is not allowed is left out.</p>
    </div>
  );
}
