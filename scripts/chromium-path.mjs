import fs from 'node:fs';

/** Chromium for the e2e suite: PLAYWRIGHT_CHROMIUM_PATH, then the OS package, then Playwright's own if installed. */
export async function findChromium() {
  const candidates = [process.env.PLAYWRIGHT_CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const c of candidates) if (c && fs.existsSync(c)) return c;
  try {
    const { chromium } = await import('@playwright/test');
    const own = chromium.executablePath();
    if (own && fs.existsSync(own)) return own;
  } catch {
    /* Playwright has no browser of its own here */
  }
  return undefined;
}
