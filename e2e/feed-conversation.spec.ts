import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { newMember, signedInPage, signUpThroughApi } from './support/accounts';
import { expectNoMarkupFrom } from './support/no-markup';
import { settledMotion } from './support/steady';
import { checkA11y, expect, navEntryName, test } from './support/test';

test.use(settledMotion);

/** A real photo as a member would pick it: a JPEG with a shape in it. */
async function photo(name: string, background: { r: number; g: number; b: number }) {
  const [width, height] = [1200, 900];
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="600" cy="450" r="300" fill="#fde68a"/></svg>`) }])
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}


/** The post itself on its page or in a list: the article named by its author (comments are "Comment by …"). */
const postBy = (scope: Page | Locator, author: string) => scope.getByRole('article', { name: author, exact: true });

/** The count link in a post's footer, e.g. "1 comment". */
const commentCount = (post: Locator, n: number) => post.getByRole('link', { name: `${n} ${n === 1 ? 'comment' : 'comments'}`, exact: true });

/** Publishing from the open composer; answers the new post's id from the server's answer. */
async function publish(page: Page) {
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/feed' && r.request().method() === 'POST');
  await page.getByRole('dialog', { name: 'New post' }).getByRole('button', { name: 'Publish' }).click();
  const res = await saved;
  const body = (await res.json()) as { message: string; data: { id: number } };
  expect(res.status(), body.message).toBe(200);
  await expect(page.getByText('Feed Created Successfully')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'New post' })).toHaveCount(0);
  return body.data.id;
}

const CORPUS = {
  img: '<img src=x onerror="window.__xss=1">',
  script: '<script>window.__xss=1</script>',
  svg: '<svg onload="window.__xss=1">',
  link: '[tap for tips](javascript:window.__xss=1) javascript:window.__xss=1',
};

test('A posts two photos mentioning B; B hears it live, reacts, comments; A replies; B deletes; counts hold; markup stays text', async ({
  browser,
  request,
}) => {
  // Seven steps, two members and an axe check at each: about 3 minutes on a busy two-core machine.
  test.setTimeout(300_000);
  const pageErrors: string[] = [];
  const ana = newMember('ana', { firstName: 'Ana', lastName: 'Reyes' });
  const ben = newMember('ben', { firstName: 'Ben', lastName: 'Okafor' });
  const { user: anaUser } = await signUpThroughApi(request, ana);
  const { token: benToken } = await signUpThroughApi(request, ben);
  // A may @-mention members she is connected to (server/policy/social-policy.ts `mayMentionWhere`): B follows her.
  const follow = await request.post('/api/follow', { data: { userId: anaUser.userId }, headers: { Authorization: `Bearer ${benToken.access_token}` } });
  expect(follow.status()).toBe(200);
  const word = `gravel${Date.now().toString(36)}`;
  const title = `Dawn loop ${word}`;

  // 1. B waits on the notifications page with nothing new.
  const b = await signedInPage(browser, ben, pageErrors);
  const bNav = b.getByRole('navigation', { name: 'Main' });
  await bNav.getByRole('link', { name: 'Notifications', exact: true }).click();
  await expect(b.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(b.getByText('No notifications yet.')).toBeVisible();
  await checkA11y(b);

  // 2. A writes the post in the composer.
  const a = await signedInPage(browser, ana, pageErrors);
  await a.getByRole('button', { name: 'Share something' }).click();
  const composer = a.getByRole('dialog', { name: 'New post' });
  await expect(composer).toBeVisible();
  await checkA11y(a);
  await composer.getByLabel('Title').fill(title);
  const description = composer.getByRole('textbox', { name: 'Description' });
  await description.pressSequentially('Forty k of white roads #gravelgrind with ');
  // The mention is picked from the suggestions with the keyboard.
  await description.pressSequentially(`@${ben.handleName.slice(0, 6)}`);
  const mentions = composer.getByRole('listbox', { name: 'Members to mention' });
  const benOption = mentions.getByRole('option', { name: new RegExp(`@${ben.handleName}\\b`) });
  await expect(benOption).toBeVisible();
  await checkA11y(a);
  for (let step = 0; step < 20 && (await benOption.getAttribute('aria-selected')) !== 'true'; step++) await description.press('ArrowDown');
  await expect(benOption).toHaveAttribute('aria-selected', 'true');
  await description.press('Enter');
  await expect(mentions).toHaveCount(0);
  await description.pressSequentially('before breakfast.');
  await expect(description).toHaveValue(`Forty k of white roads #gravelgrind with @${ben.handleName} before breakfast.`);

  // Two photos through the file chooser, each with its own progress until it is in. The server's answers are held
  // until both uploads are under way, so both bars are seen (on a fast machine they would finish unseen).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let uploads = 0;
  await a.route('**/api/compress-image', async (route) => {
    uploads++;
    await held;
    await route.continue();
  });
  const chooser = a.waitForEvent('filechooser');
  await composer.getByText('Add photos', { exact: true }).click();
  await (await chooser).setFiles([await photo('col.jpg', { r: 194, g: 65, b: 12 }), await photo('descent.jpg', { r: 21, g: 94, b: 117 })]);
  const tiles = composer.getByRole('list', { name: 'Photos in the order they are shown' }).getByRole('listitem');
  await expect(tiles).toHaveCount(2);
  await expect(composer.getByRole('progressbar', { name: 'Uploading col.jpg' })).toBeVisible();
  await expect(composer.getByRole('progressbar', { name: 'Uploading descent.jpg' })).toBeVisible();
  await expect(composer.getByRole('status').filter({ hasText: 'Saving waits until your photos finish uploading.' })).toBeVisible();
  await expect(composer.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await expect.poll(() => uploads).toBe(2);
  await checkA11y(a);
  release();
  await expect(composer.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  await a.unroute('**/api/compress-image');
  await expect(composer.getByRole('img', { name: 'Photo 1 of 2' })).toBeVisible();
  await expect(composer.getByRole('img', { name: 'Photo 2 of 2' })).toBeVisible();
  await expect(composer.getByText('2 of 10 · PNG, JPEG, GIF or WebP')).toBeVisible();
  await checkA11y(a);
  const feedId = await publish(a);

  // In A's feed, with both photos (really decoded) and live tag links. Found by its title, not as the first card:
  // other tests' members post to the same "everyone" feed at the same time (the e2e workers run side by side).
  const aFeed = a.getByRole('feed', { name: 'Posts from everyone' });
  const aCard = aFeed.getByRole('article').filter({ has: a.getByRole('heading', { level: 2, name: title }) });
  await expect(aCard.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(aCard.getByRole('button', { name: 'Open photo 1 of 2' })).toBeVisible();
  await expect(aCard.getByRole('button', { name: 'Open photo 2 of 2' })).toBeVisible();
  const cardPhotos = aCard.locator('img[src^="/media/"]');
  await expect(cardPhotos).toHaveCount(2);
  await expect.poll(() => cardPhotos.evaluateAll((list) => list.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
  await expect(aCard.getByRole('link', { name: '#gravelgrind' })).toBeVisible();
  await expect(aCard.getByRole('link', { name: `@${ben.handleName}` })).toHaveAttribute('href', `/profile/${ben.handleName}`);
  await checkA11y(a);

  // 3. B's open page hears of the mention without a reload, and the row leads to the post.
  await expect(bNav.getByRole('link', { name: navEntryName('Notifications', '1 unread') })).toBeVisible();
  const mentionRow = b.getByRole('link', { name: /^Unread: Ana Reyes mentioned you in a post\./ });
  await expect(mentionRow).toBeVisible();
  await expect(mentionRow).toHaveAttribute('href', `/feeds/${feedId}`);
  await checkA11y(b);
  await mentionRow.click();
  await expect(b).toHaveURL(new RegExp(`/feeds/${feedId}$`));
  await expect(b.getByRole('heading', { level: 1, name: 'Post' })).toBeVisible();
  await expect(bNav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  const bPost = postBy(b, 'Ana Reyes');
  await expect(bPost.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(bPost.locator('img[src^="/media/"]')).toHaveCount(2);
  await expect(b.getByText('No comments yet. Start the conversation.')).toBeVisible();
  await checkA11y(b);

  // 4. B reacts with 😮 through the picker, then comments.
  await bPost.getByRole('button', { name: 'More reactions' }).click();
  await expect(bPost.getByRole('toolbar', { name: 'Choose a reaction' })).toBeVisible();
  await checkA11y(b);
  const reacted = b.waitForResponse((r) => r.url().endsWith('/api/feed/like') && r.status() === 200);
  await bPost.getByRole('toolbar', { name: 'Choose a reaction' }).getByRole('button', { name: 'Wow' }).click();
  await reacted;
  await expect(bPost.getByRole('button', { name: 'Your reaction: Wow. Remove it' })).toBeVisible();
  await expect(bPost.getByRole('button', { name: '1 reaction: see who reacted' })).toContainText('😮');
  await expect(commentCount(bPost, 0)).toBeVisible();

  const benComment = 'Those white roads look fast. Which tyres?';
  await b.getByRole('textbox', { name: 'Add a comment' }).fill(benComment);
  await b.getByRole('button', { name: 'Post', exact: true }).click();
  const bComment = b.getByRole('article', { name: 'Comment by Ben Okafor' });
  await expect(bComment).toContainText(benComment);
  await expect(bComment).not.toHaveAttribute('aria-busy');
  await expect(commentCount(bPost, 1)).toBeVisible();
  await expect(b.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');
  await checkA11y(b);

  // 5. A opens the post: B's reaction and comment are there; A replies.
  await a.goto(`/feeds/${feedId}`);
  const aPost = postBy(a, 'Ana Reyes');
  await expect(aPost.getByRole('button', { name: '1 reaction: see who reacted' })).toContainText('😮');
  await expect(aPost.getByRole('button', { name: 'React with Love' })).toHaveAttribute('aria-pressed', 'false');
  await expect(commentCount(aPost, 1)).toBeVisible();
  const aSeesComment = a.getByRole('article', { name: 'Comment by Ben Okafor' });
  await expect(aSeesComment).toContainText(benComment);
  await checkA11y(a);
  await aSeesComment.getByRole('group', { name: "Actions for Ben Okafor's comment" }).getByRole('button', { name: 'Reply' }).click();
  const replyBox = a.getByRole('textbox', { name: 'Reply to Ben Okafor' });
  await expect(replyBox).toBeFocused();
  const anaReply = 'Forty-two millimetre slicks, tubeless.';
  await replyBox.pressSequentially(anaReply);
  await checkA11y(a);
  await replyBox.press('Enter');
  const aReply = a.getByRole('list', { name: 'Replies to Ben Okafor' }).getByRole('article', { name: 'Reply by Ana Reyes' });
  await expect(aReply).toContainText(anaReply);
  await expect(aReply).not.toHaveAttribute('aria-busy');
  await expect(commentCount(aPost, 2)).toBeVisible();
  await checkA11y(a);

  // B, still on the post, hears of the reply live.
  await expect(bNav.getByRole('link', { name: navEntryName('Notifications', '1 unread') })).toBeVisible();

  // 6. B (after a reload, which brings A's reply) deletes the comment; the reply goes with it.
  await b.reload();
  await expect(commentCount(bPost, 2)).toBeVisible();
  await expect(b.getByRole('article', { name: 'Reply by Ana Reyes' })).toContainText(anaReply);
  await bComment.getByRole('group', { name: "Actions for Ben Okafor's comment" }).getByRole('button', { name: 'Delete' }).click();
  const confirm = b.getByRole('alertdialog', { name: 'Delete this comment?' });
  await expect(confirm).toContainText('It is removed for everyone, with its replies.');
  await checkA11y(b);
  const deleted = b.waitForResponse((r) => r.url().endsWith('/api/feed/delete-comment'));
  await confirm.getByRole('button', { name: 'Delete' }).click();
  const deletedBody = (await (await deleted).json()) as { data: { commentCount: number } };
  // contract/feeds.ts `commentDeleted`: a top-level comment takes its replies, so 2 − (1 + 1).
  expect(deletedBody.data.commentCount).toBe(0);
  await expect(confirm).toHaveCount(0);
  await expect(b.getByRole('article', { name: /^(Comment|Reply) by / })).toHaveCount(0);
  await expect(b.getByText('No comments yet. Start the conversation.')).toBeVisible();
  await expect(commentCount(bPost, 0)).toBeVisible();
  // The notice of a reply that is gone leads nowhere, so it goes too, and B's badge with it.
  await expect(bNav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await checkA11y(b);

  // 7. After a reload, both see the same counts on the post page and on the card in /feeds.
  for (const [page, mine] of [
    [a, 'React with Love'],
    [b, 'Your reaction: Wow. Remove it'],
  ] as const) {
    await page.reload();
    const post = postBy(page, 'Ana Reyes');
    await expect(post.getByRole('button', { name: '1 reaction: see who reacted' })).toContainText('😮');
    await expect(post.getByRole('button', { name: mine })).toBeVisible();
    await expect(commentCount(post, 0)).toBeVisible();
    await expect(page.getByText('No comments yet. Start the conversation.')).toBeVisible();

    await page.goto(`/feeds?search=${word}`);
    const card = page.getByRole('feed', { name: 'Posts from everyone' }).getByRole('article').filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('button', { name: '1 reaction: see who reacted' })).toContainText('😮');
    await expect(card.getByRole('button', { name: mine })).toBeVisible();
    await expect(commentCount(card, 0)).toBeVisible();
    await checkA11y(page);
  }

  // A's notifications: B's follow and reaction are there; the notice of B's deleted comment is not.
  const aNav = a.getByRole('navigation', { name: 'Main' });
  await expect(aNav.getByRole('link', { name: navEntryName('Notifications', '2 unread') })).toBeVisible();
  await aNav.getByRole('link', { name: navEntryName('Notifications', '2 unread') }).click();
  await expect(a.getByRole('link', { name: /^Unread: Ben Okafor reacted to your post\./ })).toHaveAttribute('href', `/feeds/${feedId}`);
  await expect(a.getByRole('link', { name: /^Unread: Ben Okafor started following you\./ })).toBeVisible();
  await expect(a.getByText('Ben Okafor commented on your post.')).toHaveCount(0);
  await checkA11y(a);
  await a.goto(`/feeds?search=${word}`);

  // 8. Markup posted through the composer and in a comment is shown as the characters typed and runs nothing.
  const corpusTitle = `Corpus ${word} ${CORPUS.img}`;
  const corpusText = `${CORPUS.script}\n${CORPUS.svg}\n${CORPUS.link}`;
  await a.getByRole('button', { name: 'Share something' }).click();
  await composer.getByLabel('Title').fill(corpusTitle);
  await description.fill(corpusText);
  const corpusId = await publish(a);
  const aCorpusCard = aFeed.getByRole('article').filter({ has: a.getByRole('heading', { level: 2, name: corpusTitle, exact: true }) });
  await expect(aCorpusCard.getByRole('heading', { level: 2 })).toHaveText(corpusTitle);
  await expect(aCorpusCard).toContainText(CORPUS.script);
  await expectNoMarkupFrom(a);

  await b.goto(`/feeds?search=${encodeURIComponent(`Corpus ${word}`)}`);
  const bCorpusCard = b.getByRole('feed', { name: 'Posts from everyone' }).getByRole('article').filter({ hasText: `Corpus ${word}` });
  await expect(bCorpusCard.getByRole('heading', { level: 2 })).toHaveText(corpusTitle);
  for (const piece of Object.values(CORPUS)) await expect(bCorpusCard).toContainText(piece);
  await expectNoMarkupFrom(b);
  await checkA11y(b);

  await bCorpusCard.getByRole('link', { name: '0 comments' }).click();
  await expect(b).toHaveURL(new RegExp(`/feeds/${corpusId}#comments$`));
  await b.getByRole('textbox', { name: 'Add a comment' }).fill(`${CORPUS.img} ${corpusText}`);
  await b.getByRole('button', { name: 'Post', exact: true }).click();
  const corpusComment = b.getByRole('article', { name: 'Comment by Ben Okafor' });
  await expect(corpusComment).not.toHaveAttribute('aria-busy');
  for (const piece of Object.values(CORPUS)) await expect(corpusComment).toContainText(piece);
  await expect(commentCount(postBy(b, 'Ana Reyes'), 1)).toBeVisible();
  await expectNoMarkupFrom(b);
  await checkA11y(b);

  // A reads the comment from the server as well.
  await a.goto(`/feeds/${corpusId}`);
  const aCorpusComment = a.getByRole('article', { name: 'Comment by Ben Okafor' });
  for (const piece of Object.values(CORPUS)) await expect(aCorpusComment).toContainText(piece);
  await expect(postBy(a, 'Ana Reyes').getByRole('heading', { level: 2 })).toHaveText(corpusTitle);
  await expectNoMarkupFrom(a);
  await checkA11y(a);

  expect(pageErrors, 'uncaught errors in either page').toEqual([]);
  await a.context().close();
  await b.context().close();
});
