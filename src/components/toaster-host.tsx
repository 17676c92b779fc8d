import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasterHost } from '../lib/toast';

const Toaster = lazy(() => import('./toaster'));

/** Mounts sonner's Toaster the first time something asks for a toast (see lib/toast.ts). */
export function ToasterHost() {
  const requested = useSyncExternalStore(toasterHost.subscribe, toasterHost.isRequested, toasterHost.isRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
