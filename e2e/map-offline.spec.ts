import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { newMember, signInThroughUi, signUpThroughApi } from './support/accounts';
import { settledMotion } from './support/steady';
import { checkA11y, expect, test } from './support/test';

test.use(settledMotion);

/** A hilly loop above Boulder, as a member would draw it. */
const LOOP = [
  [-105.2705, 40.015],
  [-105.2905, 40.0302],
  [-105.3105, 40.0204],
];
/** The route line's colour in the light theme (components/map/map-canvas.tsx). */
const ROUTE_RGB = [0xc2, 0x41, 0x0c] as const;

/** A published event with a drawn route and a meeting point, made through the API as the form would. */
async function eventWithRoute(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { data, headers });
    const body = (await res.json()) as { message: string; data: { id?: number; routeId?: number } };
    expect(res.status(), `${path}: ${body.message}`).toBe(200);
    return body.data;
  };
  const { routeId } = await post('/api/route', { name: 'Mesa loop', sportId: 53, coordinates: LOOP });
  const start = Math.floor(Date.now() / 1000) + 3 * 86_400;
  const { id } = await post('/api/challenge', {
    eventName: 'Mesa loop at dawn',
    activityType: 'Group ride',
    sportId: 53,
    difficulty: 'moderate',
    icon: 'bike',
    meetingDescription: 'Meet at the trailhead.',
    isDraft: false,
    whoCanSee: 'public',
    repeats: 'none',
    startDate: String(start),
    endDate: String(start + 3 * 3600),
    timeZone: 'America/Denver',
    latitude: 40.015,
    longitude: -105.2705,
    routeId,
  });
  return id!;
}

/** Every URL the page asks for (scripts, data, the map's worker), from the first navigation on. */
function recordRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

/**
 * What the canvas shows, read back from a screenshot of it (a WebGL canvas keeps no pixels to read directly):
 * how many distinct colours, and how many pixels have the route line's colour.
 */
async function canvasPaint(page: Page, canvas: Locator) {
  const png = (await canvas.screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, route }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${png}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const { data } = ctx.getImageData(0, 0, c.width, c.height);
      const colours = new Set<number>();
      let routePixels = 0;
      for (let i = 0; i < data.length; i += 4) {
        colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
        if (Math.abs(data[i]! - route[0]) < 16 && Math.abs(data[i + 1]! - route[1]) < 16 && Math.abs(data[i + 2]! - route[2]) < 16) routePixels++;
      }
      return { colours: colours.size, routePixels };
    },
    { png, route: ROUTE_RGB },
  );
}

test('the offline map draws an event’s route in Chromium without one request outside the app', async ({ page, request, baseURL, consoleErrors }) => {
  test.setTimeout(120_000);
  const member = newMember('mapper');
  const { token } = await signUpThroughApi(request, member);
  const eventId = await eventWithRoute(request, token.access_token);
  const urls = recordRequests(page);

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

  // The world's shapes came from the app itself; nothing at all from anywhere else (blob: is the map's own worker).
  const origin = new URL(baseURL!).origin;
  expect(urls.some((u) => /\/assets\/countries-50m-[\w-]+\.json$/.test(new URL(u).pathname))).toBe(true);
  expect(urls.filter((u) => !u.startsWith('data:') && new URL(u).origin !== origin)).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await checkA11y(page);
});

test('a route is drawn by clicking the map in the event form, and the distance follows', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const member = newMember('drawer');
  const { token } = await signUpThroughApi(request, member);
  const eventId = await eventWithRoute(request, token.access_token);
  const urls = recordRequests(page);

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
  expect(urls.filter((u) => !u.startsWith('data:') && new URL(u).origin !== new URL(baseURL!).origin)).toEqual([]);
  await checkA11y(page);
});
