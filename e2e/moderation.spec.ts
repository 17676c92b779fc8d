import type { Page } from '@playwright/test';
import { accountMenu, newMember, signedInPage, signInOrSignUpThroughApi, signUpThroughApi, type Member } from './support/accounts';
import { settledMotion } from './support/steady';
import { checkA11y, expect, test } from './support/test';

test.use(settledMotion);

/** The one moderator of the run: ADMIN_EMAILS in playwright.config.ts names this address. */
const MODERATOR: Member = {
  email: 'moderator@e2e.switchback.test',
  handleName: 'e2emoderator',
  password: 'Switchback2026!',
  firstName: 'Mona',
  lastName: 'Reed',
};

const RULE = 'Harassment or bullying';

/** Opens the main navigation's Notifications entry (its name carries the unread count, so matched from the start). */
async function openNotifications(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
}

// Issue 20, reports and moderation: Cora reports Dara's comment; the moderator removes it under a rule; Cora hears
// action was taken, Dara hears why, reads the decision and appeals it.
test('C reports D’s comment; M removes it under a rule; C and D are told; D appeals', async ({ browser, request }) => {
  const pageErrors: string[] = [];
  const cora = newMember('cora', { firstName: 'Cora', lastName: 'Vale' });
  const dara = newMember('dara', { firstName: 'Dara', lastName: 'Stone' });
  await signUpThroughApi(request, cora);
  const { token } = await signUpThroughApi(request, dara);
  await signInOrSignUpThroughApi(request, MODERATOR);
  const auth = { Authorization: `Bearer ${token.access_token}` };

  // Dara posts, and comments on her own post (through the API: the point here is what follows).
  const title = `Col de la Forclaz ${dara.handleName}`;
  const posted = await request.post('/api/feed', { data: { title, description: 'Switchbacks all the way up.', isDraft: false }, headers: auth });
  expect(posted.status()).toBe(200);
  const feedId = ((await posted.json()) as { data: { id: number } }).data.id;
  const words = `Anyone slower than me should stay home ${dara.handleName}`;
  const commented = await request.post('/api/feed/comment', { data: { feedId, comment: words }, headers: auth });
  expect(commented.status()).toBe(200);
  const daraName = 'Dara Stone';

  // 1. Cora reports the comment from the post's page.
  const c = await signedInPage(browser, cora, pageErrors);
  await c.goto(`/feeds/${feedId}`);
  const comment = c.getByRole('article', { name: `Comment by ${daraName}` });
  await expect(comment).toContainText(words);
  await checkA11y(c);
  await comment.getByRole('group', { name: `Actions for ${daraName}'s comment` }).getByRole('button', { name: 'Report' }).click();
  const dialog = c.getByRole('dialog', { name: 'Report this comment' });
  await expect(dialog.getByRole('radio', { name: RULE })).toBeVisible();
  await checkA11y(c);
  await dialog.getByRole('radio', { name: RULE }).check();
  await dialog.getByLabel('Anything else the moderators should know? (optional)').fill('She says this under every beginner’s post.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(c.getByText('Report sent successfully.')).toBeVisible();
  const thanks = c.getByRole('dialog', { name: 'Thanks for reporting' });
  await expect(thanks.getByRole('status')).toHaveText("Thanks — we'll review it. You won't see this comment any more.");
  await expect(thanks.getByRole('button', { name: `Block @${dara.handleName} too` })).toBeVisible();
  await checkA11y(c);
  await thanks.getByRole('button', { name: 'Done' }).click();
  await expect(thanks).toHaveCount(0);
  await expect(c.getByRole('article', { name: `Comment by ${daraName}` })).toHaveCount(0);
  await expect(c.getByText(words)).toHaveCount(0);

  // Her reports: the account menu's "Your reports", then its Comments page; the report waits for review.
  await accountMenu(c).click();
  await c.getByRole('link', { name: 'Your reports' }).click();
  await expect(c.getByRole('heading', { level: 1, name: 'Reported members' })).toBeVisible();
  await c.getByRole('navigation', { name: 'Your reports' }).getByRole('link', { name: 'Comments', exact: true }).click();
  await expect(c).toHaveURL(/\/manage-feeds\/reported-comments$/);
  await expect(c.getByRole('heading', { level: 1, name: 'Reported comments' })).toBeVisible();
  const myReport = c.getByRole('list', { name: 'Comments you reported' }).getByRole('listitem', { name: `Report about @${dara.handleName}'s comment` });
  await expect(myReport).toContainText(words);
  await expect(myReport).toContainText('Open');
  await expect(myReport).toContainText(RULE);
  await expect(myReport.getByRole('button', { name: `Withdraw the report about @${dara.handleName}'s comment` })).toBeVisible();
  await checkA11y(c);

  // 2. The moderator finds it in the queue, reads it in context and removes it under the rule.
  const m = await signedInPage(browser, MODERATOR, pageErrors);
  await accountMenu(m).click();
  await m.getByRole('link', { name: 'Moderation' }).click();
  await expect(m).toHaveURL(/\/moderation/);
  await expect(m.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  await expect(m.getByRole('tab', { name: 'Queue' })).toHaveAttribute('aria-selected', 'true');
  // Earlier runs of this test may have left other members' reports: the card is Dara's, by her handle.
  const card = m.getByRole('article', { name: `Comment by ${daraName}` }).filter({ hasText: `@${dara.handleName}` });
  await expect(card).toContainText('1 report');
  await expect(card.getByRole('list', { name: 'Reasons' })).toHaveText(`${RULE} ×1`);
  await expect(card).toContainText(words);
  await checkA11y(m);
  await card.getByRole('button', { name: `Review: Comment by ${daraName}` }).click();
  const thisCase = m.getByRole('region', { name: `Comment by ${daraName}` });
  await expect(thisCase.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(thisCase).toContainText(`On: ${title}`);
  await expect(thisCase.getByText(words, { exact: true })).toBeVisible();
  await expect(thisCase).toContainText('She says this under every beginner’s post.');
  await checkA11y(m);
  const decision = thisCase.getByRole('form', { name: 'Decision' });
  await decision.getByRole('radio', { name: /^Remove/ }).check();
  await decision.getByLabel('Rule broken').selectOption({ label: RULE });
  const note = 'Telling slower riders to stay home is belittling them.';
  await decision.getByLabel('Reason').fill(note);
  await checkA11y(m);
  await decision.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(m.getByText('Content removed. The author and the reporters are told.')).toBeVisible();
  await expect(thisCase).toHaveCount(0);
  await expect(card).toHaveCount(0);
  await checkA11y(m);

  // The log has the decision.
  await m.getByRole('tab', { name: 'Log' }).click();
  await expect(m).toHaveURL(/tab=log/);
  const entry = m.getByRole('list', { name: 'Audit log' }).getByRole('listitem').filter({ hasText: `Comment by @${dara.handleName}` });
  await expect(entry).toContainText('Mona Reed · Removed');
  await expect(entry).toContainText(`Rule: ${RULE}`);
  await expect(entry).toContainText(note);
  await checkA11y(m);

  // 3. Cora hears that action was taken; her report says so.
  await openNotifications(c);
  const outcome = c.getByRole('link', { name: /^Unread: We reviewed your report about a comment by Dara Stone: action was taken\./ });
  await expect(outcome).toBeVisible();
  await checkA11y(c);
  await outcome.click();
  await expect(c).toHaveURL(/\/manage-feeds\/reported-comments$/);
  const reviewed = c.getByRole('list', { name: 'Comments you reported' }).getByRole('listitem', { name: `Report about @${dara.handleName}'s comment` });
  await expect(reviewed).toContainText('Action taken');
  await expect(reviewed).toContainText('Removed by a moderator');
  await expect(reviewed.getByRole('button', { name: /^Withdraw/ })).toHaveCount(0);
  await checkA11y(c);

  // 4. Dara hears why, reads the decision where the notification leads, and appeals once.
  const d = await signedInPage(browser, dara, pageErrors);
  await openNotifications(d);
  const told = d.getByRole('link', { name: new RegExp(`^Unread: Your comment was removed for breaking the rule “${RULE}”\\. You can appeal once\\.`) });
  await expect(told).toBeVisible();
  await checkA11y(d);
  await told.click();
  await expect(d).toHaveURL(/\/moderation\?tab=decisions$/);
  await expect(d.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const removed = d.getByRole('list', { name: 'Decisions about you' }).getByRole('article', { name: 'Removed your comment' });
  await expect(removed).toContainText(RULE);
  await expect(removed).toContainText(`Moderator’s note: ${note}`);
  await expect(removed).toContainText(words);
  await checkA11y(d);
  await removed.getByRole('button', { name: /^Appeal: Removed your comment,/ }).click();
  const appeal = removed.getByRole('form', { name: 'Appeal' });
  await expect(appeal.getByLabel('Why should this be undone?')).toBeFocused();
  await checkA11y(d);
  await appeal.getByLabel('Why should this be undone?').fill('It was a joke between club mates; I meant no harm.');
  await appeal.getByRole('button', { name: 'Send appeal' }).click();
  await expect(d.getByText('Your appeal was sent. Another moderator will decide.')).toBeVisible();
  await expect(removed.getByRole('status')).toHaveText('Appeal waiting for another moderator');
  await expect(removed.getByRole('button', { name: /^Appeal/ })).toHaveCount(0);
  await checkA11y(d);

  // The comment is gone from the post for Dara too.
  await d.goto(`/feeds/${feedId}`);
  await expect(d.getByRole('heading', { level: 2, name: 'Comments' })).toBeVisible();
  await expect(d.getByText('No comments yet. Start the conversation.')).toBeVisible();
  await expect(d.getByRole('article', { name: `Comment by ${daraName}` })).toHaveCount(0);
  await checkA11y(d);

  expect(pageErrors).toEqual([]);
});
