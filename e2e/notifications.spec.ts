import { newMember, signInThroughUi, signUpThroughApi } from './support/accounts';
import { settledMotion } from './support/steady';
import { checkA11y, expect, navEntryName, test } from './support/test';

test.use(settledMotion);

test('a new follower reaches the open notifications page live, opens their profile, and settings stick', async ({ page, request, consoleErrors }) => {
  const ana = newMember('ana', { firstName: 'Ana', lastName: 'Vale' });
  const ben = newMember('ben', { firstName: 'Ben', lastName: 'Okafor' });
  const { user: anaUser } = await signUpThroughApi(request, ana);
  const { token: benToken } = await signUpThroughApi(request, ben);

  // A waits on the notifications page.
  await signInThroughUi(page, ana.email, ana.password);
  await expect(page).toHaveURL(/\/feeds$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notifications', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText('No notifications yet.')).toBeVisible();
  await checkA11y(page);

  // B follows A through the API; A's page hears of it over the live socket, no reload.
  const follow = await request.post('/api/follow', {
    data: { userId: anaUser.userId },
    headers: { Authorization: `Bearer ${benToken.access_token}` },
  });
  expect(follow.status()).toBe(200);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: navEntryName('Notifications', '1 unread') })).toBeVisible();
  const row = page.getByRole('link', { name: /^Unread: Ben Okafor started following you\./ });
  await expect(row).toBeVisible();
  await expect(page.getByRole('region', { name: 'Today' })).toContainText('Ben Okafor started following you.');
  await expect(page).toHaveTitle(/^\(1\) /);
  await checkA11y(page);

  // Opening it goes to B's profile and clears the badge.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/profile/${ben.handleName}$`));
  await expect(nav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page).not.toHaveTitle(/^\(\d+\+?\) /);
  await checkA11y(page);

  // Back on the list it is read.
  await nav.getByRole('link', { name: 'Notifications', exact: true }).click();
  await expect(page.getByRole('link', { name: /^Ben Okafor started following you\./ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  // Settings: in-app off for New follower survives a reload.
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/notifications\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible();
  const inApp = page.getByRole('switch', { name: 'In-app for New follower' });
  await expect(inApp).toBeChecked();
  await checkA11y(page);
  await inApp.click();
  await expect(inApp).not.toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'In-app for New follower' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'E-mail for New follower' })).toBeChecked();
  await checkA11y(page);
  expect(consoleErrors).toEqual([]);
});
