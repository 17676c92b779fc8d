import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../auth/session-context';
import { ChangeEmailDialog } from './change-email-dialog';
import { ChangePasswordDialog } from './change-password-dialog';
import { SignedInDevices } from './signed-in-devices';

/** "Sign-in and security" (issue 19 item 9): the e-mail and password the member signs in with, and their devices. */
export function AccountSecurity() {
  const { user } = useSession();
  const [open, setOpen] = useState<'email' | 'password' | null>(null);
  if (!user) return null;

  return (
    <section aria-labelledby="security-title" className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-4 sm:p-6">
      <h2 id="security-title" className="text-lg font-bold">
        Sign-in and security
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold">E-mail</h3>
          <p className="break-all text-sm">{user.email}</p>
        </div>
        <Button variant="secondary" aria-haspopup="dialog" aria-label="Change e-mail" onClick={() => setOpen('email')}>
          Change
        </Button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-5">
        <div className="min-w-0">
          <h3 className="font-semibold">Password</h3>
          <p className="text-sm text-muted">
            {user.hasPassword ? 'Changing it signs out your other devices.' : 'You sign in with Google. To set a password, use “Forgot password?” on the sign-in page.'}
          </p>
        </div>
        {user.hasPassword && (
          <Button variant="secondary" aria-haspopup="dialog" aria-label="Change password" onClick={() => setOpen('password')}>
            Change
          </Button>
        )}
      </div>
      <div className="border-t border-line pt-5">
        <SignedInDevices />
      </div>
      {open === 'email' && <ChangeEmailDialog currentEmail={user.email} hasPassword={user.hasPassword} onClose={() => setOpen(null)} />}
      {open === 'password' && <ChangePasswordDialog onClose={() => setOpen(null)} />}
    </section>
  );
}
