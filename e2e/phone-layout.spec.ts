import { newMember, signInThroughUi, signUpThroughApi } from './support/accounts';
import { publishEventThroughApi } from './support/events';
import { settledMotion } from './support/steady';
import { checkA11y, expect, test } from './support/test';

test.use({ ...settledMotion, viewport: { width: 360, height: 740 } });

/** The height of the phone's bottom tab bar, which covers the foot of the screen. */
const TAB_BAR = 56;

test('at 360 px: whole navigation labels, the bell at the top, the first event on the first screen, titled tabs', async ({ page, request }) => {
  const member = newMember('phone');
  const { token } = await signUpThroughApi(request, member);
  await publishEventThroughApi(request, token.access_token, 'Phone loop ride');
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);
  await expect(page).toHaveTitle(/^(\(\d+\) )?Feeds · Switchback$/);

  // Every label of the bottom bar shows whole: its text is no wider than its box (a cut label has scrollWidth > clientWidth).
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Feeds', 'Shorts', 'Events', 'Activities', 'Members', 'Profile']);
  const labels = await nav.locator('a span:not(.sr-only)').evaluateAll((spans) =>
    spans.filter((s) => s.children.length === 0 && s.textContent).map((s) => ({ text: s.textContent, scroll: s.scrollWidth, client: s.clientWidth })),
  );
  expect(labels.map((l) => l.text)).toEqual(['Feeds', 'Shorts', 'Events', 'Activities', 'Members', 'Profile']);
  for (const label of labels) expect(label.scroll, `"${label.text}" is cut`).toBeLessThanOrEqual(label.client);

  // Notifications is the bell in the top bar, as on the phone apps people know.
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  await expect(bell).toBeInViewport();
  await checkA11y(page);

  await nav.getByRole('link', { name: 'Events' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page).toHaveTitle(/^(\(\d+\) )?Events · Switchback$/);
  // The filters wait behind one button, so the first card starts on the first screen, above the tab bar.
  const firstCard = page.getByRole('list', { name: 'Upcoming events' }).getByRole('article').first();
  await expect(firstCard).toBeVisible();
  const box = (await firstCard.boundingBox())!;
  expect(box.y + 120, 'the first event card starts on the first screen').toBeLessThanOrEqual(740 - TAB_BAR);
  // Header, filters and cards share one side margin.
  const heading = (await page.getByRole('heading', { level: 1, name: 'Events' }).boundingBox())!;
  expect(Math.round(heading.x)).toBe(Math.round(box.x));
  await checkA11y(page);

  await page.getByRole('button', { name: 'Filters' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet.getByRole('radio', { name: 'Hiking' })).toBeAttached();
  await checkA11y(page);
  await sheet.getByText('Hiking', { exact: true }).click();
  await sheet.getByRole('button', { name: 'Show events' }).click();
  await expect(page.getByRole('button', { name: /^Filters\s*, 1 chosen$/ })).toBeFocused();
});
