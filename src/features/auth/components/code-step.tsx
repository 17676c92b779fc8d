import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { CodeField } from '../../../components/ui/code-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { codeForm } from '../form-schemas';
import { minutesAndSeconds, useSecondsUntil } from '../use-seconds-until';

type Props = {
  email: string;
  /** When the server lets another code be sent (ms since the epoch); the Resend button counts down to it. */
  resendAt: number;
  verifying: boolean;
  resending: boolean;
  onVerify(otp: string): Promise<unknown>;
  onResend(): void;
  onChangeEmail(): void;
  /** A line under the first, for what the flow needs to add. */
  note?: ReactNode;
};

/** Enter the 4-digit code mailed to `email`, or ask for another once the cooldown has run out. */
export function CodeStep({ email, resendAt, verifying, resending, onVerify, onResend, onChangeEmail, note }: Props) {
  const form = useForm({ resolver: zodResolver(codeForm), defaultValues: { otp: '' } });
  const wait = useSecondsUntil(resendAt);
  const submit = form.handleSubmit(async ({ otp }) => {
    try {
      await onVerify(otp);
    } catch (error) {
      applyServerErrors(error, form.setError, ['otp']);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm">
        We sent a 4-digit code to <strong className="break-all">{email}</strong>. It expires in 10 minutes.
      </p>
      {note}
      <CodeField
        autoFocus
        error={form.formState.errors.otp?.message}
        {...form.register('otp')}
      />
      <Button type="submit" busy={verifying}>
        Verify code
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" className="min-h-9 font-medium text-brand underline-offset-2 hover:underline" onClick={onChangeEmail}>
          Use another e-mail
        </button>
        <button
          type="button"
          className="min-h-9 font-medium text-brand tabular-nums underline-offset-2 enabled:hover:underline disabled:cursor-not-allowed disabled:text-muted"
          onClick={onResend}
          disabled={resending || wait > 0}
        >
          {wait > 0 ? `Send a new code in ${minutesAndSeconds(wait)}` : 'Send a new code'}
        </button>
      </div>
    </form>
  );
}
