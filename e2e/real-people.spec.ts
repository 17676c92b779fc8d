import { newMember, signInThroughUi, signUpThroughApi } from './support/accounts';
import { nextCode } from './support/inbox';
import { nextTextedCode, textsTo } from './support/sms-inbox';
import { settledMotion } from './support/steady';
import { checkA11y, expect, test } from './support/test';

// Issue 19 items 4, 5 and 7 as a member meets them: a password with `.` and `?`, no gender, a Norwegian mobile.

test.use(settledMotion);

test('signs up with Trail.Rider?2026 and no gender', async ({ page }) => {
  const member = newMember('realpw');
  await page.goto('/auth/sign-up');
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByLabel('Code').fill(await nextCode(member.email, 0));
  await page.getByRole('button', { name: 'Verify code' }).click();

  await expect(page.getByRole('heading', { name: 'Create your profile' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Gender (optional)' }).getByRole('radio')).toHaveCount(4);
  await page.getByLabel('Password', { exact: true }).fill('Trail.Rider?2026');
  await page.getByLabel('Handle').fill(member.handleName);
  await page.getByLabel('First name').fill(member.firstName);
  await page.getByLabel('Last name').fill(member.lastName);
  await page.getByLabel('Date of birth').fill('1990-08-14');
  await checkA11y(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/user-type$/);
});

test('confirms a Norwegian mobile typed as 412 34 567 with the texted code, and shows it +47 41 23 45 67', async ({ page, request }) => {
  const member = newMember('nophone');
  await signUpThroughApi(request, member);
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);
  // A Norwegian mobile of 8 digits, 4xx xx xxx, new on every run.
  const digits = `4${String(Date.now()).slice(-7)}`;
  const typed = `${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
  const shown = `+47 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6)}`;
  const seen = textsTo(`+47${digits}`).length;

  await page.goto('/profile/edit');
  await page.getByRole('button', { name: 'Add phone number' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Country').selectOption('NO');
  await dialog.getByLabel('Phone number').fill(typed);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText(shown)).toBeVisible();
  const otp = await nextTextedCode(`+47${digits}`, seen);
  await checkA11y(page);
  await dialog.getByLabel('Code').fill(otp);
  await dialog.getByRole('button', { name: 'Verify and save' }).click();
  await expect(page.getByText('Your phone number has been updated successfully.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(shown)).toBeVisible();
});
