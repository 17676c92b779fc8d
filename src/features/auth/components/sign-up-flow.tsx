import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { messages } from '../../../lib/messages';
import { toast } from '../../../lib/toast';
import { useCompleteSignUp, useRegister, useVerifySignUpCode } from '../api';
import { signUpDetailsForm } from '../form-schemas';
import { useSessionActions } from '../session-context';
import { clearSignUpProgress, readSignUpProgress, saveSignUpProgress, type SignUpProgress } from '../sign-up-progress';
import { AuthCard } from './auth-card';
import { CodeStep } from './code-step';
import { EmailStep } from './email-step';
import { GoogleSignIn } from './google-sign-in';
import { PasswordField } from './password-field';
import { ProfileFields } from './profile-fields';

type Step = { name: 'email' } | { name: 'code' } | { name: 'details'; ticket: string };

const stepOf = (saved: SignUpProgress | null): Step =>
  saved?.step === 'code' ? { name: 'code' } : saved?.step === 'details' ? { name: 'details', ticket: saved.ticket } : { name: 'email' };

/**
 * Spec §4 sign-up: e-mail, then the mailed code, then password and profile; the account is signed in at the end. The
 * step (never the password) survives a reload of this tab.
 */
export function SignUpFlow({ referralCode }: { referralCode?: string | undefined }) {
  const [saved] = useState(readSignUpProgress);
  const [step, setStep] = useState<Step>(() => stepOf(saved));
  const [email, setEmail] = useState(saved?.email ?? '');
  const [resendAt, setResendAt] = useState(saved?.step === 'code' ? saved.resendAt : 0);
  const register = useRegister();
  const verify = useVerifySignUpCode();

  const sendCode = async (to: string) => {
    const { data } = await register.mutateAsync({ email: to, referralCode });
    const nextResend = Date.now() + data.resendAfter * 1000;
    setEmail(to);
    setResendAt(nextResend);
    saveSignUpProgress({ step: 'code', email: to, resendAt: nextResend });
  };

  const startOver = () => {
    clearSignUpProgress();
    setStep({ name: 'email' });
  };

  const titles = { email: 'Join Switchback', code: 'Check your e-mail', details: 'Create your profile' } as const;
  const stepNumber = { email: 1, code: 2, details: 3 }[step.name];

  return (
    <AuthCard
      title={titles[step.name]}
      subtitle={
        <>
          <span className="sr-only">Step {stepNumber} of 3. </span>
          {step.name === 'email' && (
            <>
              Already a member?{' '}
              <Link to="/auth/login" className="font-semibold text-brand underline-offset-2 hover:underline">
                Sign in
              </Link>
            </>
          )}
          {step.name !== 'email' && <span aria-hidden="true">Step {stepNumber} of 3</span>}
        </>
      }
    >
      {step.name === 'email' && (
        <>
          {referralCode && <p className="mb-4 rounded-lg bg-surface-2 p-3 text-sm">A friend invited you. Welcome!</p>}
          <EmailStep
            defaultEmail={email}
            submitLabel="Send me a code"
            busy={register.isPending}
            onSubmit={async (to) => {
              await sendCode(to);
              toast.success(messages.auth.codeSent);
              setStep({ name: 'code' });
            }}
          />
          <GoogleSignIn />
        </>
      )}
      {step.name === 'code' && (
        <CodeStep
          email={email}
          resendAt={resendAt}
          verifying={verify.isPending}
          resending={register.isPending}
          note={
            // Sign-up answers alike for a member's e-mail (no account enumeration), so the member is told here.
            <p className="text-sm text-muted">
              Already have an account with this e-mail? Then we sent you a note instead: you can{' '}
              <Link to="/auth/login" className="font-medium text-brand underline underline-offset-2">
                sign in
              </Link>{' '}
              or{' '}
              <Link to="/auth/forgot-password" className="font-medium text-brand underline underline-offset-2">
                reset your password
              </Link>
              .
            </p>
          }
          onVerify={async (otp) => {
            const { data } = await verify.mutateAsync({ email, otp });
            saveSignUpProgress({ step: 'details', email, ticket: data.token! });
            setStep({ name: 'details', ticket: data.token! });
          }}
          onResend={() => void sendCode(email).then(() => toast.success(messages.auth.codeResent), () => undefined)}
          onChangeEmail={startOver}
        />
      )}
      {step.name === 'details' && <DetailsStep ticket={step.ticket} referralCode={referralCode} onTicketExpired={startOver} />}
    </AuthCard>
  );
}

function DetailsStep({ ticket, referralCode, onTicketExpired }: { ticket: string; referralCode?: string | undefined; onTicketExpired(): void }) {
  const form = useForm({
    resolver: zodResolver(signUpDetailsForm),
    defaultValues: { password: '', handleName: '', firstName: '', lastName: '', dob: '', gender: undefined },
  });
  const complete = useCompleteSignUp();
  const { signIn } = useSessionActions();
  const navigate = useNavigate();
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { data, message } = await complete.mutateAsync({ ...values, token: ticket, referralCode });
      clearSignUpProgress();
      signIn(data);
      toast.success(message);
      await navigate({ to: '/auth/user-type' });
    } catch (error) {
      // The ticket ran out (30 minutes): the server's toast says so; only a new code can go on.
      if (error instanceof ApiError && error.errors.token) onTicketExpired();
      else applyServerErrors(error, form.setError, ['password', 'handleName', 'firstName', 'lastName', 'dob', 'gender']);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint="At least 8 characters, with a digit and one of ! @ # $ % & *"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <ProfileFields register={form.register} errors={errors} />
      <p className="text-xs text-muted">
        By creating an account you agree to our{' '}
        <Link to="/app-terms-of-use" className="underline">
          terms of use
        </Link>{' '}
        and{' '}
        <Link to="/app-privacy-policy" className="underline">
          privacy policy
        </Link>
        .
      </p>
      <Button type="submit" busy={complete.isPending}>
        Create account
      </Button>
    </form>
  );
}
