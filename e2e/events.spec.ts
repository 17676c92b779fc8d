import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { newMember, signedInPage, signInThroughUi, signUpThroughApi } from './support/accounts';
import { canvasPaint, dayFromToday, followThroughApi, outsideRequests, publishEventThroughApi, recordRequests } from './support/events';
import { expectNoMarkupFrom } from './support/no-markup';
import { settledMotion } from './support/steady';
import { checkA11y, expect, test } from './support/test';

test.use(settledMotion);

/** The form's step heading, e.g. "Step 3 of 5: Where & route", and the matching step in the step indicator. */
async function expectStep(page: Page, n: number, title: string) {
  // The heading's two lines ("Step 3 of 5", "Where & route") are block elements, so its name reads "Step 3 of 5 : …".
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Step ${n} of 5\\s*:\\s*${title}$`) })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Form steps' }).getByRole('button', { name: `Step ${n}: ${title}` })).toHaveAttribute('aria-current', 'step');
}

/** Presses the form's Next (or Preview) and waits for the step it leads to. */
async function next(page: Page, n: number, title: string, button: 'Next' | 'Preview' = 'Next') {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expectStep(page, n, title);
}

/** Step 1 as an organiser fills it: name, sport, description. */
async function fillBasics(page: Page, name: string, description: string) {
  await expectStep(page, 1, 'Basics');
  await page.getByLabel('Event name').fill(name);
  await page.getByLabel('Sport').selectOption({ label: 'MTB' });
  await page.getByRole('textbox', { name: 'Description' }).fill(description);
}

/** Step 2: tomorrow 09:00–12:00 in Lisbon (the end day follows the start day by itself). */
async function fillWhen(page: Page, day: string) {
  await page.getByLabel('Start date').fill(day);
  await page.getByLabel('Start time').fill('09:00');
  await expect(page.getByLabel('End date')).toHaveValue(day);
  await page.getByLabel('End time').fill('12:00');
  await page.getByLabel('Time zone').selectOption('Europe/Lisbon');
}

/** Publishes from the preview step; answers the new event's id once the page has moved to it. */
async function publish(page: Page) {
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/challenge' && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const res = await saved;
  const body = (await res.json()) as { message: string; data: { id: number } };
  expect(res.status(), body.message).toBe(200);
  await expect(page.getByText('Event Created Successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/events/${body.data.id}$`));
  return body.data.id;
}

/** Waits for the server's answer to a Going click (join or opt-out). */
const statusAnswer = (page: Page, path: 'join' | 'opt-out') =>
  page.waitForResponse((r) => new URL(r.url()).pathname === `/api/challenge/${path}` && r.status() === 200);

/** The top of an event's page (the article named by the event's heading), which holds the buttons and reactions. */
const summaryOf = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const goingButton = (page: Page, label: string, name: string) => page.getByRole('button', { name: `${label}: ${name}`, exact: true });
const peopleSection = (page: Page) => page.getByRole('region', { name: 'People', exact: true });

test('an organiser draws a route and publishes with two places (one theirs); B joins, C waits and moves up, comments, reacts and downloads the .ics; no request leaves the app', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = new URL(baseURL!).origin;
  const pageErrors: string[] = [];
  const ada = newMember('ada', { firstName: 'Ada', lastName: 'Organiser' });
  const ben = newMember('ben', { firstName: 'Ben', lastName: 'Early' });
  const cara = newMember('cara', { firstName: 'Cara', lastName: 'Later' });
  for (const m of [ada, ben, cara]) await signUpThroughApi(request, m);
  const word = Date.now().toString(36);
  const name = `Dawn loop ${word}`;
  const day = dayFromToday(1);

  // 1. A creates the event through the stepped form.
  const a = await signedInPage(browser, ada, pageErrors);
  const aUrls = recordRequests(a.context());
  await a.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events', exact: true }).click();
  await expect(a).toHaveURL(/\/events\/?$/);
  await expect(a.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await checkA11y(a);
  await a.getByRole('link', { name: 'Create event' }).click();
  await expect(a).toHaveURL(/\/events\/create$/);
  await fillBasics(a, name, 'Three climbs before breakfast. Lights and a spare tube.');
  await checkA11y(a);
  await next(a, 2, 'When');
  await fillWhen(a, day);
  await checkA11y(a);
  await next(a, 3, 'Where & route');

  // The meeting point first: the route map then looks at it closely, as an organiser would draw from there.
  const meetingMap = a.getByRole('region', { name: 'Map: click to set the meeting point' });
  const routeMap = a.getByRole('region', { name: 'Route map: click to add points' });
  await expect(a.getByTestId('map-canvas-ready')).toHaveCount(2, { timeout: 30_000 });
  const meetingSize = (await meetingMap.boundingBox())!;
  await meetingMap.click({ position: { x: Math.round(meetingSize.width / 2), y: Math.round(meetingSize.height / 2) } });
  await expect(a.getByText('No pin on the map yet.')).toHaveCount(0);
  const routeBox = a.getByTestId('map-canvas-ready').filter({ has: routeMap });
  await expect(routeBox.getByRole('img', { name: 'Meeting point' })).toBeVisible();
  await a.getByLabel('Place name').fill('Trailhead car park');

  const distance = a.getByTestId('route-distance');
  await expect(distance).toContainText('· 0 points');
  const before = await canvasPaint(a, routeMap);
  const size = (await routeMap.boundingBox())!;
  const readings = [await distance.textContent()];
  // Three spots away from the meeting pin (at the centre), the zoom buttons (top right) and each other.
  for (const [i, [fx, fy]] of (
    [
      [0.25, 0.3],
      [0.5, 0.8],
      [0.75, 0.35],
    ] as const
  ).entries()) {
    await routeMap.click({ position: { x: Math.round(size.width * fx), y: Math.round(size.height * fy) } });
    await expect(distance).toContainText(i === 0 ? '· 1 point' : `· ${i + 1} points`);
    readings.push(await distance.textContent());
  }
  // The distance grows with the second and third points; the line is drawn in the route's colour.
  expect(readings[2]).not.toBe(readings[1]);
  expect(readings[3]).not.toBe(readings[2]);
  expect(readings[3]).toMatch(/Distance so far: [\d.,]+ (km|mi)/);
  await expect(routeBox.getByRole('img', { name: 'Route start' })).toBeVisible();
  await expect(routeBox.getByRole('img', { name: 'Route point 2 of 3' })).toBeVisible();
  await expect(routeBox.getByRole('img', { name: 'Route end' })).toBeVisible();
  await expect.poll(async () => (await canvasPaint(a, routeMap)).routePixels, { timeout: 10_000 }).toBeGreaterThan(before.routePixels + 200);
  await checkA11y(a);

  // Leaving the step stores the route (the server measures it).
  const routeSaved = a.waitForResponse((r) => new URL(r.url()).pathname === '/api/route' && r.request().method() === 'POST');
  await next(a, 4, 'Goals & people');
  expect((await routeSaved).status()).toBe(200);
  // Two places: the organiser is going from the moment it is published, and holds one.
  await a.getByLabel('Capacity').fill('2');
  await checkA11y(a);
  await next(a, 5, 'Preview', 'Preview');
  const preview = a.getByRole('article', { name: 'Event preview' });
  await expect(preview.getByRole('heading', { level: 3, name })).toBeVisible();
  await expect(preview).toContainText('2 places, then a waitlist');
  await expect(preview).toContainText('Times in Europe/Lisbon');
  await checkA11y(a);
  const eventId = await publish(a);

  // The event's page: the route on the map with the meeting point, and its measured distance.
  await expect(summaryOf(a, name).getByRole('heading', { level: 1, name })).toBeVisible();
  const aMap = a.getByTestId('map-canvas-ready');
  await expect(aMap).toBeVisible({ timeout: 30_000 });
  const aCanvas = aMap.getByRole('region', { name: `Map of the route of ${name}, with the meeting point` });
  await expect(aCanvas).toBeVisible();
  await expect(aMap.getByRole('img', { name: 'Meeting point' })).toBeVisible();
  await expect.poll(async () => (await canvasPaint(a, aCanvas)).routePixels, { timeout: 10_000 }).toBeGreaterThan(150);
  await expect(a.getByRole('region', { name: 'Route', exact: true })).toContainText(/Distance\s*[\d.,]+ (km|mi)/);
  await expect(peopleSection(a)).toContainText('1 of 2 spots left');
  await expect(peopleSection(a).getByRole('button', { name: '1 going', exact: true })).toBeVisible();
  await expect(summaryOf(a, name)).toContainText('You’re organising this event, and counted as going.');
  await expect(summaryOf(a, name).getByRole('button', { name: `Going: ${name}`, exact: true })).toHaveCount(0);
  await checkA11y(a);

  // 2. B opens the event and goes: the one place is taken.
  const b = await signedInPage(browser, ben, pageErrors);
  const bUrls = recordRequests(b.context());
  await b.goto(`/events/${eventId}`);
  await expect(summaryOf(b, name)).toBeVisible();
  await expect(goingButton(b, 'Going', name)).toHaveAttribute('aria-pressed', 'false');
  await checkA11y(b);
  const bJoined = statusAnswer(b, 'join');
  await goingButton(b, 'Going', name).click();
  await bJoined;
  await expect(goingButton(b, 'Going', name)).toHaveAttribute('aria-pressed', 'true');
  await expect(peopleSection(b).getByRole('button', { name: '2 going', exact: true })).toBeVisible();
  await expect(peopleSection(b)).toContainText('Full · new joiners go on a waitlist');
  await checkA11y(b);

  // 3. C finds it full and lands on the waitlist.
  const c = await signedInPage(browser, cara, pageErrors);
  const cUrls = recordRequests(c.context());
  await c.goto(`/events/${eventId}`);
  await expect(peopleSection(c).getByRole('button', { name: '2 going', exact: true })).toBeVisible();
  await checkA11y(c);
  const cJoined = statusAnswer(c, 'join');
  await goingButton(c, 'Join waitlist', name).click();
  await cJoined;
  await expect(goingButton(c, 'On waitlist #1', name)).toHaveAttribute('aria-pressed', 'true');
  await expect(peopleSection(c).getByRole('status')).toHaveText('You’re #1 on the waitlist. You move up as people leave.');
  await expect(peopleSection(c)).toContainText('Full · 1 on the waitlist');
  await expect(peopleSection(c).getByRole('button', { name: '1 waiting', exact: true })).toBeVisible();
  await checkA11y(c);

  // 4. B leaves; the place goes to C.
  const bLeft = statusAnswer(b, 'opt-out');
  await goingButton(b, 'Going', name).click();
  await bLeft;
  await expect(goingButton(b, 'Join waitlist', name)).toHaveAttribute('aria-pressed', 'false');
  await expect(peopleSection(b).getByRole('button', { name: '0 waiting', exact: true })).toBeVisible();
  await c.reload();
  await expect(goingButton(c, 'Going', name)).toHaveAttribute('aria-pressed', 'true');
  await expect(peopleSection(c).getByRole('button', { name: '2 going', exact: true })).toBeVisible();
  await expect(peopleSection(c).getByRole('button', { name: '0 waiting', exact: true })).toBeVisible();
  await expect(peopleSection(c).getByRole('status')).toHaveCount(0);

  // 5. C comments and reacts with 😮 through the picker; both hold after a reload.
  const cSummary = summaryOf(c, name);
  const remark = 'Count me in. Is there coffee after?';
  await c.getByRole('textbox', { name: 'Add a comment' }).fill(remark);
  await c.getByRole('button', { name: 'Post', exact: true }).click();
  const cComment = c.getByRole('article', { name: 'Comment by Cara Later' });
  await expect(cComment).toContainText(remark);
  await expect(cComment).not.toHaveAttribute('aria-busy');
  await expect(cSummary.getByRole('link', { name: '1 comment', exact: true })).toBeVisible();

  await cSummary.getByRole('button', { name: 'More reactions' }).click();
  const picker = cSummary.getByRole('toolbar', { name: 'Choose a reaction' });
  await expect(picker).toBeVisible();
  await checkA11y(c);
  const reacted = c.waitForResponse((r) => new URL(r.url()).pathname === '/api/saveProductLike' && r.status() === 200);
  await picker.getByRole('button', { name: 'Wow' }).click();
  await reacted;
  await expect(cSummary.getByRole('button', { name: 'Your reaction: Wow. Remove it' })).toBeVisible();
  await expect(cSummary.getByRole('button', { name: '1 reaction: see who reacted' })).toContainText('😮');

  await c.reload();
  await expect(cSummary.getByRole('button', { name: 'Your reaction: Wow. Remove it' })).toBeVisible();
  await expect(cSummary.getByRole('button', { name: '1 reaction: see who reacted' })).toContainText('😮');
  await expect(cSummary.getByRole('link', { name: '1 comment', exact: true })).toBeVisible();
  await expect(c.getByRole('article', { name: 'Comment by Cara Later' })).toContainText(remark);
  await checkA11y(c);

  // 6. Add to calendar: an .ics in the event's own zone.
  const download = c.waitForEvent('download');
  await cSummary.getByRole('button', { name: 'Add to calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.ics$/);
  const ics = await fs.readFile((await file.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(name);
  expect(ics).toContain(`DTSTART;TZID=Europe/Lisbon:${day.replaceAll('-', '')}T090000`);

  // 7. Three members, three maps' worth of pages: nothing was asked of any other origin.
  expect(aUrls.some((u) => /\/assets\/countries-50m-[\w-]+\.json$/.test(new URL(u).pathname))).toBe(true);
  expect(outsideRequests([...aUrls, ...bUrls, ...cUrls], origin)).toEqual([]);
  expect(pageErrors, 'uncaught errors in any page').toEqual([]);
  for (const page of [a, b, c]) await page.context().close();
});

test('the list shows the new event with its organiser going, and the Past and Yours tabs switch the list', async ({ page, request }) => {
  const member = newMember('lister', { firstName: 'Lee', lastName: 'Lister' });
  const { token } = await signUpThroughApi(request, member);
  const word = Date.now().toString(36);
  const name = `Gravel social ${word}`;
  await publishEventThroughApi(request, token.access_token, name);
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);

  await page.goto(`/events?search=${word}`);
  const list = page.getByRole('list', { name: 'Upcoming events' });
  const card = list.getByRole('article', { name, exact: true });
  await expect(card).toBeVisible();
  // The organiser's own event: counted among those going, and no Interested / Going to press.
  await expect(card).toContainText('1 going');
  await expect(card).toContainText('You’re organising this event, and counted as going.');
  await expect(card.getByRole('button', { name: `Going: ${name}`, exact: true })).toHaveCount(0);
  await expect(card.getByRole('button', { name: `Interested in ${name}`, exact: true })).toHaveCount(0);
  await checkA11y(page);

  const tabs = page.getByRole('navigation', { name: 'Which events' });
  await tabs.getByRole('link', { name: 'Yours', exact: true }).click();
  await expect(tabs.getByRole('link', { name: 'Yours', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('list', { name: 'Your events' }).getByRole('article', { name, exact: true })).toContainText('1 going');

  await tabs.getByRole('link', { name: 'Past', exact: true }).click();
  await expect(tabs.getByRole('link', { name: 'Past', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(`No events match “${word}”`)).toBeVisible();
  await expect(page.getByRole('article', { name, exact: true })).toHaveCount(0);
  // Without the search, the past list holds the demo's climb of ten days ago, and not the new event.
  await page.getByRole('link', { name: 'Clear filters' }).click();
  const past = page.getByRole('list', { name: 'Past events' });
  await expect(past.getByRole('article', { name: 'Kühtai from Ötz', exact: true })).toBeVisible();
  await expect(past.getByRole('article', { name, exact: true })).toHaveCount(0);
  await checkA11y(page);
});

test('a draft is saved from the form and published from its own page; the edit page without an event says none was chosen', async ({ page, request }) => {
  const member = newMember('drafter', { firstName: 'Dee', lastName: 'Drafter' });
  await signUpThroughApi(request, member);
  const name = `Trail day ${Date.now().toString(36)}`;
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);

  await page.goto('/events/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'No event chosen' })).toBeVisible();
  await expect(page.getByText(/deleted/)).toHaveCount(0);
  await checkA11y(page);
  await page.getByRole('link', { name: 'Create an event' }).click();
  await expect(page).toHaveURL(/\/events\/create$/);

  await fillBasics(page, name, 'Two drains and a reroute. Gloves and water are yours.');
  await next(page, 2, 'When');
  await fillWhen(page, dayFromToday(3));
  await next(page, 3, 'Where & route');
  await next(page, 4, 'Goals & people');
  await next(page, 5, 'Preview', 'Preview');
  await page.getByRole('button', { name: 'Save as draft', exact: true }).click();
  await expect(page.getByText('Draft saved.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/events\/\d+$/);

  // The draft's page: marked, said to be a draft, and published from here.
  const summary = summaryOf(page, name);
  await expect(summary.getByText('Draft', { exact: true })).toBeVisible();
  await expect(summary).toContainText('This is a draft. Only its organiser and co-hosts can see it. Publish it to let people join.');
  await expect(peopleSection(page).getByRole('button', { name: '0 going', exact: true })).toBeVisible();
  await checkA11y(page);
  const published = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/challenge/publish' && r.status() === 200);
  await summary.getByRole('button', { name: 'Publish', exact: true }).click();
  await published;
  await expect(page.getByText('Event Created Successfully')).toBeVisible();
  await expect(summary.getByText('Draft', { exact: true })).toHaveCount(0);
  await expect(summary.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  await expect(summary).toContainText('You’re organising this event, and counted as going.');
  await expect(peopleSection(page).getByRole('button', { name: '1 going', exact: true })).toBeVisible();
  await checkA11y(page);

  // Published for everyone: it is in the upcoming list now, after a reload too.
  await page.goto(`/events?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('list', { name: 'Upcoming events' }).getByRole('article', { name, exact: true })).toContainText('1 going');
  await checkA11y(page);
});

test('a member asked to co-host accepts from the notifications, and can edit the event from then on', async ({ browser, request }) => {
  const pageErrors: string[] = [];
  const olga = newMember('olga', { firstName: 'Olga', lastName: 'Organiser' });
  const colin = newMember('colin', { firstName: 'Colin', lastName: 'Cohost' });
  const olgaSession = await signUpThroughApi(request, olga);
  const colinSession = await signUpThroughApi(request, colin);
  // Colin follows Olga: a connection, so she may ask him.
  await followThroughApi(request, colinSession.token.access_token, olgaSession.user.userId);
  const name = `Gravel social ${Date.now().toString(36)}`;
  const eventId = await publishEventThroughApi(request, olgaSession.token.access_token, name, 4, { CoHost: [colinSession.user.userId] });

  // Olga sees Colin asked, not yet a co-host.
  const o = await signedInPage(browser, olga, pageErrors);
  await o.goto(`/events/${eventId}`);
  await expect(peopleSection(o)).toContainText(`Invited to co-host, no answer yet · @${colin.handleName}`);
  await checkA11y(o);

  // Colin finds the invitation at the top of his notifications, with the event named, and accepts.
  const c = await signedInPage(browser, colin, pageErrors);
  await c.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ }).first().click();
  await expect(c).toHaveURL(/\/notifications$/);
  const invitations = c.getByRole('region', { name: 'Invitations to co-host' });
  await expect(invitations).toContainText(`Olga Organiser invited you to co-host ${name}.`);
  await expect(c.getByRole('link', { name: /Olga Organiser invited you to co-host an event\./ })).toBeVisible();
  await checkA11y(c);
  await invitations.getByRole('button', { name: `Accept: co-host ${name}` }).click();
  await expect(c.getByText('You’re a co-host of this event now.')).toBeVisible();
  await expect(invitations).toHaveCount(0);

  // On the event: a co-host (said so), with Going still his to press, and Edit in the options.
  await c.goto(`/events/${eventId}`);
  const summary = summaryOf(c, name);
  await expect(summary).toContainText('You’re co-hosting this event.');
  await expect(goingButton(c, 'Going', name)).toHaveAttribute('aria-pressed', 'false');
  await expect(peopleSection(c)).toContainText(`Co-host · @${colin.handleName}`);
  await summary.getByRole('button', { name: 'Event options' }).click();
  await expect(c.getByRole('link', { name: 'Edit' })).toBeVisible();
  await checkA11y(c);
  await c.getByRole('link', { name: 'Edit' }).click();
  await expect(c).toHaveURL(new RegExp(`/events/edit\\?eventId=${eventId}$`));
  await expect(c.getByRole('heading', { level: 1, name: 'Edit event' })).toBeVisible();
  await checkA11y(c);

  // Olga's page now names him co-host.
  await o.reload();
  await expect(peopleSection(o)).toContainText(`Co-host · @${colin.handleName}`);
  await expect(peopleSection(o)).not.toContainText('Invited to co-host');
  expect(pageErrors, 'uncaught errors in any page').toEqual([]);
  for (const p of [o, c]) await p.context().close();
});

const CORPUS = {
  img: '<img src=x onerror="window.__xss=1">',
  script: '<script>window.__xss=1</script>',
  svg: '<svg onload="window.__xss=1">',
  link: '[tap for tips](javascript:window.__xss=1) javascript:window.__xss=1',
};


test('markup typed as an event’s name, description and a comment is shown as text and runs nothing', async ({ browser, request }) => {
  const pageErrors: string[] = [];
  const member = newMember('evxss', { firstName: 'Xia', lastName: 'Safe' });
  await signUpThroughApi(request, member);
  const word = Date.now().toString(36);
  const name = `Corpus ${word} ${CORPUS.img}`;
  const description = `${CORPUS.script}\n${CORPUS.svg}\n${CORPUS.link}`;

  const page = await signedInPage(browser, member, pageErrors);
  await page.goto('/events/create');
  await fillBasics(page, name, description);
  await next(page, 2, 'When');
  await fillWhen(page, dayFromToday(2));
  await next(page, 3, 'Where & route');
  await next(page, 4, 'Goals & people');
  await next(page, 5, 'Preview', 'Preview');
  await expect(page.getByRole('article', { name: 'Event preview' }).getByRole('heading', { level: 3 })).toHaveText(name);
  await expectNoMarkupFrom(page);
  await publish(page);

  const summary = page.getByRole('article', { name, exact: true });
  await expect(summary.getByRole('heading', { level: 1 })).toHaveText(name);
  for (const piece of [CORPUS.script, CORPUS.svg, CORPUS.link]) await expect(summary).toContainText(piece);
  await expectNoMarkupFrom(page);

  await page.getByRole('textbox', { name: 'Add a comment' }).fill(`${CORPUS.img} ${description}`);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const comment = page.getByRole('article', { name: 'Comment by Xia Safe' });
  await expect(comment).not.toHaveAttribute('aria-busy');
  for (const piece of Object.values(CORPUS)) await expect(comment).toContainText(piece);
  await expectNoMarkupFrom(page);
  await checkA11y(page);

  // From the server again: the page after a reload, and the card in the list.
  await page.reload();
  await expect(summary.getByRole('heading', { level: 1 })).toHaveText(name);
  for (const piece of Object.values(CORPUS)) await expect(page.getByRole('article', { name: 'Comment by Xia Safe' })).toContainText(piece);
  await expectNoMarkupFrom(page);
  await page.goto(`/events?search=${word}`);
  await expect(page.getByRole('list', { name: 'Upcoming events' }).getByRole('article', { name, exact: true }).getByRole('heading', { level: 2 })).toHaveText(name);
  await expectNoMarkupFrom(page);
  await checkA11y(page);
  expect(pageErrors, 'uncaught errors in the page').toEqual([]);
  await page.context().close();
});
