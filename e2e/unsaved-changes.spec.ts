import { newMember, signInThroughUi, signUpThroughApi } from './support/accounts';
import { settledMotion } from './support/steady';
import { checkA11y, expect, test } from './support/test';

test.use(settledMotion);

test('leaving the profile form with changes asks first: Keep editing keeps them, Discard leaves', async ({ page, request }) => {
  const member = newMember('unsaved');
  await signUpThroughApi(request, member);
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);
  const nav = page.getByRole('navigation', { name: 'Main' });

  await page.goto('/profile');
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await page.getByLabel('Bio').fill('Gravel on Saturdays, trail runs midweek.');

  await nav.getByRole('link', { name: 'Events', exact: true }).click();
  const question = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(question).toBeVisible();
  await expect(question).toContainText('Your changes to your profile will be lost.');
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await checkA11y(page);

  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await expect(page.getByLabel('Bio')).toHaveValue('Gravel on Saturdays, trail runs midweek.');

  // Cancel is a way out too; Discard goes where the member was going, and nothing was saved.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Gravel on Saturdays, trail runs midweek.')).toHaveCount(0);

  // Saved changes leave without a question.
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await page.getByLabel('Bio').fill('Dawn patrol.');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Dawn patrol.')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await checkA11y(page);
});

test('the browser’s Back on a half-filled new event asks first, and a reload is stopped by the browser', async ({ page, request }) => {
  const member = newMember('unsavedevent');
  await signUpThroughApi(request, member);
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events', exact: true }).click();
  await expect(page).toHaveURL(/\/events$/);
  await page.getByRole('link', { name: 'Create event' }).click();
  await expect(page).toHaveURL(/\/events\/create$/);
  await page.getByLabel('Event name').fill('Full moon gravel loop');

  await page.goBack();
  const question = page.getByRole('alertdialog', { name: 'Discard this event?' });
  await expect(question).toBeVisible();
  await expect(question).toContainText('What you entered for this event will be lost.');
  await checkA11y(page);
  // Escape is "keep editing": the page and the text stay.
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/events\/create$/);
  await expect(page.getByLabel('Event name')).toHaveValue('Full moon gravel loop');

  // A reload (or closing the tab) gets the browser's own "leave site?" question.
  const unload = page.waitForEvent('dialog');
  // Staying means the reload never finishes: its promise is settled here so it cannot fail the test later.
  void page.reload().catch(() => undefined);
  const dialog = await unload;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(page.getByLabel('Event name')).toHaveValue('Full moon gravel loop');

  await page.goBack();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('link', { name: 'Create event' })).toBeVisible();
  await checkA11y(page);
});
