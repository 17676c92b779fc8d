import { useState } from 'react';
import { applyTheme, readThemeChoice, type ThemeChoice } from '../lib/theme';

const choices: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function ThemeSwitch() {
  const [choice, setChoice] = useState<ThemeChoice>(readThemeChoice);
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
