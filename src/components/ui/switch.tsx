import clsx from 'clsx';
import type { ButtonHTMLAttributes } from 'react';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'role' | 'type' | 'aria-checked' | 'onClick'> & {
  on: boolean;
  onToggle(): void;
};

/**
 * An on/off switch (`role="switch"`): a button, so Space and Enter toggle it and it sits in the tab order. Name it with
 * `aria-label` or `aria-labelledby`.
 */
export function Switch({ on, onToggle, className, ...rest }: Props) {
  return (
    <button
      {...rest}
      type="button"
      role="switch"
      aria-checked={on}
      onClick={onToggle}
      className={clsx(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border align-middle transition-colors',
        on ? 'border-brand bg-brand' : 'border-line bg-surface-3',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={clsx('inline-block size-5 rounded-full shadow transition-transform', on ? 'translate-x-6 bg-on-brand' : 'translate-x-1 bg-surface')}
      />
    </button>
  );
}
