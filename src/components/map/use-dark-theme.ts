import { useSyncExternalStore } from 'react';

// The theme lives as a class on <html> (lib/theme.ts); the map repaints its colours when it changes.
const subscribe = (onChange: () => void) => {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
};
const isDark = () => document.documentElement.classList.contains('dark');

/** True while the app shows its dark theme. */
export function useDarkTheme() {
  return useSyncExternalStore(subscribe, isDark, () => false);
}
