import { accountMenu, signOutThroughMenu } from './support/accounts';
import { checkA11y, expect, test } from './support/test';
import { settledMotion } from './support/steady';

test.use(settledMotion);

// The local issuer always answers with the same Google account, so the first visit makes the account and the
// second finds it: these run in order.
test.describe.configure({ mode: 'serial' });

const GOOGLE = { email: 'alex.rider@gmail.test', firstName: 'Alex', lastName: 'Rider' };
const handleName = `alexrider${Date.now().toString(36)}`;

test('the first Google sign-in completes a profile and picks a member type', async ({ page }) => {
  const trip: string[] = [];
  const nonces: (string | null)[] = [];
  page.on('request', (req) => {
    if (!req.isNavigationRequest() || req.frame() !== page.mainFrame()) return;
    const url = new URL(req.url());
    trip.push(url.origin + url.pathname);
    if (url.pathname.endsWith('/authorize')) nonces.push(url.searchParams.get('nonce'));
  });
  await page.goto('/auth/login');
  await checkA11y(page);
  await page.getByRole('button', { name: 'Continue with Google' }).click();

  await expect(page).toHaveURL(/\/auth\/complete-profile$/);
  // Out to the issuer's authorize endpoint and back to the callback, which verified the code and moved on.
  const app = new URL(page.url()).origin;
  const issuer = trip.findIndex((url) => !url.startsWith(app) && url.endsWith('/authorize'));
  expect(issuer, `navigations: ${trip.join(' -> ')}`).toBeGreaterThan(0);
  expect(trip.slice(issuer + 1).some((url) => url.endsWith('/auth/google-callback')), `navigations: ${trip.join(' -> ')}`).toBe(true);
  // The browser sent a nonce of its own, and the server found it in the ID token (another one is refused, below).
  expect(nonces).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{32}$/)]);
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expect(page.getByText(`Signed in with Google as ${GOOGLE.email}`)).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue(GOOGLE.firstName);
  await expect(page.getByLabel('Last name')).toHaveValue(GOOGLE.lastName);
  await checkA11y(page);

  await page.getByLabel('Handle').fill(handleName);
  await page.getByLabel('Date of birth').fill('1994-03-08');
  await page.getByRole('radio', { name: /^male$/i }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/auth\/user-type$/);
  await checkA11y(page);
  await page.getByRole('radio', { name: /Rider or hiker/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/auth\/sign-up-success$/);
  await expect(page.getByRole('heading', { name: `You're in, ${GOOGLE.firstName}!` })).toBeVisible();
  await page.getByRole('link', { name: 'Go to my feed' }).click();
  await expect(page).toHaveURL(/\/feeds$/);
  await expect(accountMenu(page)).toContainText(`@${handleName}`);
  await checkA11y(page);
});

test('signing in with Google again goes straight to the feed as the same member', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/feeds$/);
  await expect(accountMenu(page)).toContainText(`@${handleName}`);

  await signOutThroughMenu(page);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/feeds$/);
  await expect(page.getByRole('heading', { name: 'Your feed' })).toBeVisible();
  await expect(accountMenu(page)).toContainText(`@${handleName}`);
  await checkA11y(page);
});

test('an ID token minted for another sign-in (another nonce) is refused, and nobody is signed in', async ({ page }) => {
  // Stands for a token issued to some other browser's sign-in: the issuer is asked with a nonce this tab never made.
  await page.route((url) => url.pathname.endsWith('/authorize'), (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('nonce', 'a-nonce-this-browser-never-made');
    return route.continue({ url: url.toString() });
  });
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();

  await expect(page.getByText('We could not verify your Google sign-in. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(accountMenu(page)).toHaveCount(0);
  await checkA11y(page);
});
