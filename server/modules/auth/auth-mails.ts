import type { Mail } from '../../lib/mailer';
import { CODE_RULES } from './email-codes';

const SIGN_OFF = '\n\n- The Switchback team';

export const codeMail = (code: string, intro: string) =>
  `${intro}\n\nYour Switchback code is: ${code}\n\nIt works once and expires in ${CODE_RULES.lifetimeMs / 60_000} minutes. ` +
  `If you did not ask for it, you can ignore this e-mail.${SIGN_OFF}`;

/** Sent instead of a code when someone signs up with a member's address: sign-up answers the same either way (check 4). */
export const signUpWithTakenAddressMail = (to: string): Mail => ({
  to,
  subject: 'Someone tried to sign up to Switchback with your e-mail',
  text:
    'Someone (maybe you) just tried to create a Switchback account with this e-mail address, but it already has one.' +
    '\n\nTo get in, sign in with your e-mail and password. Forgot your password? Choose "Forgot password?" on the sign-in ' +
    'page and we will e-mail you a code to choose a new one.' +
    `\n\nIf this was not you, you can ignore this e-mail: nothing has changed on your account.${SIGN_OFF}`,
});

/** Sent once when wrong passwords pause an account's password sign-in (password-limit.ts). */
export const passwordUnderAttackMail = (to: string): Mail => ({
  to,
  subject: 'Someone is trying your Switchback password',
  text:
    'Someone has typed a wrong password for your Switchback account many times in a few minutes, so we have paused ' +
    'signing in with a password for a while. It was not typed right: nobody has signed in.' +
    '\n\nYou can still get in with a code: choose "Forgot password?" on the sign-in page, and we will e-mail you a code ' +
    'to set a new password, which also signs out every other device.' +
    `\n\nIf it was you, you can also wait and try again later.${SIGN_OFF}`,
});
