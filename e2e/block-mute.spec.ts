import { newMember, signedInPage, signUpThroughApi } from './support/accounts';
import { settledMotion } from './support/steady';
import { checkA11y, expect, test } from './support/test';

test.use(settledMotion);

// Issue 20, block: Ana blocks Ben from his profile; Ben no longer finds her, her profile or her posts; Ana unblocks him
// from her Blocked members list and he finds her again.
test('A blocks B from his profile; B loses sight of A; A unblocks from the list', async ({ browser, request }) => {
  const ana = newMember('ana', { firstName: 'Ana', lastName: 'Ridge' });
  const ben = newMember('ben', { firstName: 'Ben', lastName: 'Stone' });
  const { token } = await signUpThroughApi(request, ana);
  await signUpThroughApi(request, ben);
  const title = `Ridge line ${ana.handleName}`;
  const posted = await request.post('/api/feed', { data: { title, description: 'Before the storm.', isDraft: false }, headers: { Authorization: `Bearer ${token.access_token}` } });
  expect(posted.status()).toBe(200);
  const feedId = ((await posted.json()) as { data: { id: number } }).data.id;

  const b = await signedInPage(browser, ben);
  await b.goto(`/feeds?search=${encodeURIComponent(title)}`);
  await expect(b.getByRole('heading', { level: 2, name: title })).toBeVisible();

  const a = await signedInPage(browser, ana);
  await a.goto(`/profile/${ben.handleName}`);
  await a.getByRole('button', { name: `More actions for @${ben.handleName}` }).click();
  await a.getByRole('button', { name: `Block @${ben.handleName}` }).click();
  const confirm = a.getByRole('alertdialog', { name: `Block @${ben.handleName}?` });
  await expect(confirm).toContainText('You stop following each other.');
  await checkA11y(a);
  await confirm.getByRole('button', { name: 'Block' }).click();
  await expect(a.getByText('Ben Stone is blocked now.')).toBeVisible();
  await expect(a.getByRole('heading', { name: `You blocked @${ben.handleName}` })).toBeVisible();
  await expect(a.getByRole('button', { name: `Follow @${ben.handleName}` })).toHaveCount(0);
  await checkA11y(a);

  // Ben: no Ana in search, her profile is not there, nor her post.
  await b.goto('/members');
  await b.getByRole('searchbox', { name: 'Search members' }).fill(ana.handleName);
  await expect(b.getByText('No one matches that search.')).toBeVisible();
  await b.goto(`/profile/${ana.handleName}`);
  await expect(b.getByRole('heading', { name: 'Member not found' })).toBeVisible();
  await b.goto(`/feeds?search=${encodeURIComponent(title)}`);
  await expect(b.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(b.getByRole('heading', { level: 2, name: title })).toHaveCount(0);
  await checkA11y(b);
  // Nor by its address (a link he kept): the post is not there for him, so there is nothing to comment on.
  await b.goto(`/feeds/${feedId}`);
  await expect(b.getByRole('heading', { level: 1, name: 'This post isn’t available' })).toBeVisible();
  await expect(b.getByRole('textbox', { name: 'Add a comment' })).toHaveCount(0);
  await checkA11y(b);

  // Ana unblocks from her list, reached from the account menu; the row stays with Block offered again.
  await a.getByRole('button', { name: 'Account menu' }).click();
  await a.getByRole('link', { name: 'Blocked members' }).click();
  await expect(a.getByRole('heading', { level: 1, name: 'Blocked members' })).toBeVisible();
  await a.getByRole('button', { name: `Unblock @${ben.handleName}` }).click();
  await expect(a.getByText('Ben Stone is unblocked.')).toBeVisible();
  await expect(a.getByRole('button', { name: `Block @${ben.handleName}` })).toBeVisible();
  await checkA11y(a);

  await b.goto('/members');
  await b.getByRole('searchbox', { name: 'Search members' }).fill(ana.handleName);
  await expect(b.getByRole('link', { name: `Ana Ridge, @${ana.handleName}` })).toBeVisible();
});
