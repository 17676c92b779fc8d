import { accountMenu, newMember } from './support/accounts';
import { mailsTo, nextCode } from './support/inbox';
import { checkA11y, expect, test } from './support/test';
import { expectNoMarkupFrom } from './support/no-markup';
import { settledMotion } from './support/steady';

test.use(settledMotion);

// Check 9: markup typed into names renders as text, and the page's CSP would stop inline script anyway.
const FIRST = '<img src=x onerror="window.__xss=1">';
const LAST = '<script>window.__xss=1</script>';


test('names with markup are shown as literal text and no script runs', async ({ page }) => {
  const member = newMember('xss', { firstName: FIRST, lastName: LAST });

  await page.goto('/auth/sign-up');
  const seen = mailsTo(member.email).length;
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByLabel('Code').fill(await nextCode(member.email, seen));
  await page.getByRole('button', { name: 'Verify code' }).click();
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Handle').fill(member.handleName);
  await page.getByLabel('First name').fill(FIRST);
  await page.getByLabel('Last name').fill(LAST);
  await page.getByLabel('Date of birth').fill('1988-10-02');
  await page.getByRole('radio', { name: /^male$/i }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/auth\/user-type$/);
  await page.getByRole('radio', { name: /Parent or coach/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-up-success$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`You're in, ${FIRST}!`);
  await expectNoMarkupFrom(page);

  await page.getByRole('link', { name: 'Go to my feed' }).click();
  await expect(page).toHaveURL(/\/feeds$/);
  await accountMenu(page).click();
  await expect(page.getByText(`${FIRST} ${LAST}`, { exact: true })).toBeVisible();
  await checkA11y(page);
  await expectNoMarkupFrom(page);

  // Again from storage after a reload, where the names come back from JSON.
  await page.reload();
  await accountMenu(page).click();
  await expect(page.getByText(`${FIRST} ${LAST}`, { exact: true })).toBeVisible();
  await expectNoMarkupFrom(page);
});

test('the CSP of the app page allows scripts only from its own origin', async ({ request }) => {
  for (const path of ['/', '/auth/login', '/feeds']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-type'], path).toContain('text/html');
    const csp = res.headers()['content-security-policy'] ?? '';
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...values]) => [name!, values]),
    );
    const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
    expect(scriptSrc, `${path} script-src`).toContain("'self'");
    expect(scriptSrc, `${path} script-src`).not.toContain("'unsafe-inline'");
    expect(scriptSrc, `${path} script-src`).not.toContain("'unsafe-eval'");
    expect(directives.get('object-src'), `${path} object-src`).toEqual(["'none'"]);
    expect(directives.get('base-uri'), `${path} base-uri`).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors'), `${path} frame-ancestors`).toEqual(["'none'"]);
    expect(res.headers()['x-content-type-options'], path).toBe('nosniff');
    expect(res.headers()['referrer-policy'], path).toBeTruthy();
  }
});
