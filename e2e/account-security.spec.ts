import { newMember, signInThroughUi, signUpThroughApi } from './support/accounts';
import { settledMotion } from './support/steady';
import { checkA11y, expect, test } from './support/test';

test.use(settledMotion);

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

// Issue 19 item 9: "Where you're signed in" shows both devices, and changing the password signs the other one out.
test('changing the password on one device signs out the other, which the devices list showed', async ({ page, browser, request }) => {
  const member = newMember('keys');
  await signUpThroughApi(request, member);

  const phoneContext = await browser.newContext({ reducedMotion: 'reduce', userAgent: IPHONE_SAFARI });
  const phone = await phoneContext.newPage();
  await signInThroughUi(phone, member.email, member.password);
  await expect(phone).toHaveURL(/\/feeds$/);

  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);
  await page.goto('/profile/edit');

  const devices = page.getByRole('list', { name: 'Where you’re signed in' });
  const here = devices.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(here).toContainText(/^Chrome on \w+This device/);
  await expect(devices.getByRole('listitem').filter({ hasText: 'Safari on iPhone' })).toContainText('last active');
  await checkA11y(page);

  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill(member.password);
  await dialog.getByLabel('New password').fill('Trail.Rider?2026');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed. Every other device is signed out.')).toBeVisible();
  await expect(devices.getByText('Safari on iPhone')).toHaveCount(0);

  // The phone's next step lands on sign-in; this device stays signed in.
  await phone.goto('/profile');
  await expect(phone).toHaveURL(/\/auth\/login/);
  await page.reload();
  await expect(here).toContainText(/^Chrome on \w+This device/);
  await phoneContext.close();
});
