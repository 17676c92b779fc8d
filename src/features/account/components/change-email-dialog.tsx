import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { emailCodeBody, type EmailCodeBody } from '#contract/account-security';
import { otp } from '#contract/rules';
import { Button } from '../../../components/ui/button';
import { CodeField } from '../../../components/ui/code-field';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { PasswordField } from '../../auth/components/password-field';
import { useChangeEmail, useSendEmailCode } from '../api';

const codeForm = z.object({ otp });

/**
 * "Change e-mail": the new address (and the password, when the account has one), then the code mailed to that
 * address. Only the code makes the change; the old address is told by the server.
 */
export function ChangeEmailDialog({ currentEmail, hasPassword, onClose }: { currentEmail: string; hasPassword: boolean; onClose(): void }) {
  const [sent, setSent] = useState<EmailCodeBody | null>(null);
  return (
    <Dialog title="Change e-mail" description={<p>You sign in with <strong className="break-all">{currentEmail}</strong> today.</p>} onClose={onClose}>
      {sent ? (
        <CodeStep sent={sent} onBack={() => setSent(null)} onDone={onClose} />
      ) : (
        <AddressStep hasPassword={hasPassword} onSent={setSent} onCancel={onClose} />
      )}
    </Dialog>
  );
}

function AddressStep({ hasPassword, onSent, onCancel }: { hasPassword: boolean; onSent(sent: EmailCodeBody): void; onCancel(): void }) {
  const send = useSendEmailCode();
  const form = useForm<z.input<typeof emailCodeBody>, unknown, EmailCodeBody>({
    resolver: zodResolver(emailCodeBody),
    defaultValues: hasPassword ? { email: '', currentPassword: '' } : { email: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      onSent(values);
    } catch (error) {
      applyServerErrors(error, form.setError, ['email', 'currentPassword']);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField label="New e-mail" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      {hasPassword && (
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          hint="To confirm it is you."
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={send.isPending}>
          Send me a code
        </Button>
      </div>
    </form>
  );
}

function CodeStep({ sent, onBack, onDone }: { sent: EmailCodeBody; onBack(): void; onDone(): void }) {
  const change = useChangeEmail();
  const resend = useSendEmailCode();
  const form = useForm({ resolver: zodResolver(codeForm), defaultValues: { otp: '' } });
  const submit = form.handleSubmit(async ({ otp: code }) => {
    try {
      const { message } = await change.mutateAsync({ email: sent.email, otp: code });
      toast.success(message);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['otp']);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p role="status" className="text-sm">
        We sent a 4-digit code to <strong className="break-all">{sent.email}</strong>. It expires in 10 minutes.
      </p>
      <CodeField error={form.formState.errors.otp?.message} {...form.register('otp')} />
      <div className="flex flex-wrap gap-x-4">
        <button
          type="button"
          className="min-h-9 text-sm font-medium text-brand underline-offset-2 hover:underline disabled:opacity-60"
          disabled={resend.isPending}
          onClick={() => resend.mutate(sent, { onSuccess: ({ message }) => toast.success(message) })}
        >
          Send a new code
        </button>
        <button type="button" className="min-h-9 text-sm font-medium text-brand underline-offset-2 hover:underline" onClick={onBack}>
          Use another address
        </button>
      </div>
      <div className="flex justify-end">
        <Button type="submit" busy={change.isPending}>
          Change e-mail
        </Button>
      </div>
    </form>
  );
}
