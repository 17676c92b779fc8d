import { useState, useSyncExternalStore } from 'react';
import { applyTheme, readThemeChoice, type ThemeChoice } from '../lib/theme';

const choices: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

const unchanging = () => () => {};
/** A prerendered page (src/prerender.tsx) knows no device's choice: "System" there, and while it is taken over. */
const serverChoice = (): ThemeChoice => 'system';

export function ThemeSwitch() {
  const stored = useSyncExternalStore(unchanging, readThemeChoice, serverChoice);
  const [chosen, setChoice] = useState<ThemeChoice | null>(null);
  const choice = chosen ?? stored;
  return (
    <label className="flex items-center gap-2 text-sm">
      <span>Theme</span>
      <select
        className="min-h-9 rounded-md border border-line bg-surface px-2 text-fg"
        value={choice}
        onChange={(e) => {
          const next = e.target.value as ThemeChoice;
          setChoice(next);
          applyTheme(next);
        }}
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
