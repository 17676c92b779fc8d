import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from './test';

/** The route line's colour in the light theme (components/map/map-canvas.tsx `ROUTE_COLOURS.light.line`). */
const ROUTE_RGB = [0xc2, 0x41, 0x0c] as const;

/**
 * What a map canvas shows, read back from a screenshot of it (a WebGL canvas keeps no pixels to read directly): how
 * many pixels, how many distinct colours, and how many pixels have the route line’s colour (or the colour `rgb` asks
 * about).
 */
export async function canvasPaint(page: Page, canvas: Locator, rgb: readonly [number, number, number] = ROUTE_RGB) {
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
      return { colours: colours.size, routePixels, pixels: data.length / 4 };
    },
    { png, route: rgb },
  );
}

/** Every URL any page of `context` asks for from now on (documents, scripts, data, the map's worker). */
export function recordRequests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (r) => urls.push(r.url()));
  return urls;
}

/** The URLs that left the app: anything not on `origin`, other than data: and blob: (made in the page itself). */
export const outsideRequests = (urls: string[], origin: string) =>
  urls.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== origin);

/** `YYYY-MM-DD` of the day `days` from today (UTC), as a date input takes it. */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A published public event made through the API, for tests whose point is not the form (the list, its tabs, the
 * map). Starts `inDays` from now in America/Denver; `extra` adds or replaces fields (a meeting point, a route id).
 * Answers its id.
 */
export async function publishEventThroughApi(request: APIRequestContext, token: string, eventName: string, inDays = 3, extra: Record<string, unknown> = {}) {
  const start = Math.floor(Date.now() / 1000) + inDays * 86_400;
  const res = await request.post('/api/challenge', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      eventName,
      activityType: 'Group ride',
      sportId: 53,
      difficulty: 'moderate',
      icon: 'bike',
      meetingDescription: 'Meet at the trailhead.',
      isDraft: false,
      whoCanSee: 'public',
      repeats: 'none',
      startDate: String(start),
      endDate: String(start + 2 * 3600),
      timeZone: 'America/Denver',
      ...extra,
    },
  });
  const body = (await res.json()) as { message: string; data: { id: number } };
  expect(res.status(), `POST /api/challenge: ${body.message}`).toBe(200);
  return body.data.id;
}

/**
 * `token`'s member follows `userId` through the API (accepted at once: the member followed is public). Invitations to
 * an event or to co-host it go only to members with such a connection either way.
 */
export async function followThroughApi(request: APIRequestContext, token: string, userId: number) {
  const res = await request.post('/api/follow', { headers: { Authorization: `Bearer ${token}` }, data: { userId } });
  const body = (await res.json()) as { message: string; data: { isFollowing: boolean } };
  expect(res.status(), `POST /api/follow: ${body.message}`).toBe(200);
  expect(body.data.isFollowing).toBe(true);
}
