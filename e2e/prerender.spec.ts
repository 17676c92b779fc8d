import type { Page } from '@playwright/test';
import { DEMO, newMember, signInThroughUi, signUpThroughApi } from './support/accounts';
import { checkA11y, expect, test } from './support/test';

// Issue 23: the public pages arrive as HTML that paints before any script runs (src/prerender.tsx), and the script
// takes that markup over without a hydration mismatch; the signed-in lists arrive as their shell.

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

/** Holds the app's entry script back until `release` is called: the page shows what came with its HTML alone. */
async function holdEntryScript(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a sign-in sent before the page’s script has run is kept and sent by the app once it answers, never natively', async ({ page }) => {
  const release = await holdEntryScript(page);
  const asked: string[] = [];
  page.on('request', (request) => asked.push(request.url()));
  await page.goto('/auth/login', { waitUntil: 'commit' });
  // Typed into the HTML alone, and sent with Enter (the pointer is held off a booting page; the keyboard is not).
  await page.getByLabel('E-mail').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/auth\/login$/);
  release();
  await expect(page).toHaveURL(/\/feeds$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your feed' })).toBeVisible();
  // Nothing went out as a page load with what was typed in its address.
  expect(asked.filter((url) => url.includes('password=') || url.includes(encodeURIComponent(DEMO.email)))).toEqual([]);
  await checkA11y(page);
});

test('a signed-in page arrives as its shell (navigation, heading, the list loading) that the app then fills; a visitor never sees it', async ({ browser, page, request, consoleErrors }) => {
  const member = newMember('shell');
  await signUpThroughApi(request, member);
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);

  // The HTML alone, before the entry script (which holds DOMContentLoaded back): the frame and the page waiting for
  // its events.
  const release = await holdEntryScript(page);
  const response = await page.goto('/events', { waitUntil: 'commit' });
  const html = await response!.text();
  expect(html).toContain('<div id="root" data-shell inert>');
  // The route's code is asked for beside the entry once the shell has painted, not after the entry has run.
  expect(html).toMatch(/<meta name="switchback-preload" content="[^"]*\/assets\/events-[^"]+\.js/);
  await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('link[rel=modulepreload]')].some((l) => /\/events-/.test((l as HTMLLinkElement).href)))).toBe(true);
  // A picture of the page (inert, so out of the accessibility tree, and nothing typed into it is lost): read by its markup.
  const shell = page.locator('#root[data-shell][inert]');
  await expect(shell.locator('nav[aria-label="Main"] a[aria-current="page"]').first()).toHaveText('Events');
  await expect(shell.locator('h1')).toHaveText('Events');
  await expect(shell.locator('[role="status"]').first()).toHaveText(/loading/i);
  const search = shell.locator('input[type="search"]');
  await expect(search).toBeVisible();
  // Inert: it takes no focus, so nothing can be typed into it.
  expect(await search.evaluate((input: HTMLInputElement) => (input.focus(), input === document.activeElement))).toBe(false);
  await checkA11y(page);

  // The app takes over: the member's own menu, and the page answers.
  release();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Feeds' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your feed' })).toBeVisible();
  expect(consoleErrors).toEqual([]);

  // Signed out, the same address shows nothing of the app's frame on its way to sign-in.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const releaseVisitor = await holdEntryScript(visitor);
  await visitor.goto('/events', { waitUntil: 'commit' });
  await expect(visitor.locator('#root[data-shell] h1')).toBeHidden();
  releaseVisitor();
  await expect(visitor).toHaveURL(/\/auth\/login\?redirect=/);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await checkA11y(visitor);
  await visitorContext.close();
});
