import clsx from 'clsx';
import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { controlClass, describedBy, FieldFrame } from './field-frame';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLSelectElement>;
};

/** A native select with the label, hint and announced error of the other fields (TextField's sibling). */
export function SelectField({ label, error, hint, className, id, ref, children, ...rest }: Props) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <FieldFrame inputId={selectId} label={label} error={error} hint={hint} className={className}>
      <select
        id={selectId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, { error, hint })}
        className={clsx('min-h-11', controlClass(error))}
        {...rest}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
