import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { changeMobileBody, formatPhone, parseMobile } from '#contract/phone';
import { otp } from '#contract/rules';
import type { OwnProfile } from '#contract/user';
import { Button } from '../../../components/ui/button';
import { controlClass, describedBy, FieldFrame } from '../../../components/ui/field-frame';
import { CodeField } from '../../../components/ui/code-field';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { messages } from '../../../lib/messages';
import { toast } from '../../../lib/toast';
import { countriesQuery, useChangeMobile, useUpdateMobile } from '../api';
import { guessPhoneCountry } from '../phone-country';
import { Dialog } from '../../../components/ui/dialog';

type Sent = z.output<typeof changeMobileBody>;

/**
 * The contract's rule, so the browser refuses what the server would (a number that is not one in the country's plan);
 * what is sent is the national number alone, however it was spaced or prefixed, so both steps name it the same way.
 */
const numberForm = z.pipe(
  changeMobileBody,
  z.transform((v): Sent => ({ countryId: v.countryId, mobile: parseMobile(v.mobile, v.countryId)!.nationalNumber })),
);
const codeForm = z.object({ otp });

/** Spec §4 phone change: choose the country and number, get a code by SMS, enter it; the profile then shows it. */
export function PhoneDialog({ profile, onClose }: { profile: OwnProfile; onClose(): void }) {
  const [sent, setSent] = useState<Sent | null>(null);
  return (
    <Dialog title={profile.profile.phone ? 'Change phone number' : 'Add a phone number'} onClose={onClose}>
      {sent ? (
        <CodeStep sent={sent} onBack={() => setSent(null)} onDone={onClose} />
      ) : (
        <NumberStep
          defaults={{ countryId: profile.profile.countryId ?? guessPhoneCountry(profile.location, navigator.languages), mobile: '' }}
          onSent={setSent}
        />
      )}
    </Dialog>
  );
}

function NumberStep({ defaults, onSent }: { defaults: { countryId: string; mobile: string }; onSent(sent: Sent): void }) {
  const countries = useQuery(countriesQuery);
  const changeMobile = useChangeMobile();
  const form = useForm<z.input<typeof numberForm>, unknown, Sent>({ resolver: zodResolver(numberForm), defaultValues: defaults });
  const selectId = useId();
  const countryError = form.formState.errors.countryId?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      await changeMobile.mutateAsync(values);
      onSent(values);
    } catch (error) {
      applyServerErrors(error, form.setError, ['countryId', 'mobile']);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted">We will text a 4-digit code to the new number. Only you see your phone number.</p>
      <FieldFrame inputId={selectId} label="Country" error={countryError}>
        {/* Controlled: the member's country must stay chosen when the list arrives after the form. */}
        <Controller
          control={form.control}
          name="countryId"
          render={({ field }) => (
            <select
              id={selectId}
              aria-invalid={countryError ? true : undefined}
              aria-describedby={describedBy(selectId, { error: countryError })}
              aria-busy={countries.isPending || undefined}
              className={clsx('min-h-11', controlClass(countryError))}
              {...field}
            >
              <option value="">{countries.isPending ? 'Loading countries…' : 'Choose a country'}</option>
              {countries.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {`${c.flag} ${c.name} (+${c.dialCode})`}
                </option>
              ))}
            </select>
          )}
        />
      </FieldFrame>
      <TextField
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        hint="As you would dial it in that country; spaces and dashes are fine."
        error={form.formState.errors.mobile?.message}
        {...form.register('mobile')}
      />
      <Button type="submit" busy={changeMobile.isPending}>
        Send code
      </Button>
    </form>
  );
}

function CodeStep({ sent, onBack, onDone }: { sent: Sent; onBack(): void; onDone(): void }) {
  const updateMobile = useUpdateMobile();
  const resend = useChangeMobile();
  const form = useForm({ resolver: zodResolver(codeForm), defaultValues: { otp: '' } });
  const number = formatPhone(parseMobile(sent.mobile, sent.countryId)?.countryCode ?? null, sent.mobile);

  const submit = form.handleSubmit(async ({ otp }) => {
    try {
      await updateMobile.mutateAsync({ otp, ...sent });
      toast.success(messages.user.phoneUpdated);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['otp']);
    }
  });

  const sendAgain = () =>
    resend.mutate(sent, {
      onSuccess: () => {
        form.reset({ otp: '' });
        toast.message(messages.user.phoneCodeResent);
      },
    });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm">
        We texted a 4-digit code to <strong className="whitespace-nowrap">{number}</strong>. It expires in 10 minutes.
      </p>
      <CodeField
        autoFocus
        error={form.formState.errors.otp?.message}
        {...form.register('otp')}
      />
      <Button type="submit" busy={updateMobile.isPending}>
        Verify and save
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" className="min-h-9 font-medium text-brand underline-offset-2 hover:underline" onClick={onBack}>
          Use another number
        </button>
        <button
          type="button"
          className="min-h-9 font-medium text-brand underline-offset-2 hover:underline disabled:opacity-60"
          onClick={sendAgain}
          disabled={resend.isPending}
        >
          Send a new code
        </button>
      </div>
    </form>
  );
}
