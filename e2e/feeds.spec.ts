import type { APIRequestContext } from '@playwright/test';
import { newMember, signedInPage, signUpThroughApi } from './support/accounts';
import { settledMotion } from './support/steady';
import { checkA11y, expect, test } from './support/test';

test.use(settledMotion);

/** Publishes a post through the API, as the feed form would; answers its id. */
async function postThroughApi(request: APIRequestContext, token: string, post: { title: string; description: string }) {
  const res = await request.post('/api/feed', { data: { ...post, isDraft: false }, headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { message: string; data: { id: number } };
  expect(res.status(), body.message).toBe(200);
  return body.data.id;
}

test('A sees B’s post in Everyone, reacts with 😮 through the picker, and the count holds after a reload', async ({ browser, request }) => {
  const ana = newMember('ana', { firstName: 'Ana', lastName: 'Reyes' });
  const ben = newMember('ben', { firstName: 'Ben', lastName: 'Okafor' });
  await signUpThroughApi(request, ana);
  const { token: benToken } = await signUpThroughApi(request, ben);
  const word = `larch${Date.now().toString(36)}`;
  const feedId = await postThroughApi(request, benToken.access_token, {
    title: `Golden ${word} on the col`,
    description: `Twelve switchbacks, one flat. #${word} <img src=x onerror="window.__xss=1">`,
  });

  const a = await signedInPage(browser, ana);
  await expect(a.getByRole('heading', { level: 1, name: 'Your feed' })).toBeVisible();
  // Everyone (the default tab) holds B's post; the search narrows it to this run's.
  await a.getByRole('searchbox', { name: 'Search posts' }).fill(word);
  const card = a.getByRole('article').filter({ hasText: `Golden ${word} on the col` });
  await expect(card).toBeVisible();
  await expect(a).toHaveURL(new RegExp(`search=${word}`));
  await expect(card.getByRole('link', { name: 'Ben Okafor' })).toHaveAttribute('href', `/profile/${ben.handleName}`);
  await expect(card).toContainText('<img src=x onerror="window.__xss=1">');
  expect(await a.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await checkA11y(a);

  await card.getByRole('button', { name: 'More reactions' }).click();
  const picker = card.getByRole('toolbar', { name: 'Choose a reaction' });
  await expect(picker).toBeVisible();
  await checkA11y(a);
  const saved = a.waitForResponse((r) => r.url().endsWith('/api/feed/like') && r.status() === 200);
  await picker.getByRole('button', { name: 'Wow' }).click();
  await expect(card.getByRole('button', { name: 'Your reaction: Wow. Remove it' })).toBeVisible();
  await saved;

  await a.reload();
  const again = a.getByRole('article').filter({ hasText: `Golden ${word} on the col` });
  await expect(again.getByRole('button', { name: 'Your reaction: Wow. Remove it' })).toBeVisible();
  await expect(again.getByRole('button', { name: '1 reaction: see who reacted' })).toContainText('😮');

  // Who reacted: A, under 😮.
  await again.getByRole('button', { name: '1 reaction: see who reacted' }).click();
  const dialog = a.getByRole('dialog', { name: 'Reactions' });
  await expect(dialog.getByRole('link', { name: /Ana Reyes/ })).toBeVisible();
  await checkA11y(a);
  await a.keyboard.press('Escape');

  // The hashtag links to the feed searched for it; the post's own page has the whole post.
  await again.getByRole('link', { name: `#${word}` }).click();
  await expect(a).toHaveURL(new RegExp(`/feeds\\?search=%23${word}`));
  await expect(a.getByRole('article').filter({ hasText: `Golden ${word} on the col` })).toBeVisible();
  await a.goto(`/feeds/${feedId}`);
  await expect(a.getByRole('heading', { level: 1, name: 'Post' })).toBeVisible();
  await expect(a.getByRole('button', { name: 'Your reaction: Wow. Remove it' })).toBeVisible();
  await checkA11y(a);

  await a.goto('/feeds/999999999');
  await expect(a.getByRole('heading', { level: 1, name: 'This post isn’t available' })).toBeVisible();
  await checkA11y(a);
});

test('P7: scrolling 1,000 posts to the end keeps the rendered rows bounded', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const cara = newMember('cara', { firstName: 'Cara', lastName: 'Lind' });
  const { token } = await signUpThroughApi(request, cara);
  // Private, so her thousand posts stay out of the everyone-feed that tests on the other worker read meanwhile.
  const closed = await request.post('/api/profileSetting', { data: { isPrivate: true }, headers: { Authorization: `Bearer ${token.access_token}` } });
  expect(closed.status()).toBe(200);
  const TOTAL = 1000;
  const BATCH = 25;
  for (let start = 0; start < TOTAL; start += BATCH) {
    await Promise.all(
      Array.from({ length: BATCH }, (_, i) => postThroughApi(request, token.access_token, { title: `Lap ${start + i + 1}`, description: 'Easy spin along the river.' })),
    );
  }

  const page = await signedInPage(browser, cara);
  await page.goto('/feeds?filter=mine');
  const feed = page.getByRole('feed', { name: 'Your posts' });
  await expect(feed.getByRole('article').first()).toBeVisible();
  await checkA11y(page);

  // Scrolled until the oldest post is on screen; the DOM holds only the rows near the viewport all the way down.
  let most = 0;
  let last: string | null = null;
  for (let step = 0; step < 600 && last !== String(TOTAL); step++) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(50);
    const rows = await feed.getByRole('article').count();
    most = Math.max(most, rows);
    expect(rows, 'rendered post rows').toBeLessThan(40);
    last = await feed.getByRole('article').last().getAttribute('aria-posinset');
  }
  expect(last).toBe(String(TOTAL));
  const end = page.getByText('You’re all caught up.');
  await end.scrollIntoViewIfNeeded();
  await expect(end).toBeInViewport();
  expect(await feed.getByRole('article').count(), 'rendered post rows at the end').toBeLessThan(40);
  expect(most).toBeGreaterThan(0);
});
