import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * The e2e `test`: every page error fails the test, console errors are collected for tests that assert none,
 * and `checkA11y` runs axe on the page as a user sees it.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    const pageErrors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await use(errors);
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };

/** What axe checks: WCAG 2.2 A and AA (2.5.3's label-in-name among them) and its best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * No serious or critical axe violations on the page as it is now. Checked from the top of the page, then scrolled
 * back: scrolled down, a link under the sticky top bar reads to 2.5.8's target-size check as a target covered by
 * another, which depends on where a test happened to scroll rather than on the page.
 */
export async function checkA11y(page: Page) {
  const scrolledTo = await page.evaluate(() => {
    const y = window.scrollY;
    window.scrollTo(0, 0);
    return y;
  });
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  await page.evaluate((y) => window.scrollTo(0, y), scrolledTo);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe violations on ${page.url()}`,
  ).toEqual([]);
}

let counter = 0;
/** A unique e-mail and handle per call, so tests never collide on one database. */
export function uniqueMember(prefix = 'rider') {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  return { email: `${prefix}.${id}@example.com`, handleName: `${prefix}${id}`.slice(0, 30), password: 'Switchback2026!' };
}

/**
 * A navigation entry's accessible name, its label and what waits ("1 unread"): the counts are a visually hidden
 * element of their own, which Chromium joins to the label with a space ("Notifications , 1 unread").
 */
export const navEntryName = (label: string, waiting: string) => new RegExp(`^${label}\\s*, ${waiting}$`);
