import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EXPORT_POLL_MS } from '../api';
import { DeleteAccountDialog } from './delete-account-dialog';
import { DownloadMyData } from './download-my-data';

/**
 * "Your data and account" (issue 3, data rights): download everything Switchback keeps about the member, or delete
 * the account. `exportPollMs`: how often a pending export is checked (tests shorten it).
 */
export function AccountActions({ exportPollMs = EXPORT_POLL_MS }: { exportPollMs?: number }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby="account-actions-title" className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-4 sm:p-6">
      <h2 id="account-actions-title" className="text-lg font-bold">
        Your data and account
      </h2>
      <DownloadMyData pollMs={exportPollMs} />
      <div className="flex flex-col gap-3 border-t border-line pt-5">
        <div className="flex flex-col gap-1">
          <h3 className="font-semibold">Delete my account</h3>
          <p className="text-sm text-muted">Deletes your account, your photos and everything you stored, at once and for good.</p>
        </div>
        <div>
          <Button variant="danger" aria-haspopup="dialog" onClick={() => setDeleting(true)}>
            Delete my account
          </Button>
        </div>
      </div>
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
    </section>
  );
}
