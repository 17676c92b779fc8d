import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { emailForm } from '../form-schemas';

/** Step one of sign-up and password reset: the e-mail the code goes to. */
export function EmailStep({
  defaultEmail,
  submitLabel,
  busy,
  onSubmit,
}: {
  defaultEmail: string;
  submitLabel: string;
  busy: boolean;
  onSubmit(email: string): Promise<unknown>;
}) {
  const form = useForm({ resolver: zodResolver(emailForm), defaultValues: { email: defaultEmail } });
  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await onSubmit(email);
    } catch (error) {
      applyServerErrors(error, form.setError, ['email']);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField label="E-mail" type="email" autoComplete="email" autoFocus error={form.formState.errors.email?.message} {...form.register('email')} />
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
