import { accountMenu, newMember, signInThroughUi, signUpThroughApi } from './support/accounts';
import { mailsTo, nextCode } from './support/inbox';
import { checkA11y, expect, test } from './support/test';
import { settledMotion } from './support/steady';

test.use(settledMotion);

const NEW_PASSWORD = 'Trailhead#42';

test('a member resets the password with a mailed code; the old password and old sessions stop working', async ({ page, browser, request }) => {
  const member = newMember('reset');
  await signUpThroughApi(request, member);

  // Another device, signed in before the reset.
  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  await signInThroughUi(other, member.email, member.password);
  await expect(other).toHaveURL(/\/feeds$/);
  await expect(accountMenu(other)).toContainText(`@${member.handleName}`);

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await checkA11y(page);

  const seen = mailsTo(member.email).length;
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText(`We sent a 4-digit code to ${member.email}`)).toBeVisible();
  // Another code only after the server's cooldown, counted down on the button.
  await expect(page.getByRole('button', { name: /^Send a new code in 0:\d\d$/ })).toBeDisabled();
  await checkA11y(page);
  await page.getByLabel('Code').fill(await nextCode(member.email, seen));
  await page.getByRole('button', { name: 'Verify code' }).click();

  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save new password' }).click();

  await expect(page.getByText('Your password is updated successfully, try signing in with new password.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await checkA11y(page);

  await signInThroughUi(page, member.email, member.password);
  await expect(page.getByText('The e-mail or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await signInThroughUi(page, member.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/feeds$/);
  await expect(accountMenu(page)).toContainText(`@${member.handleName}`);

  // The session from before the reset is dead: its next page sends it to sign-in.
  await other.goto('/events');
  await expect(other).toHaveURL(/\/auth\/login/);
  await expect(other.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(accountMenu(other)).toHaveCount(0);
  await otherDevice.close();
});
