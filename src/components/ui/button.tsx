import clsx from 'clsx';
import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants: Record<Variant, string> = {
  primary: 'bg-brand text-on-brand hover:bg-brand-strong',
  secondary: 'border border-line bg-surface text-fg hover:bg-surface-2',
  ghost: 'text-fg hover:bg-surface-2',
  danger: 'bg-danger text-on-danger hover:opacity-90',
};

export type ButtonSize = 'xs' | 'sm' | 'md' | 'lg';

// Every size keeps a target a finger can hit; `xs` (36 px) only beside other controls in a tight tile.
const sizes: Record<ButtonSize, string> = {
  xs: 'min-h-9 px-2 text-xs',
  sm: 'min-h-11 px-3 text-sm',
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

/**
 * The classes of a button (or of a link that looks like one). Height, padding and text size come from `size`, never
 * from `className`: Tailwind orders the stylesheet by utility, not by the order of a class list, so a `px-2` passed
 * here would lose to the base's `px-4` (and `text-base` to `text-sm`). `className` is for layout: margins, width,
 * alignment, responsive tweaks.
 */
export function buttonClass(variant: Variant = 'primary', className?: string, size: ButtonSize = 'md') {
  return clsx(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
    // Disabled: muted text on the quiet surface (styles.css says why).
    'button-disabled',
    sizes[size],
    variants[variant],
    className,
  );
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: ButtonSize; busy?: boolean };

/** A button that shows a spinner and stays disabled while its work runs, so a double click sends nothing twice. */
export function Button({ variant = 'primary', size = 'md', busy = false, className, children, disabled, type = 'button', ...rest }: Props) {
  return (
    <button type={type} className={buttonClass(variant, className, size)} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <Spinner size="sm" />}
      {children}
    </button>
  );
}
