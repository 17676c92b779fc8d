import { useId, type ComponentProps } from 'react';
import { GENDERS, type Gender } from '#contract/rules';

// Here, not beside GENDERS in the contract: the sign-in page loads that file, and these words are for the forms only.
const GENDER_LABELS: Record<Gender, string> = {
  male: 'Male',
  female: 'Female',
  non_binary: 'Non-binary',
  prefer_not_to_say: 'Prefer not to say',
};

type Props = Omit<ComponentProps<'input'>, 'type' | 'value'> & { error?: string | undefined };

/**
 * Gender as four radios (spec §3's two and, since issue 19, non-binary and prefer not to say), none chosen to start:
 * the field is optional. Takes react-hook-form's `register('gender')` spread, shared by every radio of the group.
 */
export function GenderField({ error, ...input }: Props) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">
        Gender <span className="font-normal text-muted">(optional)</span>
      </legend>
      <div className="flex flex-wrap gap-x-6">
        {GENDERS.map((g) => (
          <label key={g} className="flex min-h-11 items-center gap-2">
            <input type="radio" value={g} className="size-4 accent-brand" {...input} />
            {GENDER_LABELS[g]}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
