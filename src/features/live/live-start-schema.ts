import * as z from 'zod/mini';
import { DEFAULT_SILENCE_MINUTES, LIVE_AUDIENCES, LIVE_MAX_HOURS, MAX_LIVE_WATCHERS, MAX_SAFETY_CONTACTS, SILENCE_CHOICES, liveStartBody, type LiveStartBody } from '#contract/live';
import { email } from '#contract/rules';
import { SPORTS } from '#contract/sports';
import { memberSummary } from '#contract/social';

/**
 * The "Go live" form: the rules of `liveStartBody`, with what a person handles in place of ids: the members chosen as
 * they show (chips), the expected return as the browser's `datetime-local`, the numbers as the selects' text. Safety
 * contacts count members and e-mail addresses together, as the server does.
 */

export const TOO_MANY_CONTACTS = `At most ${MAX_SAFETY_CONTACTS} safety contacts, members and e-mail addresses together.`;

/** A `datetime-local` value (the browser's clock) as the instant it stands for; null when blank or not a time. */
export function instantOf(local: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at;
}

export const liveStartForm = z
  .object({
    sportId: z.string().check(z.refine((v) => SPORTS.some((s) => String(s.id) === v), 'Choose a sport.')),
    audience: z.enum(LIVE_AUDIENCES, 'Choose who may watch.'),
    watchers: z.array(memberSummary).check(z.maxLength(MAX_LIVE_WATCHERS, `At most ${MAX_LIVE_WATCHERS} members to watch.`)),
    contacts: z.array(memberSummary),
    emails: z.array(email),
    expectedReturn: z.string().check(
      z.refine((v) => {
        if (v === '') return true;
        const at = instantOf(v);
        return at !== null && at.getTime() > Date.now() && at.getTime() <= Date.now() + LIVE_MAX_HOURS * 3_600_000;
      }, `Choose a time later than now and within ${LIVE_MAX_HOURS} hours.`),
    ),
    silenceMinutes: z.string().check(z.refine((v) => (SILENCE_CHOICES as readonly number[]).includes(Number(v)), `Choose ${SILENCE_CHOICES.join(', ')} minutes.`)),
    /** The select's value: an event's id, or '' for none. */
    eventId: z.string(),
  })
  .check(
    z.refine((v) => v.contacts.length + v.emails.length <= MAX_SAFETY_CONTACTS, { message: TOO_MANY_CONTACTS, path: ['emails'] }),
    z.refine((v) => v.audience !== 'chosen' || v.watchers.length > 0, { message: 'Choose at least one member to watch, or another audience.', path: ['watchers'] }),
  );

export type LiveStartFormInput = z.input<typeof liveStartForm>;
export type LiveStartFormValues = z.output<typeof liveStartForm>;

export const emptyStartForm = (sportId: number | undefined): LiveStartFormInput => ({
  sportId: sportId === undefined ? '' : String(sportId),
  audience: 'followers',
  watchers: [],
  contacts: [],
  emails: [],
  expectedReturn: '',
  silenceMinutes: String(DEFAULT_SILENCE_MINUTES),
  eventId: '',
});

/**
 * The wire's body for what the form holds; members chosen for another audience than "chosen" are not sent, nor an
 * event when none was chosen.
 */
export function toStartBody(values: LiveStartFormValues, timeZone: string): LiveStartBody {
  const expected = instantOf(values.expectedReturn);
  return liveStartBody.parse({
    sportId: Number(values.sportId),
    audience: values.audience,
    ...(values.audience === 'chosen' ? { watcherIds: values.watchers.map((m) => m.userId) } : {}),
    contactIds: values.contacts.map((m) => m.userId),
    contactEmails: values.emails,
    expectedReturnAt: expected ? expected.toISOString() : null,
    silenceMinutes: Number(values.silenceMinutes),
    ...(values.eventId ? { eventId: Number(values.eventId) } : {}),
    timeZone,
  });
}
