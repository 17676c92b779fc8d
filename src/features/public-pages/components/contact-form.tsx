import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod/mini';
import { CONTACT_MESSAGE_MAX, contactBody } from '#contract/contact';
import { Button } from '../../../components/ui/button';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session-context';
import { sendContactMessage } from '../api';
import { Icon } from '../../../components/icons';

type ContactValues = z.output<typeof contactBody>;

const FIELDS = ['name', 'email', 'message'] as const;
const MESSAGE_MAX = CONTACT_MESSAGE_MAX;

function useSendContactMessage() {
  return useMutation({ mutationFn: (values: ContactValues) => sendContactMessage(values) });
}

/**
 * Name, e-mail and message to the team. A failure keeps everything typed (the toast comes from the QueryClient);
 * a success swaps the form for a thank-you that can start a new message.
 */
export function ContactForm() {
  const { user } = useSession();
  const form = useForm({
    resolver: zodResolver(contactBody),
    defaultValues: { name: user ? `${user.firstName} ${user.lastName}` : '', email: user?.email ?? '', message: '' },
  });
  const send = useSendContactMessage();
  const [sentTo, setSentTo] = useState<{ name: string; email: string } | null>(null);
  const errors = form.formState.errors;
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const focusMessage = useRef(false);

  useEffect(() => {
    if (sentTo || !focusMessage.current) return;
    focusMessage.current = false;
    form.setFocus('message');
  }, [sentTo, form]);

  const submit = form.handleSubmit(async (values) => {
    const result = await send.mutateAsync(values).catch((error: unknown) => {
      applyServerErrors(error, form.setError, FIELDS);
      return null;
    });
    if (!result) return;
    toast.success(result.message);
    setSentTo({ name: values.name, email: values.email });
  });

  const writeAnother = () => {
    const previous = form.getValues();
    form.reset({ name: previous.name, email: previous.email, message: '' });
    focusMessage.current = true;
    setSentTo(null);
  };

  if (sentTo) return <ThankYou name={sentTo.name} email={sentTo.email} onAnother={writeAnother} />;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="contact-form-title" className="flex flex-col gap-5">
      <h2 id="contact-form-title" className="text-xl font-semibold tracking-tight">
        Write to us
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Your name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          hint="We reply to this address."
          error={errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <TextArea
        label="Message"
        rows={7}
        count={{ used: message.length, max: MESSAGE_MAX }}
        hint="Tell us what happened, which page or event it was, and how we can help."
        error={errors.message?.message}
        {...form.register('message')}
      />
      <Button type="submit" busy={send.isPending} className="sm:self-start sm:px-8">
        Send message
      </Button>
    </form>
  );
}

function ThankYou({ name, email, onAnother }: { name: string; email: string; onAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Moves keyboard and screen-reader users to the news that their message went.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="flex flex-col items-start gap-4 py-4">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-surface-2 text-success">
        <Icon name="check" className="size-7" strokeWidth="2.2" />
      </span>
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold tracking-tight focus:outline-none">
        Thank you, {name.split(/\s+/)[0]}. Your message is on its way.
      </h2>
      <p className="text-muted">
        A person on our team will read it and reply to <strong className="font-semibold text-fg">{email}</strong>, usually within two
        working days.
      </p>
      <Button variant="secondary" onClick={onAnother}>
        Send another message
      </Button>
    </div>
  );
}
