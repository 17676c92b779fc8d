import clsx from 'clsx';
import { useId, type ComponentProps } from 'react';
import { controlClass, describedBy, FieldFrame } from '../../../components/ui/field-frame';
import { associateWords } from '../associate-words';
import type { EmailAvailability } from '../use-email-availability';

const HINT = 'It becomes their sign-in. We e-mail them an invitation to choose a password.';

const STATUS: Record<Exclude<EmailAvailability, 'none'>, { tone: 'muted' | 'good' | 'bad'; text: string }> = {
  checking: { tone: 'muted', text: associateWords.emailChecking },
  available: { tone: 'good', text: associateWords.emailAvailable },
  taken: { tone: 'bad', text: associateWords.emailTaken },
  unchecked: { tone: 'muted', text: associateWords.emailUnchecked },
};

type Props = Omit<ComponentProps<'input'>, 'type'> & { availability: EmailAvailability; error?: string | undefined };

/**
 * A new associate's e-mail, with whether an account already has it said under it as the owner types (the check is
 * `useEmailAvailability`'s). A field error says more, so it takes the place of the check's line.
 */
export function EmailField({ availability, error, ...input }: Props) {
  const inputId = useId();
  const status = error || availability === 'none' ? null : STATUS[availability];
  const aside = (
    <p
      id={`${inputId}-aside`}
      aria-live="polite"
      className={clsx('text-sm font-medium', { 'text-muted': status?.tone === 'muted', 'text-success': status?.tone === 'good', 'text-danger': status?.tone === 'bad' })}
    >
      {status && (
        <>
          <span aria-hidden="true">{status.tone === 'good' ? '✓ ' : status.tone === 'bad' ? '✗ ' : ''}</span>
          {status.text}
        </>
      )}
    </p>
  );
  return (
    <FieldFrame inputId={inputId} label="E-mail" error={error} hint={HINT} aside={aside}>
      <input
        id={inputId}
        type="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, { error, hint: HINT, aside: true })}
        className={clsx('min-h-11', controlClass(error))}
        {...input}
      />
    </FieldFrame>
  );
}
