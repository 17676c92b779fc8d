import { STORAGE_KEYS } from './storage';

export type ThemeChoice = 'light' | 'dark' | 'system';

const media = () => window.matchMedia('(prefers-color-scheme: dark)');

export function readThemeChoice(): ThemeChoice {
  if (typeof localStorage === 'undefined') return 'system';
  const v = localStorage.getItem(STORAGE_KEYS.theme);
  return v === 'light' || v === 'dark' ? v : 'system';
}

/** Applies a choice the same way server/lib/boot-script.ts does before first paint. */
export function applyTheme(choice: ThemeChoice) {
  if (choice === 'system') localStorage.removeItem(STORAGE_KEYS.theme);
  else localStorage.setItem(STORAGE_KEYS.theme, choice);
  const dark = choice === 'dark' || (choice === 'system' && media().matches);
  document.documentElement.classList.toggle('dark', dark);
}

/** Keeps "system" in step when the operating system switches between light and dark. */
export function followSystemTheme() {
  const m = media();
  const onChange = () => {
    if (readThemeChoice() === 'system') applyTheme('system');
  };
  m.addEventListener('change', onChange);
  return () => m.removeEventListener('change', onChange);
}
