import type { Page } from '@playwright/test';
import { accountMenu, DEMO, newMember, signInThroughUi, signOutThroughMenu, type Member } from './support/accounts';
import { mailsTo, nextCode } from './support/inbox';
import { checkA11y, expect, test } from './support/test';
import { settledMotion } from './support/steady';

test.use(settledMotion);

/** Step one: the e-mail, then 'Send me a code'. Returns how many mails the address had before. */
async function askForCode(page: Page, email: string) {
  const seen = mailsTo(email).length;
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  return seen;
}

/** Step three: password and profile, then 'Create account'. */
async function fillDetails(page: Page, member: Member) {
  await expect(page.getByRole('heading', { name: 'Create your profile' })).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Handle').fill(member.handleName);
  await page.getByLabel('First name').fill(member.firstName);
  await page.getByLabel('Last name').fill(member.lastName);
  await page.getByLabel('Date of birth').fill('1992-06-21');
  await page.getByRole('radio', { name: /^female$/i }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('a new member signs up with a mailed code, stays signed in, signs out and back in', async ({ page }) => {
  const member = newMember('signup', { firstName: 'Kira', lastName: 'Stone' });

  await page.goto('/auth/sign-up');
  await expect(page.getByRole('heading', { name: 'Join Switchback' })).toBeVisible();
  await checkA11y(page);
  const seen = await askForCode(page, member.email);

  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('Code').fill(await nextCode(member.email, seen));
  await page.getByRole('button', { name: 'Verify code' }).click();

  await fillDetails(page, member);

  await expect(page).toHaveURL(/\/auth\/user-type$/);
  await expect(page.getByRole('heading', { name: 'What brings you to Switchback?' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('radio', { name: /Organiser/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/auth\/sign-up-success$/);
  await expect(page.getByRole('heading', { name: `You're in, ${member.firstName}!` })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('link', { name: 'Go to my feed' }).click();

  await expect(page).toHaveURL(/\/feeds$/);
  await expect(page.getByRole('heading', { name: 'Your feed' })).toBeVisible();
  await expect(accountMenu(page)).toContainText(`@${member.handleName}`);
  await checkA11y(page);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your feed' })).toBeVisible();
  await expect(accountMenu(page)).toContainText(`@${member.handleName}`);

  await accountMenu(page).click();
  await expect(page.getByText(`${member.firstName} ${member.lastName}`)).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
  await checkA11y(page);
  await page.keyboard.press('Escape');
  await signOutThroughMenu(page);
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await checkA11y(page);

  // Signed out means signed out: the feed sends us back to sign-in.
  await page.goto('/feeds');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);

  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);
  await expect(accountMenu(page)).toContainText(`@${member.handleName}`);
});

test('a new code replaces the old one: the old code is refused with Invalid OTP', async ({ page }) => {
  const member = newMember('resend');
  await page.goto('/auth/sign-up');
  const seen = await askForCode(page, member.email);
  const first = await nextCode(member.email, seen);

  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByText('We sent you a new code.')).toBeVisible();
  const second = await nextCode(member.email, seen + 1);
  await expect(page.getByRole('button', { name: 'Send a new code (sent 2 times)' })).toBeVisible();
  await checkA11y(page);

  // If the new code happens to equal the old, no old code is left to refuse; the rest still holds.
  if (first !== second) {
    await page.getByLabel('Code').fill(first);
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(page.getByLabel('Code')).toHaveAccessibleDescription('Invalid OTP');
    await expect(page.getByText('Invalid OTP', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await checkA11y(page);
  }

  await page.getByLabel('Code').fill(second);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await fillDetails(page, member);
  await expect(page).toHaveURL(/\/auth\/user-type$/);
});

test('an e-mail that already has an account is refused at step one with the server message', async ({ page }) => {
  await page.goto('/auth/sign-up');
  const seen = await askForCode(page, DEMO.email);
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('An account with this e-mail already exists.');
  await expect(page.getByText('An account with this e-mail already exists. Sign in instead.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Join Switchback' })).toBeVisible();
  await checkA11y(page);
  expect(mailsTo(DEMO.email).length, 'no code is mailed to an existing account').toBe(seen);
});
