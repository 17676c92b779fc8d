import type { APIRequestContext } from '@playwright/test';
import { newMember, signInThroughUi, signUpThroughApi } from './support/accounts';
import { canvasPaint, outsideRequests, publishEventThroughApi, recordRequests } from './support/events';
import { settledMotion } from './support/steady';
import { checkA11y, expect, test } from './support/test';

test.use(settledMotion);

/** The land's colour in each theme (components/map/offline-style.ts `OFFLINE_COLOURS`). */
const LAND = { light: [0xf3, 0xef, 0xe6], dark: [0x2a, 0x26, 0x22] } as const;

/** A hilly loop above Boulder, as a member would draw it. */
const LOOP = [
  [-105.2705, 40.015],
  [-105.2905, 40.0302],
  [-105.3105, 40.0204],
];

/** A published event with a drawn route and a meeting point, made through the API as the form would. */
async function eventWithRoute(request: APIRequestContext, token: string) {
  const res = await request.post('/api/route', { data: { name: 'Mesa loop', sportId: 53, coordinates: LOOP }, headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { message: string; data: { routeId: number } };
  expect(res.status(), `/api/route: ${body.message}`).toBe(200);
  return publishEventThroughApi(request, token, 'Mesa loop at dawn', 3, { latitude: 40.015, longitude: -105.2705, routeId: body.data.routeId });
}

test('the offline map draws an event’s route in Chromium without one request outside the app', async ({ page, request, baseURL, consoleErrors }) => {
  const member = newMember('mapper');
  const { token } = await signUpThroughApi(request, member);
  const eventId = await eventWithRoute(request, token.access_token);
  const urls = recordRequests(page.context());

  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);
  await page.goto(`/events/${eventId}`);
  // MapView marks its box once the engine's `load` event fired (components/map/map-view.tsx).
  const box = page.getByTestId('map-canvas-ready');
  await expect(box).toBeVisible({ timeout: 30_000 });
  const canvas = box.locator('canvas');
  await expect(canvas).toHaveCount(1);
  await expect(canvas).toHaveAttribute('aria-label', /Map of the route of Mesa loop at dawn/);
  await expect(box.getByRole('img', { name: 'Meeting point' })).toBeVisible();

  // Painted: land, the line and its casing at least, and a good stretch of the route's own colour.
  await expect.poll(async () => (await canvasPaint(page, canvas)).routePixels, { timeout: 10_000 }).toBeGreaterThan(150);
  expect((await canvasPaint(page, canvas)).colours).toBeGreaterThan(3);

  // The map follows the theme: switched to dark, the land (most of this map) is repainted in the dark theme's colour.
  const landShare = async (theme: keyof typeof LAND) => {
    const paint = await canvasPaint(page, canvas, LAND[theme]);
    return paint.routePixels / paint.pixels;
  };
  expect(await landShare('light')).toBeGreaterThan(0.5);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await page.keyboard.press('Escape');
  await expect.poll(() => landShare('dark'), { timeout: 10_000 }).toBeGreaterThan(0.5);
  expect(await landShare('light')).toBeLessThan(0.01);

  // The world's shapes and MapLibre's worker came from the app itself; nothing at all from anywhere else.
  const origin = new URL(baseURL!).origin;
  expect(urls.some((u) => /\/assets\/countries-50m-[\w-]+\.json$/.test(new URL(u).pathname))).toBe(true);
  expect(urls.some((u) => /\/assets\/maplibre-gl-csp-worker-[\w-]+\.js$/.test(new URL(u).pathname))).toBe(true);
  expect(outsideRequests(urls, origin)).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await checkA11y(page);
});

test('a route is drawn by clicking the map in the event form, and the distance follows', async ({ page, request, baseURL }) => {
  const member = newMember('drawer');
  const { token } = await signUpThroughApi(request, member);
  const eventId = await eventWithRoute(request, token.access_token);
  const urls = recordRequests(page.context());

  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/feeds$/);
  await page.goto(`/events/edit?eventId=${eventId}`);
  await page.getByRole('navigation', { name: 'Form steps' }).getByRole('button', { name: /^Step 3:/ }).click();

  const map = page.getByRole('region', { name: 'Route map: click to add points' });
  await expect(map).toBeVisible({ timeout: 30_000 });
  const distance = page.getByTestId('route-distance');
  await expect(distance).toContainText('· 3 points');
  const before = await distance.textContent();

  // The view is fitted to the loop, whose three points sit on the edges of the fitted box: inner spots are free of
  // pins (a click on a pin is about the pin), and the view stays put while drawing.
  const size = (await map.boundingBox())!;
  for (const [fx, fy] of [
    [0.35, 0.6],
    [0.5, 0.8],
    [0.65, 0.45],
  ] as const) {
    await map.click({ position: { x: Math.round(size.width * fx), y: Math.round(size.height * fy) } });
  }
  await expect(distance).toContainText('· 6 points');
  expect(await distance.textContent()).not.toBe(before);
  await expect(page.getByRole('img', { name: 'Route point 5 of 6' })).toBeVisible();

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(distance).toContainText('· 5 points');
  expect(outsideRequests(urls, new URL(baseURL!).origin)).toEqual([]);
  await checkA11y(page);
});
