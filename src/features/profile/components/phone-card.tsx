import { useState } from 'react';
import { formatPhone } from '#contract/phone';
import type { OwnProfile } from '#contract/user';
import { Button } from '../../../components/ui/button';
import { PhoneDialog } from './phone-dialog';

/** The member's own phone number (never shown to anyone else) and the way to change it. */
export function PhoneCard({ profile }: { profile: OwnProfile }) {
  const [open, setOpen] = useState(false);
  const { phone, countryCode } = profile.profile;
  return (
    <section aria-labelledby="phone-title" className="rounded-2xl border border-line bg-surface p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="phone-title" className="text-lg font-bold">
            Phone number
          </h2>
          <p className={phone ? 'text-base tabular-nums' : 'text-muted'}>
            {phone ? formatPhone(countryCode, phone) : 'No phone number yet.'}
          </p>
          <p className="text-xs text-muted">Only you can see this.</p>
        </div>
        <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog" aria-label={phone ? 'Change phone number' : undefined}>
          {phone ? 'Change' : 'Add phone number'}
        </Button>
      </div>
      {open && <PhoneDialog profile={profile} onClose={() => setOpen(false)} />}
    </section>
  );
}
