import clsx from 'clsx';
import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { controlClass, describedBy, FieldFrame } from './field-frame';

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string | undefined;
  hint?: string;
  /** Shows "used / max" under the field; it turns red past the limit instead of cutting the text off. */
  count?: { used: number; max: number };
  ref?: Ref<HTMLTextAreaElement>;
};

/** TextField's multi-line sibling: a labelled textarea whose error, hint and character count are tied to it. */
export function TextArea({ label, error, hint, count, className, id, ref, rows = 5, ...rest }: Props) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const over = count ? count.used > count.max : false;
  const aside = count && (
    <p id={`${inputId}-aside`} className={clsx('ml-auto shrink-0 text-xs tabular-nums', over ? 'font-semibold text-danger' : 'text-muted')}>
      {count.used.toLocaleString('en')} / {count.max.toLocaleString('en')}
      <span className="sr-only"> characters</span>
    </p>
  );
  return (
    <FieldFrame inputId={inputId} label={label} error={error} hint={hint} className={className} aside={aside}>
      <textarea
        id={inputId}
        ref={ref}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, { error, hint, aside: Boolean(count) })}
        className={clsx('min-h-24 resize-y py-2.5', controlClass(error))}
        {...rest}
      />
    </FieldFrame>
  );
}
