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
  page.on('request', (req) => {
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) trip.push(new URL(req.url()).origin + new URL(req.url()).pathname);
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
