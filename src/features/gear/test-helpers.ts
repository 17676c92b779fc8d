import { http, HttpResponse } from 'msw';
import { feed, type Feed } from '#contract/feeds';
import { gear, gearComponent, GEAR_OPTIONS, gearDetail, type Gear, type GearComponent, type GearDetail } from '#contract/gear';
import type { SportId } from '#contract/sports';
import { fail, ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';

/**
 * Wire fixtures parsed with the contract's own schemas, so a contract change (or a fixture the server could never
 * send) breaks the tests relying on it.
 */

/**
 * Maya's (userId 5) published MTB, 31: a 2023 Santa Cruz Hightower, 29" wheels, 160 / 150 mm travel, not the default,
 * no photos, with 32.19 km (20.0 mi), 1:30:00 moving and 600 m (1,969 ft) of climb over 3 activities.
 */
export function gearFixture(overrides: Partial<Gear> = {}): Gear {
  return gear.parse({
    id: 31,
    owner: { userId: 5, handleName: 'mayatrails', firstName: 'Maya', lastName: 'Torres', profileImage: null },
    sportId: 53,
    title: 'Blue Hightower',
    brand: 'Santa Cruz',
    model: 'Hightower',
    year: 2023,
    notes: '',
    isDraft: false,
    isDefault: false,
    retiredAt: null,
    images: [],
    wheelsize: '29"',
    framesize: null,
    frontTravel: 160,
    rearTravel: 150,
    buildKit: null,
    motor: null,
    batteryWh: null,
    category: null,
    size: null,
    totals: { distance: 32_186.88, movingTime: 5400, climb: 600, activities: 3 },
    createdAt: '2026-04-02T09:00:00.000Z',
    updatedAt: '2026-04-02T09:00:00.000Z',
    ...overrides,
  });
}

/**
 * Maya's XT chain, component 512, on the Hightower (31) since 1 March (local midnight): a service every 500 km, 200 km
 * (124.3 mi) and 10 h since it was fitted, so 40 % worn, never serviced.
 */
export function componentFixture(overrides: Partial<GearComponent> = {}): GearComponent {
  return gearComponent.parse({
    id: 512,
    gearId: 31,
    kind: 'chain',
    name: 'XT chain',
    installedAt: new Date(2026, 2, 1).toISOString(),
    serviceIntervalKm: 500,
    serviceIntervalHours: null,
    total: { distance: 200_000, movingTime: 36_000, activities: 6 },
    sinceService: { distance: 200_000, movingTime: 36_000, activities: 6 },
    lastServicedAt: null,
    wear: 0.4,
    isDue: false,
    services: [],
    ...overrides,
  });
}

/** One page of gear as `GET /api/getUserProfileSportEquipment` answers it. */
export const gearPage = (list: Gear[]) => ok({ list, current_page: 1, last_page: 1, per_page: 50, total: list.length, next_cursor: null });

/** Serves `GET /api/sportEquipmentOptions` as the server does, from the contract's table. */
export function serveGearOptions() {
  server.use(
    http.get('/api/sportEquipmentOptions', ({ request }) => {
      const sportId = Number(new URL(request.url).searchParams.get('sportId'));
      return HttpResponse.json(ok({ sportId, fields: GEAR_OPTIONS[sportId as SportId] ?? [] }));
    }),
  );
}

/** Serves `GET /api/equipment/:gearId` with `detail` (404 for any other id). */
export function serveGearDetail(detail: GearDetail) {
  const parsed = gearDetail.parse(detail);
  server.use(
    http.get('/api/equipment/:gearId', ({ params }) =>
      params.gearId === String(parsed.gear.id) ? HttpResponse.json(ok(parsed)) : HttpResponse.json(fail(404, 'Gear not found.'), { status: 404 }),
    ),
  );
}

/** The post `POST /api/shareEquipment` answers: Maya's post 905 about her Hightower (31) with `text`. */
export function gearPostFixture(text: string): Feed {
  return feed.parse({
    id: 905,
    kind: 'post',
    author: { userId: 5, handleName: 'mayatrails', firstName: 'Maya', lastName: 'Torres', profileImage: null },
    title: '',
    description: text,
    isDraft: false,
    activityId: null,
    activity: null,
    gear: { id: 31, title: 'Blue Hightower', sportId: 53, brand: 'Santa Cruz', model: 'Hightower', thumbnail: null },
    hashtags: [],
    tagUser: [],
    location: null,
    latitude: null,
    longitude: null,
    images: [],
    videos: [],
    visibility: 'everyone',
    commentCount: 0,
    likes: { total: 0, mine: null, byCode: [] },
    createdAt: '2026-06-01T10:00:00.000Z',
    updatedAt: '2026-06-01T10:00:00.000Z',
    publishedAt: '2026-06-01T10:00:00.000Z',
  });
}
