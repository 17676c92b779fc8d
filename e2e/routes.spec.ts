import path from 'node:path';
import { accountMenu, newMember, signInThroughUi, signUpThroughApi, type Member } from './support/accounts';
import { checkA11y, expect, test } from './support/test';
import { settledMotion } from './support/steady';

test.use(settledMotion);

/**
 * Every signed-in route of spec §2 (src/routes/_main), with sample ids for its parameters, and its heading,
 * grouped by area so each group runs in one browser page.
 */
const SIGNED_IN_ROUTES: Record<string, [path: string, heading: string][]> = {
  'social graph': [
    ['/followers', 'Your followers'],
    ['/followers/requests', 'Follow requests'],
    ['/following', 'Following'],
    ['/members', 'Members'],
    // The demo member's profile: the heading is her name on every tab.
    ['/profile/mayatrails', 'Maya Torres'],
    ['/profile/mayatrails/gears', 'Maya Torres'],
    ['/profile/mayatrails/feeds', 'Maya Torres'],
    ['/profile/mayatrails/shorts', 'Maya Torres'],
    ['/profile/mayatrails/activities', 'Maya Torres'],
    ['/notifications', 'Notifications'],
    ['/notifications/settings', 'Notification settings'],
  ],
  activities: [
    ['/activities', 'Your activities'],
    // /activities/$activityId needs an activity this member may see: e2e/activities.spec.ts opens one, and a missing
    // one, with axe.
    ['/activities/live', 'Live activities'],
    // /activities/live/$liveId needs a session this member may watch, and /live/$token a share link: e2e/live.spec.ts
    // opens both, with axe.
  ],
  events: [
    ['/events', 'Events'],
    ['/events/create', 'Create an event'],
    // Without an eventId there is nothing to edit: the page says so and makes no call. e2e/events.spec.ts and
    // map-offline.spec.ts open and edit real events, with axe.
    ['/events/edit', 'No event chosen'],
  ],
  'feeds and shorts': [
    ['/feeds', 'Your feed'],
    ['/feeds/myFeeds', 'My posts'],
    // Without a feedId the feed form writes a new post (spec §4).
    ['/feeds/edit', 'New post'],
    // /feeds/$feedId needs a post this member may see: e2e/feeds.spec.ts opens one, and a missing one, with axe.
    ['/shorts', 'Shorts'],
    // /shorts/$feedId needs a short this member may see: e2e/shorts.spec.ts opens one, with axe.
  ],
  moderation: [
    ['/manage-users/blocked', 'Blocked members'],
    ['/manage-users/muted', 'Muted members'],
    ['/manage-users/reported', 'Reported members'],
    ['/manage-feeds/reported', 'Reported posts, events and activities'],
    ['/manage-feeds/reported-comments', 'Reported comments'],
    ['/manage-shorts/reported', 'Reported shorts'],
    ['/manage-shorts/reported-comments', 'Reported comments on shorts'],
    // A member's view: the decisions about them (moderators' tabs: e2e/moderation.spec.ts).
    ['/moderation', 'Moderation'],
  ],
  'own profile and gear': [
    ['/profile', 'Robin Ridge'],
    ['/profile/edit', 'Edit profile'],
    ['/profile/gears', 'Your gear'],
    ['/profile/gears/add', 'Add gear'],
    // Without a piece chosen the edit page adds one, as /feeds/edit writes a new post.
    ['/profile/gears/edit', 'Add gear'],
    // /gears/$gearId needs a piece this member may see: e2e/gear.spec.ts opens real ones, and a missing one, with axe.
    ['/profile/shorts', 'Your shorts'],
    ['/profile/activities', 'Your activities'],
    ['/profile/privacy-zones', 'Privacy zones'],
  ],
  associates: [
    ['/profile/associate', 'Associates'],
    ['/profile/associate/add', 'Add an associate'],
    // /profile/associate/edit/$associateId and /permissions/$associateId need an associate of this member's:
    // e2e/associates.spec.ts opens real ones, with axe.
  ],
};

const NAV_ENTRIES = ['Feeds', 'Shorts', 'Events', 'Activities', 'Members', 'Notifications', 'Profile'];

// One member per worker: with the files' tests spread over workers, each worker signs its own member in once.
let member: Member;
const signedInState = (workerIndex: number) => path.join(process.env.E2E_DATA_DIR!, `routes-signed-in-${workerIndex}.json`);

test.describe('signed in', () => {
  // Signed in once per worker through the sign-in page; each test starts from that browser state.
  test.beforeAll(async ({ browser }, workerInfo) => {
    member = newMember('routes');
    // A clean context: the file below is what this hook writes, not something to load yet.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    await signUpThroughApi(context.request, member);
    const page = await context.newPage();
    await signInThroughUi(page, member.email, member.password);
    await expect(page).toHaveURL(/\/feeds$/);
    await context.storageState({ path: signedInState(workerInfo.workerIndex) });
    await context.close();
  });
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one needs none.
  // eslint-disable-next-line no-empty-pattern
  test.use({ storageState: async ({}, use, testInfo) => use(signedInState(testInfo.workerIndex)) });

  for (const [area, routes] of Object.entries(SIGNED_IN_ROUTES)) {
    test(`${area}: every route opens with its heading, no console error and no axe violation`, async ({ page, consoleErrors }) => {
      // Each page is loaded and checked with axe: time by the number of pages, not one test's default (20 s a page:
      // on a busy two-core machine /feeds and /shorts took 21 and 24 s, 2026-11-28; a broken page still fails on its
      // 10 s expectation).
      test.setTimeout(20_000 + routes.length * 20_000);
      for (const [route, heading] of routes) {
        await test.step(route, async () => {
          await page.goto(route);
          await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
          expect(new URL(page.url()).pathname).toBe(route);
          await expect(accountMenu(page)).toContainText(`@${member.handleName}`);
          await checkA11y(page);
          expect(consoleErrors, `console errors on ${route}`).toEqual([]);
        });
      }
    });
  }

  test('/auth/login goes to the feed', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/feeds$/);
    await expect(page.getByRole('heading', { name: 'Your feed' })).toBeVisible();
  });

  test('from 1024 to 1600 px the top bar’s links and the account menu sit side by side, none over another', async ({ page }) => {
    for (const width of [1024, 1280, 1440, 1600]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/feeds');
      const links = page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link');
      await expect(links).toHaveText(NAV_ENTRIES);
      // Measured once the app has drawn over the page's prerendered shell (its account menu is the app's own).
      await expect(accountMenu(page)).toBeVisible();
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      const boxes = [...(await Promise.all((await links.all()).map((link) => link.boundingBox()))), await accountMenu(page).boundingBox()];
      for (let i = 1; i < boxes.length; i++) {
        expect(boxes[i - 1]!.x + boxes[i - 1]!.width, `at ${width} px, item ${i} starts after item ${i - 1} ends`).toBeLessThanOrEqual(boxes[i]!.x);
      }
      expect(boxes.at(-1)!.x + boxes.at(-1)!.width).toBeLessThanOrEqual(width);
    }
  });

  test('at 360 px the bottom navigation shows its six entries, Notifications is the bell at the top', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/events');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    const links = nav.getByRole('link');
    await expect(links).toHaveText(NAV_ENTRIES.filter((entry) => entry !== 'Notifications'));
    await expect(page.getByRole('banner').getByRole('link', { name: 'Notifications' })).toBeInViewport();
    for (const link of await links.all()) await expect(link).toBeInViewport();
    await expect(nav.getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
    await checkA11y(page);

    await nav.getByRole('link', { name: 'Members' }).click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByRole('heading', { name: 'Members', exact: true })).toBeVisible();
  });
});

test.describe('signed out', () => {
  test('/events sends a visitor to sign in and back to /events after', async ({ page, request }) => {
    const visitor = newMember('back');
    await signUpThroughApi(request, visitor);
    await page.goto('/events');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await checkA11y(page);
    await page.getByLabel('E-mail').fill(visitor.email);
    await page.getByLabel('Password', { exact: true }).fill(visitor.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  });

  test('an unknown path answers a real 404 and shows Page not found', async ({ page, consoleErrors }) => {
    const response = await page.goto('/no/such/trail');
    // Issue 23: no soft 404. The page is the app's, so the not-found screen paints as any page does.
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    // The site's header stays: a way back (or in) and the theme switch.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Switchback home' })).toBeVisible();
    await checkA11y(page);
    // The browser reports the document's own 404, and nothing else may go wrong.
    expect(consoleErrors.filter((line) => !/status of 404/.test(line))).toEqual([]);
  });

  test('/auth goes to /auth/login', async ({ page }) => {
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });
});
