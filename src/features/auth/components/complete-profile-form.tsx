import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { applyServerErrors } from '../../../lib/form-errors';
import { messages } from '../../../lib/messages';
import { toast } from '../../../lib/toast';
import { useSocialLogin, type SocialLoginState } from '../api';
import { completeProfileForm } from '../form-schemas';
import { useSessionActions } from '../session-context';
import { clearSocialLoginState } from '../social-login-state';
import { AuthCard } from './auth-card';
import { ProfileFields } from './profile-fields';

/** A first Google sign-in: the provider gave a verified e-mail and a name; the member adds the rest (spec §4). */
export function CompleteProfileForm({ social }: { social: SocialLoginState }) {
  const info = social.googleUserInfo;
  const form = useForm({
    resolver: zodResolver(completeProfileForm),
    defaultValues: { handleName: '', firstName: info.firstName, lastName: info.lastName, dob: '', gender: undefined },
  });
  const socialLogin = useSocialLogin();
  const { signIn } = useSessionActions();
  const navigate = useNavigate();

  const submit = form.handleSubmit(async (values) => {
    try {
      const { data } = await socialLogin.mutateAsync({ socialToken: social.socialToken, ...values });
      clearSocialLoginState();
      signIn(data);
      toast.success(messages.auth.welcome);
      await navigate({ to: '/auth/user-type' });
    } catch (error) {
      applyServerErrors(error, form.setError, ['handleName', 'firstName', 'lastName', 'dob', 'gender']);
    }
  });

  return (
    <AuthCard title="Complete your profile" subtitle={<>Signed in with Google as <strong className="break-all">{info.email}</strong>.</>}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ProfileFields register={form.register} errors={form.formState.errors} />
        <Button type="submit" busy={socialLogin.isPending}>
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}
