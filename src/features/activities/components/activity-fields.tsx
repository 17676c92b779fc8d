import clsx from 'clsx';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ACTIVITY_VISIBILITIES } from '#contract/activities';
import { SPORTS } from '#contract/sports';
import { controlClass, describedBy, FieldFrame } from '../../../components/ui/field-frame';
import { VISIBILITY_WORDS } from '../visibility-words';

// The fields the activity forms share (adding one by hand, editing one): the same sport list and the same choice of
// who sees it, in the same words.

/** The sport, from the app's list; `placeholder` first when the form may start without one. */
export function SportField({ register, error, placeholder }: { register: UseFormRegisterReturn<'sportId'>; error: string | undefined; placeholder?: string }) {
  const id = useId();
  return (
    <FieldFrame inputId={id} label="Sport" error={error}>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { error })} className={clsx('min-h-11', controlClass(error))} {...register}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {SPORTS.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** Who sees the activity: each choice with what it means. */
export function VisibilityField({ register, error }: { register: UseFormRegisterReturn<'visibility'>; error: string | undefined }) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">Who sees it</legend>
      {ACTIVITY_VISIBILITIES.map((value) => (
        <label key={value} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line p-3 hover:bg-surface-2 has-[:checked]:border-brand">
          <input type="radio" value={value} className="mt-1 size-4 shrink-0 accent-brand" {...register} />
          <span className="flex flex-col">
            <span className="text-sm font-semibold">{VISIBILITY_WORDS[value].label}</span>
            <span className="text-xs text-muted">{VISIBILITY_WORDS[value].hint}</span>
          </span>
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
