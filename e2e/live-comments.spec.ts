import { newMember, signedInPage, signUpThroughApi } from './support/accounts';
import { settledMotion } from './support/steady';
import { checkA11y, expect, test } from './support/test';

test.use(settledMotion);

test('B’s open thread shows A’s comment and its deletion without a reload, and A sees her own comment once', async ({ browser, request }) => {
  const pageErrors: string[] = [];
  const ana = newMember('ana', { firstName: 'Ana', lastName: 'Reyes' });
  const ben = newMember('ben', { firstName: 'Ben', lastName: 'Okafor' });
  const { token: anaToken } = await signUpThroughApi(request, ana);
  await signUpThroughApi(request, ben);
  const created = await request.post('/api/feed', {
    data: { title: 'Ridge loop at dawn', description: 'Dusty but fast.', isDraft: false },
    headers: { Authorization: `Bearer ${anaToken.access_token}` },
  });
  expect(created.status()).toBe(200);
  const feedId = ((await created.json()) as { data: { id: number } }).data.id;

  // B opens the post and waits; a marker on the window shows the page is never reloaded.
  const b = await signedInPage(browser, ben, pageErrors);
  await b.goto(`/feeds/${feedId}`);
  await expect(b.getByText('No comments yet. Start the conversation.')).toBeVisible();
  await b.evaluate(() => ((window as { __stayed?: boolean }).__stayed = true));

  // A comments on her own post's page.
  const a = await signedInPage(browser, ana, pageErrors);
  await a.goto(`/feeds/${feedId}`);
  await expect(a.getByText('No comments yet. Start the conversation.')).toBeVisible();
  const text = `Who is in for Sunday? ${Date.now().toString(36)}`;
  await a.getByRole('textbox', { name: 'Add a comment' }).fill(text);
  await a.getByRole('button', { name: 'Post', exact: true }).click();

  const onB = b.getByRole('article', { name: 'Comment by Ana Reyes' });
  await expect(onB).toContainText(text);
  await expect(b.getByRole('link', { name: '1 comment', exact: true })).toBeVisible();
  expect(await b.evaluate(() => (window as { __stayed?: boolean }).__stayed)).toBe(true);
  await checkA11y(b);

  // Her own page shows it once, settled (the live echo and her request's answer are one comment).
  const onA = a.getByRole('article', { name: 'Comment by Ana Reyes' });
  await expect(onA).toHaveCount(1);
  await expect(onA.getByText('Sending…')).toHaveCount(0);
  await expect(onA).toContainText(text);

  // A deletes it: it leaves B's page too.
  await onA.getByRole('button', { name: 'Delete' }).click();
  await a.getByRole('alertdialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(onB).toHaveCount(0);
  await expect(b.getByRole('link', { name: '0 comments', exact: true })).toBeVisible();
  expect(await b.evaluate(() => (window as { __stayed?: boolean }).__stayed)).toBe(true);
  expect(pageErrors).toEqual([]);
});
