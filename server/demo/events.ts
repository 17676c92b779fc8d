import type { EventIcon, Repeats, WhoCanSee } from '#contract/events';
import type { Deps } from '../deps';
import { eventAttendees, eventCohostInvites, eventCohosts, eventInterests, eventInvites, events } from '../db/schema/events';
import { notifications } from '../db/schema/notifications';
import { days, hours, minutes } from '../lib/clock';
import { sentenceFor } from '../modules/notifications/sentences';
import { saveRoute } from '../modules/map-routes/service';
import { attachUpload } from '../modules/media/attach';
import { processImage } from '../modules/media/image-pipeline';
import { saveUpload } from '../modules/media/service';
import { DEMO_MEMBERS } from './accounts';
import { localDay, onLocalDay, type Weekday } from './local-days';
import { landscape } from './profile-images';
import { newSubject } from '../modules/subjects/subject-rows';

type Seeded = { id: number; handleName: string; firstName: string; lastName: string };
type Handle = (typeof DEMO_MEMBERS)[number]['handleName'];

/** `[lng, lat, elevation m]`: a route as a GPS unit records it. */
type TrackPoint = [number, number, number];

/** The Canyon and Benjamin loop at Betasso Preserve, above Boulder: a classic after-work ride. */
export const BETASSO_LOOP: TrackPoint[] = [
  [-105.3442, 40.0144, 2000],
  [-105.3478, 40.0171, 2012],
  [-105.3521, 40.0189, 2036],
  [-105.3569, 40.0177, 2061],
  [-105.3601, 40.0146, 2083],
  [-105.3589, 40.0108, 2066],
  [-105.3547, 40.0082, 2041],
  [-105.3498, 40.0069, 2016],
  [-105.3452, 40.0081, 1996],
  [-105.3421, 40.0107, 1984],
  [-105.3429, 40.0131, 1991],
  [-105.3442, 40.0144, 2000],
];

/** Up Mount Sanitas by the ridge, down Sanitas Valley. */
export const SANITAS_HIKE: TrackPoint[] = [
  [-105.2976, 40.0196, 1741],
  [-105.2998, 40.0222, 1796],
  [-105.3021, 40.0251, 1872],
  [-105.3037, 40.0284, 1951],
  [-105.3046, 40.0318, 2031],
  [-105.305, 40.0347, 2095],
  [-105.3012, 40.0339, 2012],
  [-105.2981, 40.0301, 1902],
  [-105.2968, 40.0256, 1811],
  [-105.2972, 40.0219, 1762],
  [-105.2976, 40.0196, 1741],
];

/** Ötz to Kühtai: 1,200 metres of climbing to the pass. */
const KUEHTAI_CLIMB: TrackPoint[] = [
  [10.8972, 47.2035, 820],
  [10.9103, 47.2011, 1052],
  [10.9301, 47.1982, 1348],
  [10.9512, 47.2003, 1583],
  [10.9755, 47.2061, 1764],
  [11.0012, 47.2102, 1912],
  [11.0197, 47.2133, 2020],
];

type DemoEvent = {
  by: Handle;
  name: string;
  activityType: string;
  sportId: number;
  difficulty: 'easy' | 'moderate' | 'hard' | 'expert';
  icon: EventIcon;
  description: string;
  /**
   * The local day in `zone` it starts on: days from today (negative: past), or the weekday its name or text names
   * (the next one after today), so "Thursday night ride" is on a Thursday whatever day the demo is started.
   */
  day: number | Weekday;
  /** The local start time in `zone`. */
  at: [hour: number, minute: number];
  lengthMs: number;
  zone: string;
  whoCanSee?: WhoCanSee;
  repeats?: Repeats;
  draft?: true;
  place: { location: string; city: string; state: string; country: string; zipCode: string; latitude: number; longitude: number };
  route?: { name: string; sportId: number; points: TrackPoint[] };
  banner?: true;
  capacity?: number;
  goals?: { calories?: number; elevation?: number; distance?: number };
  /** Co-hosts who accepted. */
  cohosts?: Handle[];
  /** Asked to co-host, not yet answering: the invitation waits in their notifications and on the event's page. */
  askedToCohost?: Handle[];
  invited?: Handle[];
  /**
   * In the order they joined, after the organiser (going from the moment it was published, holding one place): the
   * places left go first, the rest wait in this order.
   */
  joiners?: Handle[];
  interested?: Handle[];
};

const BOULDER = { city: 'Boulder', state: 'Colorado', country: 'United States', zipCode: '80302' };

/** Maya's ride with a route, Priya's full hike with a waitlist, Jonas's climb last week, Sam's followers-only session, Maya's draft, Lena's weekly run. */
const EVENTS: DemoEvent[] = [
  {
    by: 'mayatrails',
    name: 'Thursday night ride: Betasso loops',
    activityType: 'Group ride',
    sportId: 53,
    difficulty: 'moderate',
    icon: 'bike',
    description: 'Two laps of Canyon and Benjamin, lights on for the second. Regroup at every junction, nobody rides home alone.\n\nBring lights, a layer and a snack.',
    day: 'Thursday',
    at: [18, 0],
    lengthMs: hours(2.5),
    zone: 'America/Denver',
    place: { location: 'Betasso Preserve trailhead', ...BOULDER, latitude: 40.0144, longitude: -105.3442 },
    route: { name: 'Betasso Canyon + Benjamin', sportId: 53, points: BETASSO_LOOP },
    banner: true,
    goals: { distance: 16_000, elevation: 350 },
    cohosts: ['jonasrides'],
    joiners: ['jonasrides', 'priyahikes', 'lenaruns'],
    interested: ['theowalks', 'samgravel'],
  },
  {
    by: 'priyahikes',
    name: 'Sunrise on Mount Sanitas',
    activityType: 'Hike',
    sportId: 35,
    difficulty: 'hard',
    icon: 'sun',
    description: 'Headlamp start, coffee at the summit, back down for breakfast. Steep and rocky: good shoes, please. Small group so we can wait at the top for the sun.',
    day: 5,
    at: [5, 30],
    lengthMs: hours(3),
    zone: 'America/Denver',
    place: { location: 'Sanitas Valley trailhead, Mapleton Ave', ...BOULDER, latitude: 40.0196, longitude: -105.2976 },
    route: { name: 'Sanitas ridge and valley', sportId: 35, points: SANITAS_HIKE },
    capacity: 3,
    goals: { elevation: 360, distance: 5_200 },
    // Priya, Maya and Lena take the three places; Theo and Jonas wait.
    joiners: ['mayatrails', 'lenaruns', 'theowalks', 'jonasrides'],
    interested: ['samgravel'],
    // Priya asks Maya, the demo member, to co-host: the invitation a new user finds waiting.
    askedToCohost: ['mayatrails'],
  },
  {
    by: 'jonasrides',
    name: 'Kühtai from Ötz',
    activityType: 'Road climb',
    sportId: 34,
    difficulty: 'expert',
    icon: 'mountain',
    description: 'The first col of the year, at our own pace. Cake in Kühtai, then the long descent.',
    day: -10,
    at: [8, 0],
    lengthMs: hours(5),
    zone: 'Europe/Vienna',
    place: { location: 'Ötz church square', city: 'Ötz', state: 'Tirol', country: 'Austria', zipCode: '6433', latitude: 47.2035, longitude: 10.8972 },
    route: { name: 'Ötz – Kühtai', sportId: 34, points: KUEHTAI_CLIMB },
    // 900 kcal: what the climb's work comes to by a power meter (a kilojoule a kilocalorie), as the demo's ride counts it.
    goals: { elevation: 1200, distance: 18_500, calories: 900 },
    joiners: ['mayatrails', 'lenaruns'],
    interested: ['priyahikes'],
  },
  {
    by: 'samgravel',
    name: 'Saturday kids club: pump track session',
    activityType: 'Skills session',
    sportId: 37,
    difficulty: 'easy',
    icon: 'flag',
    description: 'Pump track games for the under-12s. Parents ride too. Only for families I know: ask me if you want to come along.',
    day: 'Saturday',
    at: [9, 30],
    lengthMs: hours(2),
    zone: 'America/Los_Angeles',
    whoCanSee: 'followers',
    place: { location: 'Ash Creek pump track', city: 'Portland', state: 'Oregon', country: 'United States', zipCode: '97219', latitude: 45.4707, longitude: -122.7117 },
    capacity: 12,
    joiners: ['mayatrails'],
  },
  {
    by: 'mayatrails',
    name: 'Trail day: Walker Ranch reroute',
    activityType: 'Trail work',
    sportId: 59,
    difficulty: 'moderate',
    icon: 'flag',
    description: 'Two drains and one reroute on the loop. Tools provided; gloves and water are yours.',
    day: 16,
    at: [8, 0],
    lengthMs: hours(5),
    zone: 'America/Denver',
    draft: true,
    place: { location: 'Walker Ranch trailhead', ...BOULDER, zipCode: '80302', latitude: 39.9516, longitude: -105.3384 },
  },
  {
    by: 'lenaruns',
    name: 'Tuesday tempo by the Arve',
    activityType: 'Tempo run',
    sportId: 5,
    difficulty: 'moderate',
    icon: 'run',
    description: '10 km along the river, negative splits if the legs agree. Every Tuesday, rain or shine.',
    day: 'Tuesday',
    at: [7, 0],
    lengthMs: hours(1),
    zone: 'Europe/Paris',
    repeats: 'weekly',
    place: { location: 'Place du Triangle de l’Amitié', city: 'Chamonix', state: 'Haute-Savoie', country: 'France', zipCode: '74400', latitude: 45.9237, longitude: 6.8694 },
    goals: { distance: 10_000 },
    joiners: ['priyahikes'],
    interested: ['mayatrails', 'theowalks'],
  },
];

/**
 * Gives the demo members events: Maya's Thursday ride with a route and a banner (Jonas co-hosts), Priya's hike with
 * three places and two on its waitlist (Priya has asked Maya to co-host it), Jonas's climb ten days ago, Sam's
 * followers-only Saturday session (Sam is private; Maya follows him), Maya's draft, and Lena's Tuesday run, weekly;
 * organisers going to their own, with people going and interested. Routes go through the route service, with their
 * recorded elevations. Runs once, on the demo world's first start.
 */
export async function seedDemoEvents(deps: Deps, members: Seeded[]) {
  const byHandle = new Map(members.map((m) => [m.handleName, m]));
  const member = (handle: Handle) => {
    const found = byHandle.get(handle);
    if (!found) throw new Error(`Demo member @${handle} was not seeded`);
    return found;
  };
  const now = deps.clock.now();

  for (const e of EVENTS) {
    const organiser = member(e.by);
    const startsAt = onLocalDay(localDay(now, e.day, e.zone), e.at, e.zone);
    const endsAt = new Date(startsAt.getTime() + e.lengthMs);
    // Made a week before it starts (two hours ago for one further off), published five minutes later unless a draft.
    const createdAt = new Date(Math.min(now.getTime() - hours(2), startsAt.getTime() - days(7)));
    const route = e.route
      ? await saveRoute(deps, organiser.id, {
          name: e.route.name,
          sportId: e.route.sportId,
          coordinates: e.route.points.map(([lng, lat]) => [lng, lat]),
          elevations: e.route.points.map((p) => p[2]),
        })
      : null;
    const banner = e.banner
      ? await saveUpload(deps, {
          userId: organiser.id,
          purpose: 'event',
          image: await processImage(await landscape(1600, 640, DEMO_MEMBERS.find((m) => m.handleName === e.by)!.palette).jpeg({ quality: 85 }).toBuffer(), 'event'),
        })
      : null;
    // A draft has nobody going; a published event has its organiser first, then the joiners while there is room.
    const people = e.draft ? [] : [e.by, ...(e.joiners ?? [])];
    const going = e.capacity === undefined ? people : people.slice(0, e.capacity);
    const waiting = people.slice(going.length);
    const publishedAt = e.draft ? null : new Date(createdAt.getTime() + minutes(5));

    await deps.db.transaction(async (tx) => {
      if (banner) await attachUpload(tx, { userId: organiser.id, key: banner.key, field: 'bannerImage', purpose: 'event', now: createdAt });
      const [row] = await tx
        .insert(events)
        .values({
          userId: organiser.id,
          subjectId: await newSubject(tx, 'event', organiser.id),
          eventName: e.name,
          activityType: e.activityType,
          sportId: e.sportId,
          difficulty: e.difficulty,
          icon: e.icon,
          bannerImage: banner?.key ?? null,
          description: e.description,
          isDraft: e.draft ?? false,
          whoCanSee: e.whoCanSee ?? 'public',
          repeats: e.repeats ?? 'none',
          startsAt,
          endsAt,
          timeZone: e.zone,
          ...e.place,
          routeId: route?.routeId ?? null,
          goalCalories: e.goals?.calories ?? null,
          goalElevationM: e.goals?.elevation ?? null,
          goalDistanceM: e.goals?.distance ?? null,
          capacity: e.capacity ?? null,
          goingCount: going.length,
          waitlistCount: waiting.length,
          interestedCount: e.interested?.length ?? 0,
          createdAt,
          updatedAt: createdAt,
          publishedAt,
        })
        .returning({ id: events.id });
      const eventId = row!.id;
      if (e.cohosts?.length) await tx.insert(eventCohosts).values(e.cohosts.map((h) => ({ eventId, userId: member(h).id })));
      if (e.invited?.length) await tx.insert(eventInvites).values(e.invited.map((h) => ({ eventId, userId: member(h).id, invitedBy: organiser.id, createdAt })));
      // The organiser went when it was published; people joined over the following hours, an hour apart: the going
      // list and the waitlist read in that order.
      const joinedAt = (i: number) => (i === 0 ? publishedAt! : new Date(createdAt.getTime() + hours(5) + hours(i)));
      if (people.length > 0) {
        await tx.insert(eventAttendees).values(
          people.map((h, i) => ({ eventId, userId: member(h).id, status: i < going.length ? ('going' as const) : ('waitlisted' as const), createdAt: joinedAt(i), statusAt: joinedAt(i) })),
        );
      }
      if (e.interested?.length) {
        await tx.insert(eventInterests).values(e.interested.map((h, i) => ({ eventId, userId: member(h).id, createdAt: joinedAt(people.length + i) })));
      }
      // An invitation to co-host waits with its notification (unread), written as the event module writes them: the
      // same instant on both, which is how the invitation finds its notification again.
      for (const h of e.askedToCohost ?? []) {
        // The newest of the member's notifications: what a new user sees first.
        const askedAt = new Date(now.getTime() - minutes(45));
        await tx.insert(eventCohostInvites).values({ eventId, userId: member(h).id, invitedBy: organiser.id, createdAt: askedAt });
        await tx.insert(notifications).values({
          userId: member(h).id,
          actorId: organiser.id,
          kind: 'events',
          subjectType: 'event',
          subjectId: eventId,
          message: sentenceFor('events', organiser, 'event_cohost_invite'),
          createdAt: askedAt,
        });
      }
    });
  }
}
