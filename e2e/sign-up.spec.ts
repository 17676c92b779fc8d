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

test('a reload at "check your e-mail" keeps the step, so the code already mailed still works', async ({ page }) => {
  const member = newMember('reload');
  await page.goto('/auth/sign-up');
  const seen = await askForCode(page, member.email);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  const code = await nextCode(member.email, seen);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Send a new code in 0:\d\d$/ })).toBeDisabled();
  await checkA11y(page);
  expect(mailsTo(member.email).length, 'the reload sent no new code').toBe(seen + 1);

  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await fillDetails(page, member);
  await expect(page).toHaveURL(/\/auth\/user-type$/);
});

test('"Send a new code" counts down, and a new code replaces the old one: the old code is refused as a wrong try', async ({ page }) => {
  // The server's first cooldown is 30 s: this test waits it out.
  const member = newMember('resend');
  await page.goto('/auth/sign-up');
  const seen = await askForCode(page, member.email);
  const first = await nextCode(member.email, seen);

  const countingDown = page.getByRole('button', { name: /^Send a new code in 0:\d\d$/ });
  await expect(countingDown).toBeDisabled();
  const before = await countingDown.textContent();
  await expect(countingDown).not.toHaveText(before!);
  await checkA11y(page);

  await page.getByRole('button', { name: 'Send a new code', exact: true }).click({ timeout: 40_000 });
  await expect(page.getByText('We sent you a new code.')).toBeVisible();
  const second = await nextCode(member.email, seen + 1);
  // The next wait is longer: a minute.
  await expect(page.getByRole('button', { name: /^Send a new code in (1:00|0:5\d)$/ })).toBeDisabled();

  // If the new code happens to equal the old, no old code is left to refuse; the rest still holds.
  if (first !== second) {
    await page.getByLabel('Code').fill(first);
    await page.getByRole('button', { name: 'Verify code' }).click();
    // The newer code is live, so the old one is a wrong try of it, which says the tries left (issue 19).
    await expect(page.getByLabel('Code')).toHaveAccessibleDescription('Wrong code. 4 tries left.');
    await expect(page.getByText('Wrong code. 4 tries left.', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await checkA11y(page);
  }

  await page.getByLabel('Code').fill(second);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await fillDetails(page, member);
  await expect(page).toHaveURL(/\/auth\/user-type$/);
});

test('an e-mail that already has an account gets the same answer, and its owner a notice instead of a code', async ({ page }) => {
  await page.goto('/auth/sign-up');
  const seen = await askForCode(page, DEMO.email);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText('We sent a 4-digit code to your e-mail.')).toBeVisible();
  await expect(page.getByText(/Already have an account with this e-mail\?/)).toBeVisible();
  await checkA11y(page);

  await expect.poll(() => mailsTo(DEMO.email).length, { message: 'a notice is mailed to the member' }).toBe(seen + 1);
  const notice = mailsTo(DEMO.email).at(-1)!.replace(/=\r?\n/g, '');
  expect(notice).toContain('Subject: Someone tried to sign up to Switchback with your e-mail');
  expect(notice).not.toMatch(/Your Switchback code is/);

  await page.getByRole('link', { name: 'reset your password' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
});
