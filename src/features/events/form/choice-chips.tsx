import clsx from 'clsx';
import { useId, type ReactNode } from 'react';

type Option<T extends string> = { value: T; label: string; icon?: ReactNode; detail?: string };

type Props<T extends string> = {
  legend: string;
  name: string;
  value: T;
  options: readonly Option<T>[];
  onChange(value: T): void;
  onBlur?(): void;
  error?: string | undefined;
  /** Icons only (the label is read, not shown), e.g. the event's icon. */
  compact?: boolean;
};

/**
 * One choice of a few as chips: each is a real radio button, so arrow keys move between them and screen readers
 * say which is chosen. With `detail`, each option reads as a row with a line of explanation under its label.
 */
export function ChoiceChips<T extends string>({ legend, name, value, options, onChange, onBlur, error, compact = false }: Props<T>) {
  const id = useId();
  const rows = options.some((o) => o.detail);
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {/* Rows side by side from tablet width: three options in three columns, else two. */}
      <div className={clsx(rows ? clsx('grid gap-2', options.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2') : 'flex flex-wrap gap-2')}>
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label key={option.value} className="relative flex" title={compact ? option.label : undefined}>
              <input
                type="radio"
                name={`${name}-${id}`}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                onBlur={onBlur}
                aria-label={compact ? option.label : undefined}
                aria-describedby={option.detail ? `${id}-${option.value}-detail` : undefined}
                className="peer sr-only"
              />
              <span
                className={clsx(
                  'flex min-h-11 cursor-pointer items-center gap-2 border text-sm font-medium transition-colors',
                  'peer-focus-visible:[outline:3px_solid_var(--focus)] peer-focus-visible:[outline-offset:2px]',
                  rows ? 'flex-1 rounded-xl px-4 py-2' : compact ? 'min-w-11 justify-center rounded-xl px-2' : 'rounded-full px-4',
                  checked ? 'border-brand bg-brand text-on-brand' : 'border-line bg-surface text-fg hover:bg-surface-2',
                )}
              >
                {option.icon}
                {rows ? (
                  <span className="flex flex-col">
                    <span>{option.label}</span>
                    <span id={`${id}-${option.value}-detail`} className={clsx('text-xs font-normal', checked ? 'text-on-brand' : 'text-muted')}>
                      {option.detail}
                    </span>
                  </span>
                ) : (
                  !compact && option.label
                )}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
