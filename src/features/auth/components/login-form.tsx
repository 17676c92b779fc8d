import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { loginForm } from '../login-schema';
import { safeRedirect } from '../safe-redirect';
import { useSessionActions } from '../session-context';
import { preloadLogin, useLogin } from '../use-login';
import { AuthCard } from './auth-card';
import { GoogleSignIn } from './google-sign-in';
import { PasswordField } from './password-field';

export function LoginForm({ redirect }: { redirect?: string | undefined }) {
  const form = useForm({ resolver: zodResolver(loginForm), defaultValues: { email: '', password: '' } });
  const login = useLogin();
  const { signIn } = useSessionActions();
  const navigate = useNavigate();
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    const { data } = await login.mutateAsync(values).catch(() => ({ data: null }));
    if (!data) return;
    signIn(data);
    await navigate({ to: safeRedirect(redirect) });
  });

  return (
    <AuthCard
      title="Welcome back"
      subtitle={
        <>
          New to Switchback?{' '}
          <Link to="/auth/sign-up" className="font-semibold text-brand underline-offset-2 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <form onSubmit={submit} onFocus={preloadLogin} noValidate className="flex flex-col gap-4">
        <TextField label="E-mail" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
        <div className="-mt-2 flex flex-wrap justify-between gap-x-4 gap-y-2 text-sm">
          {/* Where an associate's invitation e-mail sends them (issue 25). */}
          <Link to="/auth/associate-invite" className="font-medium text-brand underline-offset-2 hover:underline">
            I have an invitation code
          </Link>
          <Link to="/auth/forgot-password" className="ml-auto font-medium text-brand underline-offset-2 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" busy={login.isPending}>
          Sign in
        </Button>
      </form>
      <GoogleSignIn redirect={redirect} />
    </AuthCard>
  );
}
