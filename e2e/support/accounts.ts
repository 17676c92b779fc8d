import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { mailsTo, nextCode } from './inbox';
import { expect, uniqueMember } from './test';

export type Member = ReturnType<typeof uniqueMember> & { firstName: string; lastName: string };

export const DEMO = { email: 'maya@demo.switchback.app', password: 'Switchback1!', handleName: 'mayatrails' } as const;

/** A fresh member with names, ready to sign up. */
export function newMember(prefix = 'rider', names: { firstName?: string; lastName?: string } = {}): Member {
  return { ...uniqueMember(prefix), firstName: names.firstName ?? 'Robin', lastName: names.lastName ?? 'Ridge' };
}

/** Signs a member up through the API, as the sign-up screens would (code from the mail folder included). */
export async function signUpThroughApi(request: APIRequestContext, member: Member) {
  const post = async (path: string, data: unknown) => {
    const res = await request.post(`/api/${path}`, { data });
    const body = (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
    expect(res.status(), `${path}: ${body.message}`).toBe(200);
    return body.data;
  };
  const seen = mailsTo(member.email).length;
  await post('register', { email: member.email });
  const otp = await nextCode(member.email, seen);
  const { token } = await post('verify_otp', { email: member.email, otp, type: 1 });
  return (await post('register/complete', {
    token,
    password: member.password,
    handleName: member.handleName,
    firstName: member.firstName,
    lastName: member.lastName,
    dob: '1990-05-17',
    gender: 'female',
    deviceType: 1,
  })) as { token: { access_token: string }; user: { userId: number; handleName: string; referralCode: string } };
}

/**
 * A member with a fixed address (the moderator ADMIN_EMAILS names): signed in through the API when the account is
 * there already (a retried test, or an earlier test of the run, made it), signed up otherwise. Answers the session.
 */
export async function signInOrSignUpThroughApi(request: APIRequestContext, member: Member) {
  const res = await request.post('/api/login', { data: { email: member.email, password: member.password, deviceType: 1 } });
  if (res.status() === 200) {
    const body = (await res.json()) as { data: Awaited<ReturnType<typeof signUpThroughApi>> };
    return body.data;
  }
  return signUpThroughApi(request, member);
}

/** Types the credentials on the sign-in page and presses 'Sign in'; the caller checks where it lands. */
export async function signInThroughUi(page: Page, email: string, password: string, path = '/auth/login') {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The account menu button in the top bar, whose visible text is the member's @handle. */
export const accountMenu = (page: Page) => page.getByRole('button', { name: /Account menu/ });

/** Opens the account menu and presses 'Sign out'. */
export async function signOutThroughMenu(page: Page) {
  await accountMenu(page).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login(\?|$)/);
}

/**
 * A member signed in through the sign-in page in a browser context of their own (motion reduced, as `settledMotion`
 * does for the default page), for tests where two members act at once. `pageErrors` collects uncaught page errors.
 */
export async function signedInPage(browser: Browser, member: Member, pageErrors?: string[]): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  if (pageErrors) page.on('pageerror', (err) => pageErrors.push(`${member.handleName}: ${err.message}`));
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);
  return page;
}
