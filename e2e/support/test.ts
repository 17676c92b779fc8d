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

/** No serious or critical axe violations on the page as it is now. */
export async function checkA11y(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
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
