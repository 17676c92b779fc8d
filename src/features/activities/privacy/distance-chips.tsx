import clsx from 'clsx';
import { useId } from 'react';
import { Icon } from '../../../components/icons';
import type { DistanceChoice } from './distance-choices';

type Props = {
  legend: string;
  hint?: string;
  choices: DistanceChoice[];
  value: number;
  onChange(metres: number): void;
};

/**
 * One distance of a few, as chips: each a real radio button, so arrow keys move between them and screen readers say
 * which is chosen; the chosen one is filled and ticked, not told by colour alone. (The events area's ChoiceChips
 * look, for numbers; that one is the events area's own.)
 */
export function DistanceChips({ legend, hint, choices, value, onChange }: Props) {
  const id = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="-mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => {
          const checked = choice.metres === value;
          return (
            <label key={choice.metres} className="relative flex">
              <input type="radio" name={id} value={choice.metres} checked={checked} onChange={() => onChange(choice.metres)} className="peer sr-only" />
              <span
                className={clsx(
                  'flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full border px-4 text-sm font-medium tabular-nums transition-colors',
                  'peer-focus-visible:[outline:3px_solid_var(--focus)] peer-focus-visible:[outline-offset:2px]',
                  checked ? 'border-brand bg-brand text-on-brand' : 'border-line bg-surface text-fg hover:bg-surface-2',
                )}
              >
                {checked && <Icon name="check" className="size-4" strokeWidth="2.5" />}
                {choice.label}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
