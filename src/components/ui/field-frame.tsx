import clsx from 'clsx';
import type { ReactNode } from 'react';

type FrameProps = {
  inputId: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string | undefined;
  /** Shown at the end of the message line, e.g. a character count (give it the id `${inputId}-aside`). */
  aside?: ReactNode;
  children: ReactNode;
};

/** The ids a control names in aria-describedby, so its error, hint and aside are read with it. */
export function describedBy(inputId: string, { error, hint, aside }: { error?: string | undefined; hint?: string | undefined; aside?: boolean }) {
  return [error && `${inputId}-error`, hint && !error && `${inputId}-hint`, aside && `${inputId}-aside`].filter(Boolean).join(' ') || undefined;
}

export const controlClass = (error: string | undefined) =>
  clsx('rounded-lg border bg-surface px-3 text-base text-fg placeholder:text-muted', error ? 'border-danger' : 'border-line');

/** Label above, then the control, then its hint or its error (announced), for every form field. */
export function FieldFrame({ inputId, label, error, hint, className, aside, children }: FrameProps) {
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      {children}
      <div className="flex items-start justify-between gap-3 empty:hidden">
        {hint && !error && (
          <p id={`${inputId}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${inputId}-error`} role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        {aside}
      </div>
    </div>
  );
}
