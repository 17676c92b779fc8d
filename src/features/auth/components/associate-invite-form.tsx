import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { CodeField } from '../../../components/ui/code-field';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useAcceptInvitation, useSendInvitationCode } from '../api';
import { associateInviteForm, emailForm } from '../form-schemas';
import { useSessionActions } from '../session-context';
import { minutesAndSeconds, useSecondsUntil } from '../use-seconds-until';
import { AuthCard } from './auth-card';
import { PasswordField } from './password-field';

/**
 * `/auth/associate-invite?email=`: where an associate's invitation e-mail leads (issue 25). The code from the e-mail
 * and a password of their own sign them in, as a login does; a lost or expired code is sent again, once the cooldown
 * the server names has run out.
 */
export function AssociateInviteForm({ email = '' }: { email?: string | undefined }) {
  const form = useForm({
    resolver: zodResolver(associateInviteForm),
    defaultValues: { email, otp: '', password: '', confirmPassword: '' },
  });
  const accept = useAcceptInvitation();
  const sendCode = useSendInvitationCode();
  const { signIn } = useSessionActions();
  const navigate = useNavigate();
  const [resendAt, setResendAt] = useState(0);
  const wait = useSecondsUntil(resendAt);
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async ({ email: address, otp, password }) => {
    try {
      const { data } = await accept.mutateAsync({ email: address, otp, password });
      signIn(data);
      await navigate({ to: '/feeds' });
    } catch (error) {
      applyServerErrors(error, form.setError, ['email', 'otp', 'password']);
    }
  });

  const resend = async () => {
    // The code goes to the address in the field: it has to be one first (and is sent as the rule writes it).
    if (!(await form.trigger('email'))) return;
    try {
      const { data, message } = await sendCode.mutateAsync(emailForm.parse({ email: form.getValues('email') }).email);
      setResendAt(Date.now() + data.resendAfter * 1000);
      toast.success(message);
    } catch (error) {
      applyServerErrors(error, form.setError, ['email']);
    }
  };

  return (
    <AuthCard
      title="Set up your account"
      subtitle={
        <>
          Already set up?{' '}
          <Link to="/auth/login" className="font-semibold text-brand underline-offset-2 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm">
          Someone who manages your account invited you to Switchback. Enter the 4-digit code from the invitation e-mail and choose a password.
        </p>
        <TextField label="E-mail" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <CodeField label="Code from the e-mail" autoFocus={email !== ''} error={errors.otp?.message} {...form.register('otp')} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters, with a digit and a symbol."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
        <Button type="submit" busy={accept.isPending}>
          Set password and sign in
        </Button>
        <div className="flex justify-end text-sm">
          <button
            type="button"
            className="min-h-9 font-medium text-brand tabular-nums underline-offset-2 enabled:hover:underline disabled:cursor-not-allowed disabled:text-muted"
            onClick={() => void resend()}
            disabled={sendCode.isPending || wait > 0}
          >
            {wait > 0 ? `Send me a new code in ${minutesAndSeconds(wait)}` : 'Send me a new code'}
          </button>
        </div>
      </form>
    </AuthCard>
  );
}
