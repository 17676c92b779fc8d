import { http, HttpResponse } from 'msw';
import type { Event, EventStatus } from '#contract/events';
import type { Route } from '#contract/map-routes';
import type { MemberSummary } from '#contract/social';
import { ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';

/** Wire fixtures typed by the contract, so a contract change breaks the tests relying on it. */
export const anOrganiser = (over: Partial<MemberSummary> = {}): MemberSummary => ({
  userId: 31,
  handleName: 'lenaclimbs',
  firstName: 'Lena',
  lastName: 'Vogt',
  profileImage: null,
  ...over,
});

export const aStatus = (over: Partial<EventStatus> = {}): EventStatus => ({
  challengeId: 501,
  isInterested: false,
  isGoing: false,
  isWaitlisted: false,
  waitlistPosition: null,
  interestedCount: 0,
  goingCount: 0,
  waitlistCount: 0,
  capacity: null,
  ...over,
});

/** A 24.1 km route with a known climb (metres), drawn, with a preview image. */
export const aRoute = (over: Partial<Route> = {}): Route => ({
  routeId: 801,
  name: 'Flagstaff loop',
  description: '',
  sportId: 34,
  coordinates: [
    [-105.2705, 40.015],
    [-105.2911, 40.0011],
    [-105.2705, 40.015],
  ],
  elevations: [1655, 2020, 1655],
  distance: 24_140,
  elevationGain: 365.76,
  elevationLoss: 365.76,
  expectedTime: 5400,
  staticImage: '/media/routes/801.png',
  source: 'drawn',
  ...over,
});

/**
 * One published, upcoming event in America/Denver: Saturday 12 June 2027, 9:00 AM to 1:00 PM MDT (15:00–19:00 UTC),
 * so a test can tell the event's zone from the browser's. `status.challengeId` follows `id` unless given.
 */
export const anEvent = (over: Partial<Event> = {}): Event => {
  const id = over.id ?? 501;
  return {
    id,
    createdBy: anOrganiser(),
    coHosts: [],
    pendingCoHosts: [],
    coHostInvite: null,
    eventName: 'Saturday gravel social',
    activityType: 'Group ride',
    sportId: 34,
    difficulty: 'moderate',
    icon: 'bike',
    bannerImage: null,
    meetingDescription: 'Coffee at the trailhead, then the loop.',
    isDraft: false,
    cancelledAt: null,
    whoCanSee: 'public',
    repeats: 'none',
    startDate: '1812812400',
    endDate: '1812826800',
    startTime: '09:00 AM',
    endTime: '01:00 PM',
    timeZone: 'America/Denver',
    latitude: 40.015,
    longitude: -105.2705,
    location: 'Chautauqua trailhead',
    city: 'Boulder',
    state: 'Colorado',
    country: 'United States',
    zipCode: '80302',
    routeId: null,
    route: null,
    goalCalories: null,
    goalElevation: null,
    goalDistance: null,
    goingPreview: [],
    likes: { total: 0, mine: null, byCode: [] },
    commentCount: 0,
    isRequest: false,
    canEdit: false,
    isOrganiser: false,
    createdAt: '2026-11-01T12:00:00.000Z',
    updatedAt: '2026-11-01T12:00:00.000Z',
    ...over,
    status: aStatus({ challengeId: id, ...over.status }),
  };
};

/** An event's place as `POST`/`PUT /api/challenge` carries it: what a form sends back when the place was left alone. */
export const placeOf = ({ latitude, longitude, location, city, state, country, zipCode }: Event) => ({ latitude, longitude, location, city, state, country, zipCode });

/** `count` distinct events, ids from `firstId` down. */
export const eventsFrom = (firstId: number, count: number) =>
  Array.from({ length: count }, (_, i) => anEvent({ id: firstId - i, eventName: `Event ${firstId - i}` }));

/** One page of events as `GET /api/challengeActivity` answers it; a page before the last carries the next cursor. */
export const eventPage = (list: Event[], page = 1, lastPage = 1) =>
  ok({ list, current_page: page, last_page: lastPage, per_page: 20, total: list.length * lastPage, next_cursor: page < lastPage ? `after-page-${page}` : null });

/** Answers `GET /api/challengeActivity` with what `reply` gives for the request's search parameters; keeps each request's. */
export function serveEvents(reply: (params: URLSearchParams) => ReturnType<typeof eventPage>) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/challengeActivity', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      return HttpResponse.json(reply(params));
    }),
  );
  return asked;
}

/** Answers `GET /api/getChallengeDetails?id=` with `event`. */
export function serveEventDetail(event: Event) {
  server.use(http.get('/api/getChallengeDetails', () => HttpResponse.json(ok(event))));
}

/** Answers `GET /api/challenge/cohost-invites` with what `list` gives now (so an answered invitation can leave it). */
export function serveCohostInvites(list: () => Event[]) {
  server.use(
    http.get('/api/challenge/cohost-invites', () => {
      const items = list();
      return HttpResponse.json(ok({ list: items, current_page: 1, last_page: 1, per_page: 20, total: items.length, next_cursor: null }));
    }),
  );
}
