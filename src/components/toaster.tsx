import { useEffect, useSyncExternalStore } from 'react';
import { Toaster as Sonner } from 'sonner';
import { toasterHost } from '../lib/toast';

const subscribeTheme = (onChange: () => void) => {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
};
const isDark = () => document.documentElement.classList.contains('dark');

/** Below the sticky top bars (56 px in the app, 64 px on the public pages), so a toast never covers the navigation. */
const TOAST_OFFSET = { top: '4.5rem' } as const;

/** Spec §2: toasts at top centre, 3000 ms, with a close button, in the app's current theme. */
export default function Toaster() {
  const dark = useSyncExternalStore(subscribeTheme, isDark);
  useEffect(() => toasterHost.mounted(), []);
  return <Sonner position="top-center" offset={TOAST_OFFSET} mobileOffset={TOAST_OFFSET} duration={3000} closeButton richColors theme={dark ? 'dark' : 'light'} />;
}
