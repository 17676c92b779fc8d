import { fieldError } from '../../lib/errors';

export const BREACHED_PASSWORD_MESSAGE =
  'This password is on a list of passwords leaked or guessed most often. Choose one that is harder to guess.';

let common: Promise<ReadonlySet<string>> | undefined;

/**
 * The ~49,000 passwords of zxcvbn-ts's common list (from breach corpora), lower-cased as the list is. Loaded on the
 * first password chosen, not at start, and only here: the list stays out of the web app's bundle (the sign-in page's
 * budget, check P1), so the browser checks the form rules and the server this list.
 */
function commonPasswords() {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return common;
}

/**
 * NIST 800-63B 3.1.1.2: a new password (sign-up, reset, change) is refused when it is a known breached or common one,
 * in any letter case (`P@ssw0rd`), or one with digits and symbols tacked on the end (`Password1!`, `Summer2024!`):
 * only 22 of the list's entries meet the composition rules as they stand, while that suffix is the change people
 * (and guessing tools) make first to get a listed word past them.
 */
export async function refuseBreachedPassword(password: string, field = 'password') {
  const common = await commonPasswords();
  const lower = password.toLowerCase();
  const stem = lower.replace(/[^\p{L}]+$/u, '');
  if (common.has(lower) || (stem.length >= 4 && common.has(stem))) throw fieldError(field, BREACHED_PASSWORD_MESSAGE);
}
