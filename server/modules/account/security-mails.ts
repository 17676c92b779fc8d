import type { Mail } from '../../lib/mailer';

const SIGN_OFF = '\n\n- The Switchback team';

/** Sent after a password change made while signed in, so an owner who did not make it learns at once. */
export const passwordChangedMail = (to: string): Mail => ({
  to,
  subject: 'Your Switchback password was changed',
  text:
    'The password of your Switchback account was just changed, and every other device signed in to it was signed out.' +
    '\n\nIf this was you, there is nothing else to do. If it was not, choose "Forgot password?" on the sign-in page: ' +
    `we will e-mail you a code to choose a new password, which signs out every device.${SIGN_OFF}`,
});

/** Sent to the address an account leaves, which can no longer be used to sign in or reset the password. */
export const emailChangedMail = (to: string, newEmail: string): Mail => ({
  to,
  subject: 'Your Switchback e-mail was changed',
  text:
    `The e-mail of your Switchback account was just changed from this address to ${newEmail}. From now on you sign ` +
    'in with the new one, and our e-mails go there.' +
    `\n\nIf this was not you, write to us through the contact page on the Switchback website at once.${SIGN_OFF}`,
});
