import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { applyServerErrors } from '../../../lib/form-errors';
import { messages } from '../../../lib/messages';
import { toast } from '../../../lib/toast';
import { useForgotPassword, useResetPassword, useVerifyResetCode } from '../api';
import { newPasswordForm } from '../form-schemas';
import { AuthCard } from './auth-card';
import { CodeStep } from './code-step';
import { EmailStep } from './email-step';
import { PasswordField } from './password-field';

type Step = 'email' | 'code' | 'password';

/** Spec §4 forgot password: e-mail (returns a request token), the mailed code, then a new password. */
export function ForgotPasswordFlow() {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [token, setToken] = useState('');
  const [resendAt, setResendAt] = useState(0);
  const forgot = useForgotPassword();
  const verify = useVerifyResetCode();

  const requestCode = async (to: string) => {
    const { data, message } = await forgot.mutateAsync(to);
    setEmail(to);
    setToken(data.token);
    setResendAt(Date.now() + data.resendAfter * 1000);
    return message;
  };

  return (
    <AuthCard
      title={step === 'password' ? 'Choose a new password' : 'Reset your password'}
      subtitle={
        step === 'email' ? (
          <>
            Remembered it?{' '}
            <Link to="/auth/login" className="font-semibold text-brand underline-offset-2 hover:underline">
              Back to sign in
            </Link>
          </>
        ) : undefined
      }
    >
      {step === 'email' && (
        <EmailStep
          defaultEmail={email}
          submitLabel="Send me a code"
          busy={forgot.isPending}
          onSubmit={async (to) => {
            toast.success(await requestCode(to));
            setStep('code');
          }}
        />
      )}
      {step === 'code' && (
        <CodeStep
          email={email}
          resendAt={resendAt}
          verifying={verify.isPending}
          resending={forgot.isPending}
          onVerify={async (otp) => {
            await verify.mutateAsync({ email, otp, token });
            setStep('password');
          }}
          onResend={() => void requestCode(email).then(() => toast.success(messages.auth.codeResent), () => undefined)}
          onChangeEmail={() => setStep('email')}
        />
      )}
      {step === 'password' && <NewPasswordStep email={email} token={token} />}
    </AuthCard>
  );
}

function NewPasswordStep({ email, token }: { email: string; token: string }) {
  const form = useForm({ resolver: zodResolver(newPasswordForm), defaultValues: { password: '' } });
  const reset = useResetPassword();
  const navigate = useNavigate();
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ email, password, token });
      toast.success(messages.auth.passwordUpdated);
      await navigate({ to: '/auth/login' });
    } catch (error) {
      applyServerErrors(error, form.setError, ['password']);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <PasswordField
        label="New password"
        autoComplete="new-password"
        autoFocus
        hint="At least 8 characters, with a digit and one of ! @ # $ % & *"
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      <p className="text-sm text-muted">Saving signs you out on every other device.</p>
      <Button type="submit" busy={reset.isPending}>
        Save new password
      </Button>
    </form>
  );
}
