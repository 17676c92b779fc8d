import type { APIRequestContext } from '@playwright/test';
import { newMember, signedInPage, signInThroughUi, signUpThroughApi } from './support/accounts';
import { settledMotion } from './support/steady';
import { checkA11y, expect, navEntryName, test } from './support/test';

test.use(settledMotion);

async function makePrivate(request: APIRequestContext, token: string) {
  const res = await request.post('/api/profileSetting', { data: { isPrivate: true }, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
}

test('B finds private A and asks to follow; A sees the request arrive live, accepts; B sees A open up, then unfollows', async ({ browser, request }) => {
  const alex = newMember('alex', { firstName: 'Alexandra', lastName: 'Quill' });
  const bea = newMember('bea', { firstName: 'Bea', lastName: 'Stone' });
  const { token: alexToken } = await signUpThroughApi(request, alex);
  await signUpThroughApi(request, bea);
  await makePrivate(request, alexToken.access_token);

  // A waits on the requests screen with nothing waiting.
  const a = await signedInPage(browser, alex);
  await a.goto('/followers/requests');
  await expect(a.getByRole('heading', { level: 1, name: 'Follow requests' })).toBeVisible();
  await expect(a.getByText('No follow requests.')).toBeVisible();
  await checkA11y(a);

  // B finds A by searching and asks to follow.
  const b = await signedInPage(browser, bea);
  await b.goto('/members');
  await expect(b.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await b.getByRole('searchbox', { name: 'Search members' }).fill(alex.handleName);
  const alexLink = b.getByRole('link', { name: `Alexandra Quill, @${alex.handleName}` });
  await expect(alexLink).toBeVisible();
  await expect(b.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(1);
  await checkA11y(b);
  await b.getByRole('button', { name: `Follow @${alex.handleName}` }).click();
  await expect(b.getByRole('button', { name: `Requested @${alex.handleName}` })).toBeVisible();
  await expect(b.getByText('Follow request sent')).toBeVisible();

  // A pending request grants nothing: B sees only the header.
  await alexLink.click();
  await expect(b).toHaveURL(new RegExp(`/profile/${alex.handleName}$`));
  await expect(b.getByRole('heading', { level: 2, name: 'This account is private' })).toBeVisible();
  await expect(b.getByRole('tablist')).toHaveCount(0);
  await checkA11y(b);

  // A's screen hears of it over the live socket: the badge and the row appear without a reload.
  const nav = a.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: navEntryName('Notifications', '1 unread, 1 follow request') })).toBeVisible();
  await expect(a.getByRole('link', { name: 'Requests, 1 waiting' })).toBeVisible();
  await expect(a.getByRole('link', { name: `Bea Stone, @${bea.handleName}` })).toBeVisible();
  await checkA11y(a);
  await a.getByRole('button', { name: `Accept @${bea.handleName}` }).click();
  // The answered row stays in view, saying what happened, with a way to follow back; the badge is gone.
  const answered = a.getByRole('list', { name: 'Answered just now' });
  await expect(answered.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(answered.getByRole('button', { name: `Follow back @${bea.handleName}` })).toBeVisible();
  await expect(a.getByText('No more requests waiting.')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Members', exact: true })).toBeVisible();
  await checkA11y(a);

  // B's open profile page opens up live: the tabs appear without a reload.
  await expect(b.getByRole('tablist', { name: 'Their content' })).toBeVisible();
  await expect(b.getByRole('button', { name: `Following @${alex.handleName}` })).toBeVisible();
  await expect(b.getByText('1 follower', { exact: true })).toBeVisible();
  await checkA11y(b);

  // A's followers list has B.
  await a.goto('/followers');
  await expect(a.getByRole('link', { name: `Bea Stone, @${bea.handleName}` })).toBeVisible();
  await checkA11y(a);

  // Unfollowing a private member asks first, then locks it again.
  await b.getByRole('button', { name: `Following @${alex.handleName}` }).click();
  const confirm = b.getByRole('alertdialog', { name: `Unfollow @${alex.handleName}?` });
  await expect(confirm).toContainText('You will need to request again to see their posts.');
  await checkA11y(b);
  await confirm.getByRole('button', { name: 'Unfollow' }).click();
  await expect(b.getByRole('button', { name: `Follow @${alex.handleName}` })).toBeVisible();
  await expect(b.getByRole('heading', { level: 2, name: 'This account is private' })).toBeVisible();
  await b.goto('/following');
  await expect(b.getByText('You do not follow anyone yet.')).toBeVisible();
  await checkA11y(b);
});

test('following a public member is immediate and counts at once', async ({ browser, request }) => {
  const dana = newMember('dana', { firstName: 'Dana', lastName: 'Reyes' });
  const eli = newMember('eli', { firstName: 'Eli', lastName: 'Park' });
  await signUpThroughApi(request, dana);
  await signUpThroughApi(request, eli);
  const e = await signedInPage(browser, eli);
  await e.goto(`/profile/${dana.handleName}`);
  await expect(e.getByRole('heading', { level: 1, name: 'Dana Reyes' })).toBeVisible();
  await expect(e.getByRole('tablist', { name: 'Their content' })).toBeVisible();
  await expect(e.getByText('0 followers', { exact: true })).toBeVisible();
  await e.getByRole('button', { name: `Follow @${dana.handleName}` }).click();
  await expect(e.getByRole('button', { name: `Following @${dana.handleName}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(e.getByText('1 follower', { exact: true })).toBeVisible();
  await e.reload();
  await expect(e.getByText('1 follower', { exact: true })).toBeVisible();
  await checkA11y(e);

  // The counts lead to the lists behind them: Eli is Dana's one follower, and Dana follows nobody.
  await e.getByRole('link', { name: '1 follower' }).click();
  await expect(e.getByRole('heading', { level: 1, name: 'Dana Reyes’s followers' })).toBeVisible();
  const followers = e.getByRole('list', { name: 'Dana Reyes’s followers' });
  await expect(followers.getByRole('link', { name: `Eli Park, @${eli.handleName}` })).toBeVisible();
  await expect(followers.getByRole('button')).toHaveCount(0);
  await checkA11y(e);
  await e.getByRole('navigation', { name: 'Dana Reyes’s follows' }).getByRole('link', { name: 'Following' }).click();
  await expect(e.getByText('Dana Reyes does not follow anyone yet.')).toBeVisible();
  await checkA11y(e);
});

test('an unknown handle shows the member-not-found state', async ({ page, request }) => {
  const member = newMember('lost');
  await signUpThroughApi(request, member);
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);
  await page.goto('/profile/nobody-goes-by-this');
  await expect(page.getByRole('heading', { level: 1, name: 'Member not found' })).toBeVisible();
  await checkA11y(page);
  // The member's own handle is their own page.
  await page.goto(`/profile/${member.handleName}`);
  await expect(page).toHaveURL(/\/profile$/);
});
