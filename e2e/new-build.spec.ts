import fs from 'node:fs';
import path from 'node:path';
import { root, startAppServer } from '../bench/app-server';
import { checkA11y, expect, test } from './support/test';

// Issue 23: a tab left open across a deploy. The new build has other chunk names; the old tab's next lazy route asks
// for a chunk that is gone, gets a 404 (not index.html as a script), and loads the new build once, at the page the
// member was going to, instead of showing the error screen.

/**
 * A copy of the build as the server serves it: the SPA's folder beside its prerendering module. Inside the project
 * (.tmp, ignored by git), where the prerendering module finds its packages.
 */
function copyBuild() {
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, '.tmp', 'deploy-'));
  fs.cpSync(path.join(root, 'dist'), path.join(dir, 'dist'), { recursive: true });
  fs.cpSync(path.join(root, 'dist-ssr'), path.join(dir, 'dist-ssr'), { recursive: true });
  return dir;
}

/**
 * "Deploys" a new build into `dir`: every hashed asset gets a new name, and everything that names it (the page, the
 * other chunks, the prerendering module) names the new one; the old names are gone, as after a real deploy. The
 * compressed copies and source maps of the old names go too (the server compresses on the fly without them).
 */
function deployNewBuild(dir: string) {
  const assets = path.join(dir, 'dist', 'assets');
  const renames = new Map<string, string>();
  for (const name of fs.readdirSync(assets)) {
    if (/\.(br|gz|map)$/.test(name)) fs.rmSync(path.join(assets, name));
    else renames.set(name, name.replace(/(\.[a-z0-9]+)$/, 'n$1'));
  }
  const texts = [path.join(dir, 'dist', 'index.html'), ...fs.readdirSync(assets).filter((n) => /\.(js|css)$/.test(n)).map((n) => path.join(assets, n))];
  for (const sub of fs.readdirSync(path.join(dir, 'dist-ssr'), { recursive: true, encoding: 'utf8' })) {
    if (sub.endsWith('.js')) texts.push(path.join(dir, 'dist-ssr', sub));
  }
  for (const file of texts) {
    let text = fs.readFileSync(file, 'utf8');
    for (const [from, to] of renames) text = text.replaceAll(from, to);
    fs.writeFileSync(file, text);
  }
  for (const [from, to] of renames) fs.renameSync(path.join(assets, from), path.join(assets, to));
  return renames;
}

test('a tab of the old build clicks to a page whose code the new build renamed: it loads the new build there, no error screen', async ({ page, consoleErrors }) => {
  const dir = copyBuild();
  const spaDir = path.join(dir, 'dist');
  let app = await startAppServer({}, { build: false, spaDir });
  try {
    await page.goto(`${app.url}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-booting');
    const oldEntry = await page.locator('meta[name="switchback-entry"]').getAttribute('content');
    // A chunk this tab has loaded answers as before the deploy.
    expect((await page.request.get(`${app.url}${oldEntry}`)).status()).toBe(200);

    await app.stop({ keepData: true });
    const renamed = deployNewBuild(dir);
    app = await startAppServer({}, { build: false, spaDir, port: app.port, dataDir: app.dataDir });

    // The old chunk is a plain 404 now, not the page sent as a script.
    const gone = await page.request.get(`${app.url}${oldEntry}`);
    expect(gone.status()).toBe(404);
    expect(gone.headers()['content-type']).toContain('application/json');

    // The about page's code was never loaded by this tab: its old name is gone.
    await page.getByRole('link', { name: 'About us' }).first().click();
    await expect(page).toHaveURL(`${app.url}/about-us`);
    await expect(page.getByRole('heading', { level: 1, name: 'We build the app for the ride after the ride' })).toBeVisible();
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
    // Running the new build now: the page names the entry's new name.
    const newEntry = await page.locator('meta[name="switchback-entry"]').getAttribute('content');
    expect(newEntry).toBe(`/assets/${renamed.get(path.basename(oldEntry!))}`);
    await checkA11y(page);
    // The gone chunk was the only error: it is what made the tab reload.
    expect(consoleErrors.filter((line) => !/Failed to load resource.*404|Failed to fetch dynamically imported module/.test(line))).toEqual([]);
  } finally {
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
