import { accountMenu, newMember, signedInPage, signUpThroughApi } from './support/accounts';
import { mailsTo, nextCode } from './support/inbox';
import { settledMotion } from './support/steady';
import { checkA11y, expect, test } from './support/test';

test.use(settledMotion);

// Issue 25: Dana adds her son as an associate (details, then permissions), the invitation's code sets his password,
// he signs in under her management and posts; Dana takes "post" away and his composer goes, the API saying 403; Dana
// turns his account off and his open page is signed out.

const PASSWORD = 'Gravel-Kid-2026!';

test('an owner adds an associate, who joins from the invitation and posts; a revoke and a switch-off reach his open page', async ({ browser, request }) => {
  const dana = newMember('dana', { firstName: 'Dana', lastName: 'Rivera' });
  await signUpThroughApi(request, dana);
  const owner = await signedInPage(browser, dana);
  const kidEmail = `leo.${Date.now()}@example.com`;

  await owner.goto('/profile/associate');
  await expect(owner.getByRole('heading', { level: 1, name: 'Associates' })).toBeVisible();
  await expect(owner.getByText('0 of 5 associates')).toBeVisible();
  await checkA11y(owner);
  await owner.getByRole('link', { name: 'Add associate' }).first().click();
  const form = owner.getByRole('form', { name: 'New associate' });
  await form.getByLabel('E-mail').fill(kidEmail);
  await expect(form.getByText('This e-mail is available.')).toBeVisible();
  await form.getByLabel('First name').fill('Leo');
  await form.getByLabel('Last name').fill('Rivera');
  const year = new Date().getFullYear() - 12;
  await form.getByLabel('Date of birth').fill(`${year}-03-14`);
  await checkA11y(owner);
  await form.getByRole('button', { name: 'Next: permissions' }).click();
  await expect(form.getByText('Under 16: safe defaults applied')).toBeVisible();
  await expect(form.getByRole('switch', { name: 'Make their profile public' })).toHaveAttribute('aria-checked', 'false');
  await expect(form.getByRole('switch', { name: 'Post to the feed' })).toHaveAttribute('aria-checked', 'true');
  await checkA11y(owner);
  await form.getByRole('button', { name: 'Add associate' }).click();
  await expect(owner.getByText('Associate saved successfully')).toBeVisible();
  await expect(owner).toHaveURL(/\/profile\/associate$/);
  await expect(owner.getByText('1 of 5 associates')).toBeVisible();
  await expect(owner.getByText('Invitation pending')).toBeVisible();

  // Leo opens the invitation: the code from the e-mail and a password sign him in, under Dana's management.
  const code = await nextCode(kidEmail, 0);
  expect(mailsTo(kidEmail)[0]).toContain('Dana Rivera made you a Switchback account');
  const kidContext = await browser.newContext({ reducedMotion: 'reduce' });
  const kid = await kidContext.newPage();
  await kid.goto('/auth/login');
  await expect(kid.getByRole('link', { name: 'I have an invitation code' })).toHaveAttribute('href', '/auth/associate-invite');
  await kid.goto('/auth/associate-invite');
  await expect(kid.locator('html[data-app]')).toHaveCount(1);
  await kid.getByLabel('E-mail', { exact: true }).fill(kidEmail);
  await kid.getByLabel('Code from the e-mail').fill(code);
  await kid.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await kid.getByLabel('Confirm new password').fill(PASSWORD);
  await checkA11y(kid);
  await kid.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(kid).toHaveURL(/\/feeds$/);
  await expect(accountMenu(kid)).toBeVisible();
  await expect(kid.getByText(/Managed by Dana Rivera/)).toBeVisible();
  await checkA11y(kid);

  // He posts.
  await kid.getByRole('button', { name: 'Share something' }).click();
  const composer = kid.getByRole('dialog');
  await composer.getByLabel(/Title/).fill('First jump line');
  await composer.getByRole('button', { name: 'Publish' }).click();
  await expect(kid.getByText('Feed Created Successfully')).toBeVisible();
  await expect(kid.getByText('First jump line').first()).toBeVisible();

  // Dana takes "post" away: the switch settles off and the audit says so.
  await owner.getByRole('link', { name: /Permissions/ }).first().click();
  const postSwitch = owner.getByRole('switch', { name: 'Post to the feed' });
  await expect(postSwitch).toHaveAttribute('aria-checked', 'true');
  await postSwitch.click();
  await expect(postSwitch).toHaveAttribute('aria-checked', 'false');
  await expect(owner.getByText(/revoked Post to the feed/)).toBeVisible();
  await checkA11y(owner);
  // His details, as the edit form shows them (the e-mail is his sign-in, read only).
  await owner.goto(owner.url().replace('/permissions/', '/edit/'));
  await expect(owner.getByRole('heading', { level: 1, name: 'Edit Leo Rivera' })).toBeVisible();
  await expect(owner.getByRole('form', { name: 'Edit associate' }).getByLabel('First name')).toHaveValue('Leo');
  await checkA11y(owner);

  // Leo's composer is gone once the page reads his account again, and the API refuses him anyway.
  await kid.reload();
  await expect(accountMenu(kid)).toBeVisible();
  await expect(kid.getByRole('button', { name: 'Share something' })).toHaveCount(0);
  // As a phone app would call it, with a session of his own.
  const login = await request.post('/api/login', { data: { email: kidEmail, password: PASSWORD, deviceType: 2 } });
  const accessToken: string = (await login.json()).data.token.access_token;
  const refused = await request.post('/api/feed', { headers: { authorization: `Bearer ${accessToken}` }, data: { title: 'Sneaky', description: '', isDraft: false } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('The member who manages your account has not allowed this (Post to the feed).');

  // Dana turns his account off: his open page is signed out within seconds, and sign-in says why.
  await owner.goto('/profile/associate');
  const status = owner.getByRole('switch', { name: /Leo Rivera/ });
  await expect(status).toHaveAttribute('aria-checked', 'true');
  await status.click();
  await expect(status).toHaveAttribute('aria-checked', 'false');
  await expect(kid).toHaveURL(/\/auth\/login/, { timeout: 10_000 });
  await kid.getByLabel('E-mail', { exact: true }).fill(kidEmail);
  await kid.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await kid.getByRole('button', { name: 'Sign in' }).click();
  await expect(kid.getByText('Your account is turned off by Dana Rivera, who manages it. Ask them to turn it on again.')).toBeVisible();
  await checkA11y(kid);
  await kidContext.close();
});
