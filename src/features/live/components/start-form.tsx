import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { LIVE_AUDIENCES, MAX_LIVE_WATCHERS, MAX_SAFETY_CONTACTS, SILENCE_CHOICES, type LiveNow } from '#contract/live';
import { email } from '#contract/rules';
import { SPORTS } from '#contract/sports';
import { MemberPicker } from '../../../components/member-picker';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useSession } from '../../auth/session-context';
import { useStartLive } from '../live-mutations';
import { emptyStartForm, liveStartForm, toStartBody, type LiveStartFormInput, type LiveStartFormValues } from '../live-start-schema';
import { AUDIENCE_WORDS, LOCATION_DENIED, LOCATION_UNSUPPORTED } from '../live-words';
import { useLiveMembers } from '../use-live-members';

/**
 * Asks the browser for the position once before going live, so its permission prompt comes with the tap on "Go live"
 * and a refusal is said here rather than found out later. Only a refusal stops the start: no fix yet (indoors, a cold
 * GPS) is normal, and the panel says so if it lasts.
 */
function askForLocation(): Promise<string | null> {
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  if (!geolocation) return Promise.resolve(LOCATION_UNSUPPORTED);
  return new Promise((resolve) =>
    geolocation.getCurrentPosition(
      () => resolve(null),
      (error) => resolve(error.code === error.PERMISSION_DENIED ? LOCATION_DENIED : null),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    ),
  );
}

const SERVER_FIELDS = ['sportId', 'audience', 'expectedReturn', 'silenceMinutes', 'eventId', 'watchers', 'contacts', 'emails'] as const;
/** The start body's names for what the form holds another way. */
const WIRE_NAMES = { expectedReturnAt: 'expectedReturn', watcherIds: 'watchers', contactIds: 'contacts', contactEmails: 'emails' } as const;

/**
 * Start sharing: the sport, who may watch, the safety contacts and when to worry, then "Go live". An event on now
 * that the member goes to (`shareableEvents`) may be chosen too: its attendees then watch on the event's group map.
 */
export function StartForm({ shareableEvents }: { shareableEvents: LiveNow['shareableEvents'] }) {
  const { user } = useSession();
  const form = useForm<LiveStartFormInput, unknown, LiveStartFormValues>({ resolver: zodResolver(liveStartForm), defaultValues: emptyStartForm(user?.sports[0]) });
  const { errors } = form.formState;
  const start = useStartLive();
  const [locationProblem, setLocationProblem] = useState<string | null>(null);
  const audience = useWatch({ control: form.control, name: 'audience' });
  const emails = useWatch({ control: form.control, name: 'emails' });
  const contacts = useWatch({ control: form.control, name: 'contacts' });
  const me = new Set(user ? [user.userId] : []);
  const audienceId = useId();

  const submit = form.handleSubmit(async (values) => {
    const problem = await askForLocation();
    setLocationProblem(problem);
    if (problem) return;
    try {
      await start.mutateAsync(toStartBody(values, Intl.DateTimeFormat().resolvedOptions().timeZone));
    } catch (error) {
      applyServerErrors(error, form.setError, SERVER_FIELDS, WIRE_NAMES);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-4 sm:p-6" aria-labelledby={`${audienceId}-title`}>
      <div className="flex flex-col gap-1">
        <h2 id={`${audienceId}-title`} className="text-lg font-bold">
          Share where you are
        </h2>
        <p className="text-sm text-muted">The people you choose follow you on a map while you are out. Your safety contacts hear if you go quiet.</p>
      </div>

      <SelectField label="Sport" error={errors.sportId?.message} {...form.register('sportId')}>
        <option value="">Choose a sport</option>
        {SPORTS.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Who may watch</legend>
        {LIVE_AUDIENCES.map((value) => (
          <label key={value} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line p-3 hover:bg-surface-2 has-[:checked]:border-brand">
            <input type="radio" value={value} className="mt-1 size-4 shrink-0 accent-brand" {...form.register('audience')} />
            <span className="flex flex-col">
              <span className="text-sm font-semibold">{AUDIENCE_WORDS[value].label}</span>
              <span className="text-xs text-muted">{AUDIENCE_WORDS[value].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {audience === 'chosen' && (
        <Controller
          control={form.control}
          name="watchers"
          render={({ field, fieldState }) => (
            <MemberPicker
              label="Members who may watch"
              hint="Members who follow you, or whom you follow."
              max={MAX_LIVE_WATCHERS}
              value={field.value}
              onChange={field.onChange}
              useOptions={useLiveMembers}
              exclude={me}
              error={fieldState.error?.message}
            />
          )}
        />
      )}

      <Controller
        control={form.control}
        name="contacts"
        render={({ field }) => (
          <MemberPicker
            label="Safety contacts (members)"
            hint={`They may always watch, and are alerted if you do not answer "Are you OK?". Up to ${MAX_SAFETY_CONTACTS} with the e-mail contacts.`}
            max={MAX_SAFETY_CONTACTS}
            value={field.value}
            onChange={(next) => {
              field.onChange(next);
              if (form.formState.isSubmitted) void form.trigger('emails');
            }}
            useOptions={useLiveMembers}
            exclude={me}
          />
        )}
      />

      <EmailContacts
        emails={emails}
        full={emails.length + contacts.length >= MAX_SAFETY_CONTACTS}
        error={errors.emails?.message ?? errors.emails?.find?.((e) => e?.message)?.message}
        onChange={(next) => form.setValue('emails', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          type="datetime-local"
          label="Expected back (optional)"
          hint="Past this time without stopping, your safety contacts are alerted."
          error={errors.expectedReturn?.message}
          {...form.register('expectedReturn')}
        />
        <SelectField label="Ask if I am OK after" hint="Without a position for this long." error={errors.silenceMinutes?.message} {...form.register('silenceMinutes')}>
          {SILENCE_CHOICES.map((m) => (
            <option key={m} value={m}>
              {m} minutes
            </option>
          ))}
        </SelectField>
      </div>

      {shareableEvents.length > 0 && (
        <SelectField
          label="Share with an event (optional)"
          hint="Members going to it may also watch you, on the event's page."
          error={errors.eventId?.message}
          {...form.register('eventId')}
        >
          <option value="">No event</option>
          {shareableEvents.map((e) => (
            <option key={e.id} value={e.id}>
              {e.eventName}
            </option>
          ))}
        </SelectField>
      )}

      {locationProblem && (
        <p role="alert" className="rounded-lg border border-danger p-3 text-sm text-danger">
          {locationProblem}
        </p>
      )}
      <Button type="submit" size="lg" busy={start.isPending || form.formState.isSubmitting} className="self-start">
        Go live
      </Button>
    </form>
  );
}

/** Safety contacts without an account: each gets an e-mail with a link to the map. */
function EmailContacts({ emails, full, error, onChange }: { emails: string[]; full: boolean; error: string | undefined; onChange(next: string[]): void }) {
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | undefined>();
  const add = () => {
    const parsed = email.safeParse(draft);
    if (!parsed.success) return setDraftError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
    if (emails.includes(parsed.data)) return setDraftError('That address is on the list already.');
    onChange([...emails, parsed.data]);
    setDraft('');
    setDraftError(undefined);
  };
  return (
    <div className="flex flex-col gap-2">
      {emails.length > 0 && (
        <ul aria-label="Safety contacts by e-mail" className="flex flex-wrap gap-2">
          {emails.map((address) => (
            <li key={address} className="flex min-h-11 items-center gap-1 rounded-full border border-line bg-surface-2 py-1 pr-1 pl-3 text-sm">
              {address}
              <Button variant="ghost" size="xs" aria-label={`Remove ${address}`} onClick={() => onChange(emails.filter((e) => e !== address))}>
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          type="email"
          label="Safety contact by e-mail"
          hint="They get a link to your map, no account needed."
          className="min-w-0 flex-1"
          value={draft}
          error={draftError ?? error}
          disabled={full}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add} disabled={full || draft.trim() === ''}>
          Add e-mail
        </Button>
      </div>
    </div>
  );
}
