import clsx from 'clsx';
import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { controlClass, describedBy, FieldFrame } from './field-frame';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input whose error is announced and tied to it, so screen readers read both. */
export function TextField({ label, error, hint, className, id, ref, ...rest }: Props) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldFrame inputId={inputId} label={label} error={error} hint={hint} className={className}>
      <input
        id={inputId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, { error, hint })}
        className={clsx('min-h-11', controlClass(error))}
        {...rest}
      />
    </FieldFrame>
  );
}
