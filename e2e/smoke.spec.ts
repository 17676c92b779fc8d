import { checkA11y, expect, test } from './support/test';

test('the demo member signs in and lands on the feed', async ({ page }) => {
  await page.goto('/auth/login');
  await checkA11y(page);
  await page.getByLabel('E-mail').fill('maya@demo.switchback.app');
  await page.getByLabel('Password', { exact: true }).fill('Switchback1!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/feeds$/);
  await expect(page.getByRole('heading', { name: 'Your feed' })).toBeVisible();
  await checkA11y(page);
});
