import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, type ComponentProps } from 'react';
import { handleName as handleRule } from '#contract/rules';
import { controlClass, describedBy, FieldFrame } from '../../../components/ui/field-frame';
import { messages } from '../../../lib/messages';
import { handleAvailabilityQuery } from '../api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

const CHECK_DELAY_MS = 400;
const HINT = '3-30 letters or digits. Friends find and @mention you by it.';

type Props = Omit<ComponentProps<'input'>, 'value'> & {
  /** What is typed now (watched from the form). */
  value: string;
  /** The member's handle today: no need to ask about it. */
  current: string;
  error?: string | undefined;
};

/**
 * The handle input with a live availability hint beside it: asked once typing pauses, only for a handle that passes
 * the rules and differs from the member's own. A hint only: the save is what the server decides on.
 */
export function HandleField({ value, current, error, ...input }: Props) {
  const inputId = useId();
  const typed = value.trim();
  const settled = useDebouncedValue(typed, CHECK_DELAY_MS);
  const worthAsking = (h: string) => h !== current && handleRule.safeParse(h).success;
  const check = useQuery({ ...handleAvailabilityQuery(settled), enabled: worthAsking(settled) });

  let status: { tone: 'muted' | 'good' | 'bad'; text: string } | null = null;
  if (!error && worthAsking(typed)) {
    if (typed !== settled || check.isPending) status = check.isError ? null : { tone: 'muted', text: 'Checking…' };
    else if (check.data === true) status = { tone: 'good', text: messages.user.handleAvailable };
    else if (check.data === false) status = { tone: 'bad', text: messages.user.handleTaken };
  }

  const aside = (
    <p
      id={`${inputId}-aside`}
      aria-live="polite"
      className={clsx('ml-auto shrink-0 text-sm font-medium', { 'text-muted': status?.tone === 'muted', 'text-success': status?.tone === 'good', 'text-danger': status?.tone === 'bad' })}
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
    <FieldFrame inputId={inputId} label="Handle" error={error} hint={HINT} aside={aside}>
      <input
        id={inputId}
        autoComplete="username"
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
