import { checkA11y, expect, test } from './support/test';

// Issue 23: the public pages arrive as HTML that paints before any script runs (src/prerender.tsx), and the script
// takes that markup over without a hydration mismatch.

test('the home page and the sign-in form are in the HTML itself: they show with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /sign up|join/i }).first()).toBeVisible();

  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await context.close();
});

test('with JavaScript on, the script takes the prerendered pages over without a hydration warning', async ({ page, consoleErrors }) => {
  const warnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning') warnings.push(msg.text());
  });
  for (const path of ['/', '/about-us', '/auth/login']) {
    const response = await page.goto(path);
    // The markup came with the page, before any script.
    expect(await response!.text(), path).toMatch(/<div id="root"><!--\$-->.*<h1/s);
    await page.waitForLoadState('networkidle');
    await checkA11y(page);
  }
  // Taken over: the page answers, which the markup alone would not.
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('not-my-password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByLabel('E-mail').fill('nobody');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/valid e-mail/i)).toBeVisible();
  const hydration = /hydrat|did not match|server rendered|Switched to client rendering/i;
  expect([...consoleErrors, ...warnings].filter((line) => hydration.test(line))).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
