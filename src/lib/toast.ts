/**
 * The one toast helper (spec §2): success, failure and plain message, 3000 ms, closable, top centre.
 *
 * sonner is loaded the first time a toast is shown, not with the first page (check P1): `show` asks the host in
 * the root to mount the toaster, waits until it has, then hands the toast to sonner.
 */
type Kind = 'success' | 'failure' | 'message';

let requested = false;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
const listeners = new Set<() => void>();

export const toasterHost = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isRequested: () => requested,
  /** Called by the host once sonner's Toaster is in the page. */
  mounted: () => markMounted(),
};

function show(kind: Kind, message: string) {
  if (!requested) {
    requested = true;
    listeners.forEach((l) => l());
  }
  void Promise.all([import('sonner'), mounted]).then(([{ toast }]) => {
    if (kind === 'success') toast.success(message);
    else if (kind === 'failure') toast.error(message);
    else toast.message(message);
  });
}

export const toast = {
  success: (message: string) => show('success', message),
  failure: (message: string) => show('failure', message),
  message: (message: string) => show('message', message),
};
