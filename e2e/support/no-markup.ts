import type { Page } from '@playwright/test';
import { expect } from './test';

/**
 * Nothing of an XSS corpus became markup: nothing it carried ran (`window.__xss`), and there is no injected image,
 * inline script, SVG handler or javascript: link. The page's own boot script (server/lib/boot-script.ts, marked
 * `data-boot-script`) is the one inline script a page has.
 */
export async function expectNoMarkupFrom(page: Page) {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('script:not([src]):not([data-boot-script])')).toHaveCount(0);
  await expect(page.locator('svg[onload]')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
}
