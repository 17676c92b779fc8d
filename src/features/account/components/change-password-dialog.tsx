import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { changePasswordBody, type ChangePasswordBody } from '#contract/account-security';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { applyServerErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { PasswordField } from '../../auth/components/password-field';
import { useChangePassword } from '../api';

/**
 * "Change password": the current one, then the new one by the contract's rule. The server signs out every other
 * device; a wrong current password shows under its field and nothing typed is lost.
 */
export function ChangePasswordDialog({ onClose }: { onClose(): void }) {
  const change = useChangePassword();
  const form = useForm<ChangePasswordBody>({ resolver: zodResolver(changePasswordBody), defaultValues: { currentPassword: '', password: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { message } = await change.mutateAsync(values);
      toast.success(message);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, ['currentPassword', 'password']);
    }
  });

  return (
    <Dialog title="Change password" description="Every other device signed in to your account will be signed out." onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <PasswordField label="Current password" autoComplete="current-password" error={errors.currentPassword?.message} {...form.register('currentPassword')} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters, with a digit and a symbol."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={change.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
