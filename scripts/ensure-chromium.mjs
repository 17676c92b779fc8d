import { execSync } from 'node:child_process';
import { findChromium } from './chromium-path.mjs';

// Never lets Playwright download a browser: installs Debian's chromium when it can, else says how.
if (!(await findChromium())) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = (() => {
    try {
      execSync('command -v apt-get', { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  if (isRoot && hasApt) {
    console.log('No Chromium found: installing Debian chromium with apt-get...');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  } else {
    console.error('No Chromium found for the e2e tests. Install one, for example:\n  sudo apt-get install -y chromium\nor point PLAYWRIGHT_CHROMIUM_PATH at a Chromium binary.');
    process.exit(1);
  }
}
