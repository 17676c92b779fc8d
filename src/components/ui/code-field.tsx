import type { ComponentProps } from 'react';
import { TextField } from './text-field';

type Props = Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'inputMode' | 'autoComplete' | 'maxLength'> & { label?: string };

/** The field for a 4-digit one-time code (e-mail, text or deletion codes): big, spaced digits the phone can fill. */
export function CodeField({ label = 'Code', className, ...rest }: Props) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={4}
      className={['[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em]', className].filter(Boolean).join(' ')}
      {...rest}
    />
  );
}
