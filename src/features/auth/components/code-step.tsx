import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { CodeField } from '../../../components/ui/code-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { codeForm } from '../form-schemas';

type Props = {
  email: string;
  resendCount: number;
  verifying: boolean;
  resending: boolean;
  onVerify(otp: string): Promise<unknown>;
  onResend(): void;
  onChangeEmail(): void;
};

/** Enter the 4-digit code mailed to `email`, or ask for another (spec §3 resendOtpCount). */
export function CodeStep({ email, resendCount, verifying, resending, onVerify, onResend, onChangeEmail }: Props) {
  const form = useForm({ resolver: zodResolver(codeForm), defaultValues: { otp: '' } });
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
          className="min-h-9 font-medium text-brand underline-offset-2 hover:underline disabled:opacity-60"
          onClick={onResend}
          disabled={resending}
        >
          Send a new code{resendCount > 0 ? ` (sent ${resendCount + 1} times)` : ''}
        </button>
      </div>
    </form>
  );
}
