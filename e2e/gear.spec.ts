import sharp from 'sharp';
import { gpxRide, rideLength, rideSamples } from './support/activity-files';
import { accountMenu, newMember, signedInPage, signUpThroughApi } from './support/accounts';
import { settledMotion } from './support/steady';
import { checkA11y, expect, test } from './support/test';

test.use(settledMotion);

// Issue 24: Kai adds his enduro bike on /profile/gears/add (MTB fields, two photos, travel, his default for MTB),
// imports a ride that picks it by itself, and sees its totals move on the bike's page; Lou opens Kai's Gear tab and
// finds the bike. New members here read miles (the browser's en-US).

async function photo(name: string, colour: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } }).jpeg({ quality: 85 }).toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

test('a member adds an MTB with photos and travel, a ride picks it by itself, its totals move, and another member sees it', async ({ browser, request }) => {
  const kai = newMember('kai', { firstName: 'Kai', lastName: 'Moreau' });
  const lou = newMember('lou', { firstName: 'Lou', lastName: 'Berger' });
  const kaiSession = await signUpThroughApi(request, kai);
  await signUpThroughApi(request, lou);
  const errors: string[] = [];
  const page = await signedInPage(browser, kai, errors);

  await page.goto('/profile/gears');
  await expect(page.getByRole('heading', { level: 1, name: 'Your gear' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('link', { name: 'Add gear' }).first().click();
  await expect(page).toHaveURL(/\/profile\/gears\/add$/);

  // Sport first: its fields come from the server. A running shoe has a size and no travel; the MTB has travel.
  const form = page.getByRole('form', { name: 'New gear' });
  await form.getByLabel('Sport', { exact: true }).selectOption({ label: 'Running' });
  await expect(form.getByLabel('Size', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Front travel (mm)', { exact: true })).toHaveCount(0);
  await form.getByLabel('Sport', { exact: true }).selectOption({ label: 'MTB' });
  await expect(form.getByLabel('Front travel (mm)', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Size', { exact: true })).toHaveCount(0);
  await checkA11y(page);

  await form.getByLabel('Wheel size', { exact: true }).selectOption('29"');
  await form.getByLabel('Frame size', { exact: true }).selectOption('L');
  // Too much travel: the form says so on the field and keeps what was typed.
  await form.getByLabel('Front travel (mm)', { exact: true }).fill('400');
  await form.getByLabel('Rear travel (mm)', { exact: true }).fill('160');
  await form.getByLabel('Name', { exact: true }).fill('Enduro rig');
  await form.getByLabel('Brand', { exact: true }).fill('Orbea');
  await form.getByLabel('Model', { exact: true }).fill('Rallon');
  await form.getByLabel('Year', { exact: true }).fill('2024');
  await form.getByText('Add photos').setInputFiles([await photo('side.jpg', { r: 30, g: 90, b: 160 }), await photo('cockpit.jpg', { r: 200, g: 120, b: 30 })]);
  await expect(form.getByRole('list', { name: 'Photos in the order they are shown' }).getByRole('img')).toHaveCount(2);
  await form.getByLabel('Default for this sport', { exact: true }).check();
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(form.getByLabel('Front travel (mm)', { exact: true })).toHaveAccessibleDescription(/300/);
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Enduro rig');
  await form.getByLabel('Front travel (mm)', { exact: true }).fill('170');
  await form.getByRole('button', { name: 'Publish' }).click();

  await expect(page.getByText('Equipment Created Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/gears\/\d+$/);
  const gearUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: 'Enduro rig' })).toBeVisible();
  const fact = (term: string) => page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(fact('Front travel')).toHaveText('170 mm');
  await expect(fact('Rear travel')).toHaveText('160 mm');
  await expect(fact('Model')).toHaveText('Rallon');
  await expect(page.getByRole('button', { name: /^Open photo \d of 2$/ })).toHaveCount(2);
  await checkA11y(page);

  // A ride imported on /activities: an MTB file, so it gets the default MTB by itself.
  const samples = rideSamples({ start: { lat: 46.02, lng: 7.75 }, startTime: Date.UTC(2026, 5, 2, 7) / 1000, bearing: 40, points: 240, metresPerStep: 40 });
  await page.goto('/activities');
  // The list's prerendered shell is inert until the app has drawn over it: the member's own menu says it has.
  await expect(accountMenu(page)).toBeVisible();
  await page.getByText('Choose files').setInputFiles({ name: 'enduro-laps.gpx', mimeType: 'application/gpx+xml', buffer: gpxRide('Enduro laps', samples, 'mountain_biking') });
  const imported = page.getByRole('list', { name: 'Files to import' }).getByRole('link', { name: 'Enduro laps' });
  await expect(imported).toBeVisible({ timeout: 30_000 });
  const activityId = Number((await imported.getAttribute('href'))!.split('/').pop());
  const ride = await request.get(`/api/activity/${activityId}`, { headers: { Authorization: `Bearer ${kaiSession.token.access_token}` } });
  const miles = (((await ride.json()) as { data: { distance: number } }).data.distance / 1609.344).toFixed(1);
  expect(Number(miles)).toBeCloseTo(rideLength(samples) / 1609.344, 0);
  await imported.click();
  const gearSection = page.getByRole('region', { name: 'Gear' });
  await expect(gearSection.getByRole('link', { name: 'Enduro rig' })).toBeVisible();
  await checkA11y(page);

  await gearSection.getByRole('link', { name: 'Enduro rig' }).click();
  await expect(page).toHaveURL(new RegExp(`${gearUrl}$`));
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByRole('definition').first()).toHaveText(`${miles} mi`);
  await expect(totals.getByRole('definition').last()).toHaveText('1');
  await expect(page.getByRole('link', { name: /Enduro laps/ })).toBeVisible();

  // Kai posts about it: the post carries the bike's card, which leads back to it.
  await page.getByRole('button', { name: 'Post about it' }).click();
  const share = page.getByRole('dialog');
  await share.getByLabel('Say something about it').fill('Finally built, 170 up front.');
  await checkA11y(page);
  await share.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Feed Created Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/feeds\/\d+$/);
  await expect(page.getByText('Finally built, 170 up front.')).toBeVisible();
  const gearCard = page.getByRole('link', { name: 'Gear: Enduro rig' });
  await expect(gearCard).toBeVisible();
  await checkA11y(page);
  await gearCard.click();
  await expect(page).toHaveURL(new RegExp(`${gearUrl}$`));

  // Lou, another member, finds it on Kai's Gear tab.
  const louPage = await signedInPage(browser, lou, errors);
  await louPage.goto(`/profile/${kai.handleName}/gears`);
  const card = louPage.getByRole('link', { name: /Enduro rig/ });
  await expect(card).toBeVisible();
  await expect(louPage.getByText(`${miles} mi`)).toBeVisible();
  await checkA11y(louPage);
  await card.click();
  await expect(louPage.getByRole('heading', { level: 1, name: 'Enduro rig' })).toBeVisible();
  await expect(louPage.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await checkA11y(louPage);
  // A piece that does not exist (or is not Lou's to see) says so.
  await louPage.goto('/gears/2000000000');
  await expect(louPage.getByRole('heading', { level: 1, name: 'This gear isn’t available' })).toBeVisible();
  await checkA11y(louPage);
  expect(errors).toEqual([]);
});

test('a chain with a 3-mile interval: after a longer ride its owner is told a service is due, and logging it clears the mark', async ({ browser, request }) => {
  const rider = newMember('chain', { firstName: 'Noa', lastName: 'Keller' });
  const session = await signUpThroughApi(request, rider);
  const auth = { headers: { Authorization: `Bearer ${session.token.access_token}` } };
  // The bike is the setting, made as the form makes it; the chain and the notice are what this test is about.
  const saved = await request.post('/api/userSaveEquipment', { ...auth, data: { sportId: 53, title: 'Trail bike', isDraft: false, isDefault: true } });
  const bikeId = ((await saved.json()) as { data: { id: number } }).data.id;
  const errors: string[] = [];
  const page = await signedInPage(browser, rider, errors);

  await page.goto(`/gears/${bikeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Trail bike' })).toBeVisible();
  await page.getByRole('button', { name: 'Add component' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a component' });
  await dialog.getByLabel('Kind', { exact: true }).selectOption({ label: 'Chain' });
  await dialog.getByLabel('Name', { exact: true }).fill('XT chain');
  // Fitted yesterday: the ride below, three hours ago, is after it whatever the hour.
  const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
  await dialog.getByLabel('Fitted on', { exact: true }).fill(yesterday);
  await dialog.getByLabel('Every … mi', { exact: true }).fill('3');
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Add component' }).click();
  await expect(page.getByText('Component added.')).toBeVisible();
  const wear = page.getByRole('meter', { name: 'Chain wear' });
  await expect(wear).toHaveAttribute('aria-valuenow', '0');

  // A 5-mile ride, logged on the bike (its default): past the interval.
  const ride = await request.post('/api/activity', {
    ...auth,
    data: { sportId: 53, title: 'Long loop', startDate: new Date(Date.now() - 3 * 3600 * 1000).toISOString(), timeZone: 'UTC', duration: 3600, distance: 8047 },
  });
  expect(ride.status()).toBe(200);

  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: /^Notifications/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const notice = page.getByRole('link', { name: /Chain “XT chain” on Trail bike is due for a service: 5\.0 mi since it was fitted\./ });
  await expect(notice).toBeVisible();
  await checkA11y(page);
  await notice.click();

  await expect(page).toHaveURL(new RegExp(`/gears/${bikeId}$`));
  await expect(page.getByText('Service due')).toBeVisible();
  await expect(wear).toHaveAttribute('aria-valuenow', /^16\d$/);
  await checkA11y(page);
  await page.getByRole('button', { name: 'Log service XT chain' }).click();
  const service = page.getByRole('dialog', { name: 'Log a service of XT chain' });
  await service.getByLabel('What was done', { exact: true }).fill('New chain');
  await service.getByRole('button', { name: 'Log service' }).click();
  await expect(page.getByText('Service logged.')).toBeVisible();
  await expect(page.getByText('Service due')).toHaveCount(0);
  await expect(wear).toHaveAttribute('aria-valuenow', '0');
  await page.getByText('Service log (1)').click();
  await expect(page.getByText('New chain')).toBeVisible();
  expect(errors).toEqual([]);
});
