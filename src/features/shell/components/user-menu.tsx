import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { Icon } from '../../../components/icons';
import { ThemeSwitch } from '../../../components/theme-switch';
import { useLogout } from '../../auth/api';
import { useSession, useSessionActions } from '../../auth/session-context';

/** The signed-in member's avatar, opening their profile link, the theme switch and sign-out. */
export function UserMenu() {
  const { user } = useSession();
  const { endSession } = useSessionActions();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onClick = (e: MouseEvent) => !rootRef.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`;

  const signOut = () => {
    // The server revokes the token; the device signs out whatever it answers.
    logout.mutate(undefined, { onSettled: () => endSession('signedOut') });
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        className="flex min-h-11 items-center gap-2 rounded-full p-1 pr-3 hover:bg-surface-2"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar src={user.profileImage} name={name} size="sm" />
        {/* Beside the full top-bar navigation (lg and up, in a bar that stops growing at max-w-6xl) there is room only
            for the avatar: a long handle ran over the Profile link. */}
        <span className="hidden max-w-40 truncate text-sm font-medium sm:inline lg:hidden">@{user.handleName}</span>
        <span className="sr-only">Account menu</span>
      </button>
      {open && (
        <div id={menuId} className="absolute right-0 top-full mt-2 w-64 rounded-xl border border-line bg-surface p-2 shadow-lg">
          <div className="border-b border-line px-3 pb-3 pt-1">
            <p className="font-semibold">{name}</p>
            <p className="truncate text-sm text-muted">{user.email}</p>
          </div>
          <Link to="/profile" className="mt-1 flex min-h-10 items-center rounded-lg px-3 text-sm hover:bg-surface-2" onClick={() => setOpen(false)}>
            My profile
          </Link>
          {/* Where a member finds whom they blocked or muted, to undo it (the profile's ⋯ menu does it one by one). */}
          <Link to="/manage-users/blocked" className="flex min-h-10 items-center rounded-lg px-3 text-sm hover:bg-surface-2" onClick={() => setOpen(false)}>
            Blocked members
          </Link>
          <Link to="/manage-users/muted" className="flex min-h-10 items-center rounded-lg px-3 text-sm hover:bg-surface-2" onClick={() => setOpen(false)}>
            Muted members
          </Link>
          <Link to="/manage-users/reported" className="flex min-h-10 items-center rounded-lg px-3 text-sm hover:bg-surface-2" onClick={() => setOpen(false)}>
            Your reports
          </Link>
          {user.isModerator && (
            <Link to="/moderation" className="flex min-h-10 items-center rounded-lg px-3 text-sm hover:bg-surface-2" onClick={() => setOpen(false)}>
              Moderation
            </Link>
          )}
          <div className="px-3 py-2">
            <ThemeSwitch />
          </div>
          <button
            type="button"
            className="flex min-h-10 w-full items-center gap-2 rounded-lg px-3 text-left text-sm text-danger hover:bg-surface-2"
            onClick={signOut}
            disabled={logout.isPending}
          >
            <Icon name="signOut" className="size-5" />
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
