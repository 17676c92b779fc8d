import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { fullDateTime, relativeTime } from '../../../lib/relative-time';
import { toast } from '../../../lib/toast';
import { useNow } from '../../../lib/use-now';
import { sessionsQuery, useSignOutDevice, useSignOutOthers, type SignedInDevice } from '../api';

/**
 * "Where you're signed in": each device with when it signed in and was last used, this one marked; sign out one of
 * the others, or all of them at once (each asks first: the device's owner has to sign in again).
 */
export function SignedInDevices() {
  const { data: devices, isPending, isError, refetch } = useQuery(sessionsQuery);
  const signOutOne = useSignOutDevice();
  const signOutOthers = useSignOutOthers();
  const [asking, setAsking] = useState<SignedInDevice | 'others' | null>(null);
  const now = useNow();
  const others = devices?.filter((d) => !d.current) ?? [];

  const confirm = () => {
    const done = { onSuccess: ({ message }: { message: string }) => toast.success(message), onSettled: () => setAsking(null) };
    if (asking === 'others') signOutOthers.mutate(undefined, done);
    else if (asking) signOutOne.mutate(asking.sessionId, done);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 id="devices-title" className="font-semibold">
          Where you’re signed in
        </h3>
        <p className="text-sm text-muted">Don’t recognise a device? Sign it out, then change your password.</p>
      </div>
      {isPending && <p className="text-sm text-muted">Loading your devices…</p>}
      {isError && (
        <p className="text-sm">
          Your devices could not be loaded.{' '}
          <button type="button" className="font-medium text-brand underline underline-offset-2" onClick={() => void refetch()}>
            Try again
          </button>
        </p>
      )}
      {devices && (
        <ul aria-labelledby="devices-title" className="flex flex-col divide-y divide-line rounded-xl border border-line">
          {devices.map((d) => (
            <li key={d.sessionId} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="break-words">{d.device}</span>
                  {d.current && <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold text-brand">This device</span>}
                </p>
                <p className="text-sm text-muted">
                  Signed in <time dateTime={d.createdAt} title={fullDateTime(d.createdAt)}>{relativeTime(d.createdAt, now)}</time>
                  {' · '}
                  {d.current ? (
                    'active now'
                  ) : (
                    <>
                      last active <time dateTime={d.lastUsedAt} title={fullDateTime(d.lastUsedAt)}>{relativeTime(d.lastUsedAt, now)}</time>
                    </>
                  )}
                </p>
              </div>
              {!d.current && (
                <Button variant="secondary" size="sm" aria-haspopup="dialog" aria-label={`Sign out ${d.device}`} onClick={() => setAsking(d)}>
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <div>
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => setAsking('others')}>
            Sign out all other devices
          </Button>
        </div>
      )}
      {asking && (
        <ConfirmDialog
          title={asking === 'others' ? 'Sign out all other devices?' : `Sign out ${asking.device}?`}
          description={
            asking === 'others'
              ? `${others.length === 1 ? 'The other device' : `The ${others.length} other devices`} will have to sign in again. This one stays signed in.`
              : 'That device will have to sign in again.'
          }
          confirmLabel={asking === 'others' ? 'Sign out all others' : 'Sign out'}
          busy={signOutOne.isPending || signOutOthers.isPending}
          onConfirm={confirm}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}
