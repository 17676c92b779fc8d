import fs from 'node:fs';
import { readZip } from '../server/test/zip-reader';
import { newMember, signInThroughUi, signOutThroughMenu, signUpThroughApi } from './support/accounts';
import { settledMotion } from './support/steady';
import { checkA11y, expect, test } from './support/test';

test.use(settledMotion);

test('a member downloads everything Switchback holds about them as one zip', async ({ page, request }) => {
  const member = newMember('export');
  await signUpThroughApi(request, member);
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);
  await page.goto('/profile/edit');

  const download = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^switchback-export-${member.handleName}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const entries = readZip(fs.readFileSync(await file.path()));
  const json = JSON.parse(entries.get('switchback-export.json')!.toString('utf8')) as { sections: { profile: { email: string; handleName: string } } };
  expect(json.sections.profile).toMatchObject({ email: member.email, handleName: member.handleName });
  await expect(page.getByRole('button', { name: 'Download again' })).toBeVisible();
  await checkA11y(page);
});

test('a member deletes the account and can no longer sign in with it', async ({ page, request }) => {
  const member = newMember('leaving');
  await signUpThroughApi(request, member);
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);
  await page.goto('/profile/edit');

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await checkA11y(page);
  await dialog.getByLabel('Password', { exact: true }).fill('not-my-password1!');
  await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(dialog.getByText('The password is incorrect.')).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill(member.password);
  await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();

  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByText('Your account is deleted. Thank you for riding with us.')).toBeVisible();
  await signInThroughUi(page, member.email, member.password);
  await expect(page.getByText('The e-mail or password is incorrect.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('signing out sends nothing after it: no 401, no cancelled request, a clean console', async ({ page, request, consoleErrors }) => {
  const member = newMember('leaver');
  const { token } = await signUpThroughApi(request, member);
  const posted = await request.post('/api/feed', {
    data: { title: 'Last loop before signing out', description: '', isDraft: false },
    headers: { Authorization: `Bearer ${token.access_token}` },
  });
  expect(posted.status()).toBe(200);
  const refused: string[] = [];
  const failed: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() >= 400) refused.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  page.on('requestfailed', (req) => failed.push(`${req.failure()?.errorText} ${req.method()} ${req.url()}`));

  // From the feed (the list, the badge and the live socket all open) ...
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);
  await expect(page.getByRole('article').filter({ hasText: 'Last loop before signing out' })).toBeVisible();
  await signOutThroughMenu(page);
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkA11y(page);

  // ... and from the profile, whose page reads its member without a loading state.
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('link', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('tab', { name: /Posts/ })).toContainText('1');
  await signOutThroughMenu(page);
  await expect(page.getByText('You are signed out.')).toBeVisible();

  // Whatever was still on its way has had time to arrive.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  expect(refused).toEqual([]);
  expect(failed).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
