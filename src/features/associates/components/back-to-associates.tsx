import { Link } from '@tanstack/react-router';
import { Icon } from '../../../components/icons';

/** The way back to the list from an associate's form or permissions. */
export function BackToAssociates() {
  return (
    <Link
      to="/profile/associate"
      className="inline-flex min-h-11 items-center gap-1 self-start rounded-full pr-3 pl-2 text-sm font-semibold text-muted hover:bg-surface-2 hover:text-fg"
    >
      <Icon name="chevronLeft" className="size-5" strokeWidth="2" />
      Associates
    </Link>
  );
}
