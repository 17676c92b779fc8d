import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { DeleteAccountBody } from '#contract/account';
import { Button } from '../../../components/ui/button';
import { CodeField } from '../../../components/ui/code-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { PasswordField } from '../../auth/components/password-field';
import { useSession, useSessionActions } from '../../auth/session-context';
import { useDeleteAccount, useSendDeleteCode } from '../api';
import { deleteCodeForm, deletePasswordForm } from '../form-schemas';
import { Dialog } from '../../../components/ui/dialog';

/**
 * "Delete my account": what is lost, then the proof that it is the member asking — their password, or for members
 * who only sign in with Google a code mailed to them. On success the session ends as on sign-out, with a toast.
 */
export function DeleteAccountDialog({ onClose }: { onClose(): void }) {
  const { user } = useSession();
  const { endSession } = useSessionActions();
  const remove = useDeleteAccount();
  const confirm = async (body: DeleteAccountBody) => {
    await remove.mutateAsync(body);
    endSession('deleted');
  };
  // An unknown session shape asks for the password, which the server checks either way.
  const hasPassword = user?.hasPassword ?? true;

  return (
    <Dialog
      role="alertdialog"
      title="Delete your account?"
      onClose={onClose}
      description={
        <>
          <p>
            Your account is deleted at once and for good: your profile and photos, your posts, shorts, activities and gear,
            your followers and the people you follow, and every device you are signed in on.
          </p>
          <p>This cannot be undone. Where other members tagged or followed you, they will see “deleted member”.</p>
          <p>Want a copy first? Close this and use “Download my data”.</p>
        </>
      }
    >
      {hasPassword ? (
        <PasswordStep busy={remove.isPending} onConfirm={(password) => confirm({ password })} onCancel={onClose} />
      ) : (
        <CodeStep email={user?.email ?? 'your e-mail'} busy={remove.isPending} onConfirm={(otp) => confirm({ otp })} onCancel={onClose} />
      )}
    </Dialog>
  );
}

type StepProps<T> = { busy: boolean; onConfirm(value: T): Promise<void>; onCancel(): void };

function Actions({ busy, onCancel }: { busy: boolean; onCancel(): void }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant="danger" busy={busy}>
        Yes, delete my account
      </Button>
    </div>
  );
}

function PasswordStep({ busy, onConfirm, onCancel }: StepProps<string>) {
  const form = useForm({ resolver: zodResolver(deletePasswordForm), defaultValues: { password: '' } });
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await onConfirm(password);
    } catch (error) {
      applyServerErrors(error, form.setError, ['password']);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <PasswordField
        label="Password"
        autoComplete="current-password"
        hint="Enter your password to confirm it is you."
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      <Actions busy={busy} onCancel={onCancel} />
    </form>
  );
}

function CodeStep({ email, busy, onConfirm, onCancel }: StepProps<string> & { email: string }) {
  const sendCode = useSendDeleteCode();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(deleteCodeForm), defaultValues: { otp: '' } });
  const send = () =>
    sendCode.mutate(undefined, {
      onSuccess: ({ message }) => setSentMessage(`${message} It expires in 10 minutes.`),
    });
  const submit = form.handleSubmit(async ({ otp }) => {
    try {
      await onConfirm(otp);
    } catch (error) {
      applyServerErrors(error, form.setError, ['otp']);
    }
  });

  if (!sentMessage) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm">
          You sign in with Google, so we confirm it is you with a 4-digit code sent to <strong className="break-all">{email}</strong>.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button busy={sendCode.isPending} onClick={send}>
            Send me a code
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p role="status" className="text-sm">
        {sentMessage}
      </p>
      <CodeField
        error={form.formState.errors.otp?.message}
        {...form.register('otp')}
      />
      <button
        type="button"
        className="min-h-9 self-start text-sm font-medium text-brand underline-offset-2 hover:underline disabled:opacity-60"
        onClick={send}
        disabled={sendCode.isPending}
      >
        Send a new code
      </button>
      <Actions busy={busy} onCancel={onCancel} />
    </form>
  );
}
