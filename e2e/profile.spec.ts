import sharp from 'sharp';
import { newMember, signInThroughUi, signUpThroughApi } from './support/accounts';
import { nextTextedCode, textsTo } from './support/sms-inbox';
import { settledMotion } from './support/steady';
import { checkA11y, expect, test } from './support/test';

test.use(settledMotion);

/** A real photo file as a member would pick it: a JPEG with colour in it. */
async function photo(width: number, height: number, name: string) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 194, g: 65, b: 12 } } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fde68a"/></svg>`) }])
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

test('a member edits the profile with a new photo and cover, and sees them after a reload', async ({ page, request }) => {
  const member = newMember('profile');
  await signUpThroughApi(request, member);
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);

  await page.goto('/profile/edit');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkA11y(page);
  await page.getByLabel('Bio').fill('Dawn patrol on the ridge, coffee after.');
  // The chips are labels around visually hidden checkboxes: a member clicks the chip.
  for (const sport of ['MTB', 'Hiking']) {
    await page.locator('label', { has: page.getByRole('checkbox', { name: sport }) }).click();
    await expect(page.getByRole('checkbox', { name: sport })).toBeChecked();
  }
  await page.getByLabel('Location').fill('Boulder, Colorado');

  await page.getByLabel('Choose profile photo').setInputFiles(await photo(900, 700, 'me.jpg'));
  await page.getByRole('button', { name: 'Use this photo' }).click();
  // The photo is in once it is shown with its remove button (the crop is exported, uploaded and processed first).
  await expect(page.getByRole('button', { name: 'Remove profile photo' })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Choose cover image').setInputFiles(await photo(2400, 1000, 'ridge.jpg'));
  await page.getByRole('button', { name: 'Use this cover' }).click();
  await expect(page.getByRole('button', { name: 'Remove cover image' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been successfully updated.')).toBeVisible();
  await page.goto('/profile');
  await page.reload();
  await expect(page.getByText('Dawn patrol on the ridge, coffee after.')).toBeVisible();
  await expect(page.getByText('Boulder, Colorado')).toBeVisible();
  // The cover, the avatar on the page and the same avatar in the account menu.
  const images = page.locator('img[src^="/media/"]');
  await expect(images).toHaveCount(3);
  const sources = new Set(await images.evaluateAll((list) => list.map((img) => (img as HTMLImageElement).getAttribute('src')!)));
  expect(sources.size).toBe(2);
  for (const src of sources) {
    const res = await request.get(src);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/webp');
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
  }
  // The browser really decoded both images.
  await expect.poll(() => images.evaluateAll((list) => list.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
  await checkA11y(page);

  // Events follow the sports just chosen: the list opens on them, and every sport is one chip away.
  await page.goto('/events');
  const sports = page.getByRole('group', { name: 'Sport' });
  await expect(sports.getByRole('radio', { name: 'Your sports' })).toBeChecked();
  await sports.locator('label', { hasText: 'All sports' }).click();
  await expect(page).toHaveURL(/sports=all/);
  await expect(sports.getByRole('radio', { name: 'All sports' })).toBeChecked();
  // The last list stays on screen, dimmed, until the new one arrives: checked once it has (axe would read the dimmed
  // cards' contrast).
  await expect(page.getByRole('list', { name: 'Upcoming events' })).toHaveAttribute('aria-busy', 'false');
  await checkA11y(page);
});

test('a member adds a phone number with the code texted to it', async ({ page, request }) => {
  const member = newMember('phone');
  await signUpThroughApi(request, member);
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);
  // The phone number is a setting: on Edit profile, not above the member's content (issue 19 item 11).
  await page.goto('/profile/edit');
  // A number the US plan allows (issue 19 checks each country's plan): exchange 555, then four digits of the clock.
  const mobile = `303555${String(Date.now()).slice(-4)}`;
  const seen = textsTo(`+1${mobile}`).length;

  await page.getByRole('button', { name: 'Add phone number' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Country').selectOption('US');
  await dialog.getByLabel('Phone number').fill(mobile);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const otp = await nextTextedCode(`+1${mobile}`, seen);
  await checkA11y(page);
  await dialog.getByLabel('Code').fill('12');
  await dialog.getByRole('button', { name: 'Verify and save' }).click();
  await expect(dialog.getByText('Invalid OTP')).toBeVisible();
  await dialog.getByLabel('Code').fill(otp);
  await dialog.getByRole('button', { name: 'Verify and save' }).click();
  await expect(page.getByText('Your phone number has been updated successfully.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Shown in international format (issue 19).
  await expect(page.getByText(`+1 303 555 ${mobile.slice(-4)}`)).toBeVisible();
});

test('switching to metric changes the units the profile shows', async ({ page, request }) => {
  const member = newMember('units');
  await signUpThroughApi(request, member);
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);
  await page.goto('/profile');
  await expect(page.getByText('0.0 mi')).toBeVisible();
  await expect(page.getByText('0 ft')).toBeVisible();

  await page.goto('/profile/edit');
  // The radio is controlled by the saved setting: under load Chromium can read it back a frame before React has drawn
  // the choice, so the check waits for it like a member would instead of asking at the instant of the click.
  const metric = page.getByRole('radio', { name: /Metric/ });
  await metric.click();
  await expect(metric).toBeChecked();
  await expect(page.getByText('Distances now show in kilometres and metres.')).toBeVisible();
  await page.goto('/profile');
  await page.reload();
  await expect(page.getByText('0.0 km')).toBeVisible();
  await expect(page.getByText('0 m', { exact: true })).toBeVisible();
});
