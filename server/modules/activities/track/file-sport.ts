import type { SportId } from '#contract/sports';
import { sportFamily } from './sport-family';

/**
 * Every way an activity file or export names a sport, normalised (lower-case, no spaces, dashes or underscores), to
 * the app's sport (issue 21). Sources: FIT `sport` and `sub_sport` (fit.ts writes the profile's snake_case names),
 * TCX `Sport`, GPX `<type>` as Strava (its numbers or words), Garmin Connect and Komoot write it, and the "Activity
 * Type" column of Strava's bulk export. A name that is a sport but none of ours is Other; a name not here is unknown.
 * Strava's GPX numbers are unpublished: only the four common ones are here, any other is unknown.
 *
 * Gravel is Road: a gravel bike is a drop-bar bike ridden at road speeds on long rides, which is what Road's
 * numbers and people's filters expect; MTB means trails and a different bike.
 */
const FILE_SPORTS: Record<string, SportId> = {
  // MTB
  mountain: 53, // FIT cycling sub-sport
  downhill: 53, // FIT cycling sub-sport (skiing's are `resort`, `backcountry`)
  enduro: 53, // FIT cycling sub-sport
  mountainbiking: 53, // Garmin
  enduromtb: 53, // Garmin
  downhillbiking: 53, // Garmin
  mtb: 53, // Komoot
  mtbadvanced: 53, // Komoot (enduro)
  mountainbikeride: 53, // Strava CSV and API
  // eBike
  ebiking: 37, // FIT sport
  ebikemountain: 37, // FIT sub-sport, Garmin
  ebikefitness: 37, // FIT sub-sport, Garmin
  ebikeenduro: 37, // FIT sub-sport
  eenduromtb: 37, // Garmin
  emtb: 37, // Komoot
  emtbeasy: 37, // Komoot
  emtbadvanced: 37, // Komoot
  etouringbicycle: 37, // Komoot
  eracebike: 37, // Komoot
  ebikeride: 37, // Strava CSV and API
  emountainbikeride: 37, // Strava CSV and API
  // Road: any other ride
  cycling: 34, // FIT sport, Strava and Garmin GPX
  biking: 34, // TCX
  road: 34, // FIT cycling sub-sport
  roadbiking: 34, // Garmin
  gravelcycling: 34, // FIT sub-sport, Garmin
  cyclocross: 34, // FIT sub-sport, Garmin
  indoorcycling: 34, // FIT sub-sport, Garmin
  spin: 34, // FIT sub-sport
  trackcycling: 34, // FIT sub-sport
  virtualride: 34, // Strava, Garmin
  ride: 34, // Strava
  gravelride: 34, // Strava
  touringbicycle: 34, // Komoot
  racebike: 34, // Komoot
  mtbeasy: 34, // Komoot's "gravel riding"
  '1': 34, // Strava GPX: Ride
  // Hiking
  hiking: 35, // FIT sport, Garmin
  mountaineering: 35, // FIT sport, Garmin, Komoot
  hike: 35, // Strava, Komoot
  '4': 35, // Strava GPX: Hike
  // Running
  running: 5, // FIT sport, TCX, Strava and Garmin GPX
  trail: 5, // FIT running sub-sport
  treadmill: 5, // FIT running sub-sport
  indoorrunning: 5, // FIT sub-sport, Garmin
  trailrunning: 5, // Garmin
  treadmillrunning: 5, // Garmin
  virtualrun: 5, // Strava, Garmin
  run: 5, // Strava
  trailrun: 5, // Strava
  jogging: 5, // Komoot
  '9': 5, // Strava GPX: Run
  // Walking
  walking: 54, // FIT sport, Garmin
  casualwalking: 54, // FIT sub-sport, Garmin
  speedwalking: 54, // FIT sub-sport, Garmin
  indoorwalking: 54, // FIT sub-sport, Garmin
  walk: 54, // Strava
  '10': 54, // Strava GPX: Walk
  // Other: sports, or buckets of them, that are none of ours
  other: 59, // TCX: neither a run nor a ride
  fitnessequipment: 59, // FIT
  training: 59, // FIT
  multisport: 59, // FIT
  swimming: 59, // FIT
  crosscountryskiing: 59, // FIT
  alpineskiing: 59, // FIT
  snowshoeing: 59, // FIT
  rowing: 59, // FIT, Strava
  paddling: 59, // FIT
  kayaking: 59, // FIT, Strava
  rockclimbing: 59, // FIT
  swim: 59, // Strava
  workout: 59, // Strava
  weighttraining: 59, // Strava
  yoga: 59, // Strava
  elliptical: 59, // FIT sub-sport, Strava
  alpineski: 59, // Strava
  backcountryski: 59, // Strava
  nordicski: 59, // Strava
  snowshoe: 59, // Strava
  skitour: 59, // Komoot
};

/**
 * Sports that say only "a machine" or "some training": a sub-sport that is one of ours says what it was
 * (`fitness_equipment` + `treadmill` is a run, + `indoor_cycling` a ride).
 */
const NAMED_BY_SUB_SPORT = new Set(['fitnessequipment', 'training']);

const normalise = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

/** Own keys only: the name comes from a file, and `constructor` or `__proto__` must not reach Object's. */
function lookUp(name: string | null | undefined): SportId | undefined {
  const key = normalise(name ?? '');
  return Object.hasOwn(FILE_SPORTS, key) ? FILE_SPORTS[key] : undefined;
}

/**
 * The app's sport for the one a file names, refined by its sub-sport (FIT): null when the file names none we know
 * (or FIT's `generic`), and the caller takes the member's first sport. A sub-sport decides only where the sport
 * leaves it open: a plain ride that the sub-sport says was an MTB or eBike ride (`cycling` + `mountain`), a bucket
 * like `fitness_equipment`, or a sport we do not know. Elsewhere the sport wins, because sub-sport words are shared
 * between sports (`treadmill` is a runner's and a walker's) and a device may pair them loosely.
 */
export function sportIdOf(fileSport: string | null, subSport?: string | null): SportId | null {
  const sport = lookUp(fileSport);
  const sub = lookUp(subSport);
  if (sub === undefined) return sport ?? null;
  if (sport === undefined || NAMED_BY_SUB_SPORT.has(normalise(fileSport ?? ''))) return sub;
  if (sport === 34 && sportFamily(sub) === 'ride') return sub;
  return sport;
}
