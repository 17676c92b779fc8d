import { INDEPENDENCE_AGE, PERMISSIONS } from '#contract/associates';

/** The permissions an associate under 16 does not get by default, by name. */
const withheldUnder16 = PERMISSIONS.filter((p) => !p.under16).map((p) => p.label.toLowerCase());

/** The associates area's own words: fallbacks where the server's message is preferred, and the screens' sentences. */
export const associateWords = {
  what: 'Associates are accounts you create and look after for someone in your care, such as your children or the riders you coach. Each signs in with their own e-mail and password, and can do only what you allow.',
  count: (count: number, max: number) => `${count} of ${max} associates`,
  atMaximum: (max: number) => `You manage the most associates allowed (${max}). Remove one to add another.`,
  deleted: (name: string) => `${name}’s account was deleted.`,
  released: (name: string) => `${name} is now an independent member.`,
  invitationSent: (email: string) => `A new invitation is on its way to ${email}.`,
  emailAvailable: 'This e-mail is available.',
  emailTaken: 'An account with this e-mail already exists.',
  emailChecking: 'Checking…',
  emailUnchecked: 'This e-mail could not be checked now. It is checked again when you save.',
  safeDefaults: 'Under 16: safe defaults applied',
  safeDefaultsHint: `Under ${INDEPENDENCE_AGE}, these start switched off: ${withheldUnder16.join('; ')}. You can turn any of them on.`,
  offUnder16: `Off by default under ${INDEPENDENCE_AGE}`,
  discardNew: { title: 'Discard this associate?', description: 'What you entered for the new associate will be lost.' },
  discardChanges: { title: 'Discard changes?', description: 'Your changes to this associate will be lost.' },
};
