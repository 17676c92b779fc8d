import { randomInt } from 'node:crypto';
import geographiclib from 'geographiclib-geodesic';
import type { LngLat } from '#contract/map-routes';
import { geodesicDistance } from '../../map-routes/geodesy';
import type { ActivityStreams } from '../track/streams';

// Check 19: no point, timestamp or distance marker from inside a member's privacy zone reaches anyone but the owner,
// and what does reach them does not give the zone's centre away. The functions here are pure; callers apply them to
// every way a track leaves the server (streams, maps, thumbnails, GPX, cards, event progress, exports).

/** Zones a member may keep (issue 21). */
export const MAX_ZONES = 5;

/**
 * The radius a member picks. Below 200 m a zone barely outgrows GPS error (5–20 m, more between buildings) and the
 * first visible point would be a few doors from home; above 1.6 km (a mile) every short run or walk from home would
 * be mostly hidden, and hiding more than that is what a wider `hideEnds` is for.
 */
export const ZONE_RADIUS_MIN_M = 200;
export const ZONE_RADIUS_MAX_M = 1_600;

/**
 * "Hide the first and last N metres" of every activity. 0 turns it off. 2 km is more than the largest zone's radius,
 * so a member can hide a start that does not deserve a zone (a friend's house, a hotel) as well as a zone would; more
 * would swallow most of a short outing (a 5 km run would keep only its middle kilometre).
 */
export const HIDE_ENDS_MIN_M = 0;
export const HIDE_ENDS_MAX_M = 2_000;

/**
 * How far the stored centre lies from the true one, as fractions of the radius. The minimum is what an attacker who
 * fits a circle through trim points is left short of home, whatever he collects; the maximum bounds how much more
 * than the member asked for gets hidden (the trim radius grows by the offset).
 */
export const MIN_OFFSET_FRACTION = 0.25;
export const MAX_OFFSET_FRACTION = 0.5;

/** The least distance between a zone's stored centre and its true one. */
export const minOffsetM = (radiusM: number) => radiusM * MIN_OFFSET_FRACTION;

/**
 * A privacy zone as it is stored. The true centre (the member's home) is not kept anywhere: only a centre moved a
 * random distance in a random direction, and a trim radius wide enough that the moved circle still covers the whole
 * zone the member drew.
 */
export type StoredZone = {
  /** The offset centre, `[lng, lat]`. */
  centre: LngLat;
  /** The radius the member picked (for the settings page). */
  radiusM: number;
  /** Samples within this distance of `centre` are hidden: `radiusM` plus the offset plus a random margin, rounded up. */
  trimRadiusM: number;
};

/** A uniform number in [0, 1) from the operating system's CSPRNG: an offset an attacker could predict hides nothing. */
export const cryptoRandom = () => randomInt(0, 2 ** 47) / 2 ** 47;

const WGS84 = geographiclib.Geodesic.WGS84;

/**
 * What is stored for a zone around `trueCentre`. Trimming at a fixed radius around the true centre is what Hassan et
 * al. (2018) broke on Strava: the first and last visible points of many activities from home all lie on one circle
 * around it, so fitting a circle through them gives home back to within metres. Here they lie on a circle around the
 * offset centre instead, which is between `minOffsetM` and half the radius away from home in a direction nobody knows;
 * the trim radius is the member's radius plus that offset (plus a random margin), so every point of the true zone stays
 * hidden (triangle inequality), and home is at least `radiusM` inside the trimmed edge.
 *
 * The distance is drawn so that home is equally likely anywhere in the ring between the two offsets (uniform over its
 * area, not over the distance, which would crowd the inner edge). `random` draws the distance, the direction, then the
 * margin.
 */
export function storedZone(trueCentre: LngLat, radiusM: number, random: () => number = cryptoRandom): StoredZone {
  if (!(radiusM >= ZONE_RADIUS_MIN_M && radiusM <= ZONE_RADIUS_MAX_M)) {
    throw new RangeError(`A privacy zone's radius is ${ZONE_RADIUS_MIN_M}–${ZONE_RADIUS_MAX_M} m, not ${radiusM}.`);
  }
  const [lng, lat] = trueCentre;
  if (!(Math.abs(lng) <= 180 && Math.abs(lat) <= 90)) throw new RangeError(`Not a point: [${lng}, ${lat}].`);
  const least = radiusM * MIN_OFFSET_FRACTION;
  const most = radiusM * MAX_OFFSET_FRACTION;
  const distance = Math.sqrt(least ** 2 + random() * (most ** 2 - least ** 2));
  const azimuth = random() * 360 - 180;
  const moved = WGS84.Direct(lat, lng, azimuth, distance);
  // Rounded to the centimetre as the contract stores points, and the offset measured after rounding: the cover
  // (trim radius ≥ radius + offset) then holds for what is stored, not for what was computed.
  const centre: LngLat = [toCentimetre(moved.lon2!), toCentimetre(moved.lat2!)];
  // A random margin on top: the trimmed edge's radius (which a circle fit recovers) then says nothing exact about the
  // offset, even to someone who knows the radius the member picked (the settings page offers round figures).
  const margin = random() * radiusM * MAX_MARGIN_FRACTION;
  return { centre, radiusM, trimRadiusM: Math.ceil(radiusM + geodesicDistance(trueCentre, centre) + margin) };
}

/** The largest random margin added to a trim radius, as a fraction of the zone's radius. */
const MAX_MARGIN_FRACTION = 0.25;

const toCentimetre = (degrees: number) => Math.round(degrees * 1e7) / 1e7;

/** Whether a point lies inside a zone's trim circle (on its edge counts as inside). */
export function isInsideZone(point: LngLat, zone: StoredZone): boolean {
  return insidePrepared(point[0], point[1], prepare(zone));
}

/**
 * A zone made ready to test many points: a flat distance (the WGS84 radii of curvature at the centre, the cosine at
 * the mean latitude) for a quick verdict, and the exact geodesic distance (about 4 µs each, too slow for 200 k samples
 * × 5 zones) only for points near the edge. Within a few kilometres up to 80° of latitude the flat distance differs
 * from the geodesic one by a few parts per million (measured: 2 × 10⁻⁶), so outside a 1 % band around the edge its
 * verdict is the exact one; nearer the poles every point is measured exactly.
 */
type PreparedZone = {
  lng: number;
  lat: number;
  trimRadiusM: number;
  centre: LngLat;
  /** Metres a degree of latitude, and of longitude at the equator scaled by N (WGS84 radii of curvature at `lat`). */
  mPerDegLat: number;
  mPerDegLng: number;
  insideSq: number;
  outsideSq: number;
  exactOnly: boolean;
};

const A = 6_378_137;
const E2 = 0.006_694_379_990_14;
const DEG = Math.PI / 180;
const BAND = 0.01;

function prepare(zone: StoredZone): PreparedZone {
  const [lng, lat] = zone.centre;
  const s = Math.sin(lat * DEG);
  const w = Math.sqrt(1 - E2 * s * s);
  const r = zone.trimRadiusM;
  return {
    lng,
    lat,
    trimRadiusM: r,
    centre: zone.centre,
    mPerDegLat: ((A * (1 - E2)) / (w * w * w)) * DEG,
    mPerDegLng: (A / w) * DEG,
    insideSq: (r * (1 - BAND)) ** 2,
    outsideSq: (r * (1 + BAND)) ** 2,
    exactOnly: Math.abs(lat) > 80 || r > 10_000,
  };
}

function insidePrepared(lng: number, lat: number, z: PreparedZone): boolean {
  if (!z.exactOnly) {
    const dy = (lat - z.lat) * z.mPerDegLat;
    if (dy * dy > z.outsideSq) return false;
    let dLng = lng - z.lng;
    if (dLng > 180) dLng -= 360;
    else if (dLng < -180) dLng += 360;
    const dx = dLng * z.mPerDegLng * Math.cos(((lat + z.lat) / 2) * DEG);
    const sq = dx * dx + dy * dy;
    if (sq < z.insideSq) return true;
    if (sq > z.outsideSq) return false;
  }
  return geodesicDistance([lng, lat], z.centre) <= z.trimRadiusM;
}

/**
 * Which samples others may not see, 1 for hidden: every fix inside any zone's trim circle; every fix less than
 * `hideEndsM` along the track from its first fix or from its last; and every sample without a fix next to a hidden
 * one (a run of them touching a hidden fix on either side), since where the athlete was at that moment is unknown
 * and may be inside. The owner's view marks these; `trimmedForOthers` removes them.
 */
export function hiddenMask(streams: ActivityStreams, zones: readonly StoredZone[], hideEndsM: number): Uint8Array {
  if (!(hideEndsM >= HIDE_ENDS_MIN_M && hideEndsM <= HIDE_ENDS_MAX_M)) {
    // Failing closed: a broken setting must not show what it was meant to hide.
    throw new RangeError(`hideEndsM is ${HIDE_ENDS_MIN_M}–${HIDE_ENDS_MAX_M} m, not ${hideEndsM}.`);
  }
  const { position } = streams;
  const n = streams.time.length;
  const hidden = new Uint8Array(n);
  if (hideEndsM > 0) {
    hideEnd(position, hidden, hideEndsM, 0, n, 1);
    hideEnd(position, hidden, hideEndsM, n - 1, -1, -1);
  }
  if (zones.length > 0) {
    const prepared = zones.map(prepare);
    for (let i = 0; i < n; i++) {
      const p = position[i];
      if (!p || hidden[i]) continue;
      for (let z = 0; z < prepared.length; z++) {
        if (insidePrepared(p[0], p[1], prepared[z]!)) {
          hidden[i] = 1;
          break;
        }
      }
    }
  }
  hideUnknownNextToHidden(position, hidden);
  return hidden;
}

/**
 * Hides fixes from `from` (stepping by `step`, up to `to`) while the distance along the track from the first fix met
 * is below `metres`. Only the ends are measured, so the cost is the samples in the first and last 2 km, not the track.
 */
function hideEnd(position: ActivityStreams['position'], hidden: Uint8Array, metres: number, from: number, to: number, step: 1 | -1) {
  let prev: LngLat | null = null;
  let along = 0;
  for (let i = from; i !== to; i += step) {
    const p = position[i];
    if (!p) continue;
    if (prev) along += geodesicDistance(prev, p);
    if (along >= metres) return;
    hidden[i] = 1;
    prev = p;
  }
}

function hideUnknownNextToHidden(position: ActivityStreams['position'], hidden: Uint8Array) {
  const n = hidden.length;
  let runStart = -1;
  for (let i = 0; i < n; i++) {
    if (!position[i]) {
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart >= 0) {
      if (hidden[i] || (runStart > 0 && hidden[runStart - 1])) hidden.fill(1, runStart, i);
      runStart = -1;
    }
  }
  if (runStart > 0 && hidden[runStart - 1]) hidden.fill(1, runStart, n);
}

export type Trimmed = {
  /** The streams without the hidden samples, every stream the same length; the input itself when nothing is hidden. */
  streams: ActivityStreams;
  trimmed: {
    /** Samples removed before the first one shown (all of them when nothing is shown). */
    start: number;
    /** Samples removed after the last one shown. */
    end: number;
    /** Samples removed in all: the start, the end, and any passes through a zone in between. */
    hiddenSamples: number;
  };
  /**
   * Indexes in the returned streams where the track resumes after hidden samples in its middle: a line drawn from
   * them must start a new piece there, or its segment across the gap would be drawn through the zone.
   */
  breaks: number[];
};

/**
 * An activity as anyone but its owner may see it: every hidden sample (`hiddenMask`) removed from every stream at
 * once, so no position, time, heart rate or distance marker from inside a zone or a hidden end leaves the server, and
 * the streams stay aligned. Totals (distance, moving time, climb) stay whole: callers compute them from the untrimmed
 * streams, as the owner sees them; anything drawn or charted for others (map line, bounds, start and finish,
 * distance axis, thumbnails) is computed from these, never from the untrimmed measure.
 */
export function trimmedForOthers(streams: ActivityStreams, zones: readonly StoredZone[], hideEndsM: number): Trimmed {
  const hidden = hiddenMask(streams, zones, hideEndsM);
  const n = hidden.length;
  let hiddenSamples = 0;
  for (let i = 0; i < n; i++) hiddenSamples += hidden[i]!;
  if (hiddenSamples === 0) return { streams, trimmed: { start: 0, end: 0, hiddenSamples: 0 }, breaks: [] };

  let start = 0;
  while (start < n && hidden[start]) start++;
  let end = 0;
  if (start < n) while (hidden[n - 1 - end]) end++;
  const breaks: number[] = [];
  for (let i = start + 1, k = 1; i < n - end; i++) {
    if (hidden[i]) continue;
    if (hidden[i - 1]) breaks.push(k);
    k++;
  }

  const kept = n - hiddenSamples;
  const out: ActivityStreams = { time: keep(streams.time, hidden, kept), position: keep(streams.position, hidden, kept) };
  for (const key of OPTIONAL_STREAMS) {
    const values = streams[key];
    if (values) out[key] = keep(values, hidden, kept);
  }
  return { streams: out, trimmed: { start, end, hiddenSamples }, breaks };
}

/**
 * Every stream besides time and position. A record over the type's keys, so a stream added to ActivityStreams stops
 * the build until it is listed here, rather than being left out of (or, worse, copied untrimmed into) what others see.
 */
const OTHER_STREAMS: Record<Exclude<keyof ActivityStreams, 'time' | 'position'>, true> = {
  elevation: true,
  heartRate: true,
  cadence: true,
  power: true,
  speed: true,
  temperature: true,
};
const OPTIONAL_STREAMS = Object.keys(OTHER_STREAMS) as (keyof typeof OTHER_STREAMS)[];

function keep<T>(values: readonly T[], hidden: Uint8Array, kept: number): T[] {
  const out = new Array<T>(kept);
  for (let i = 0, k = 0; i < hidden.length; i++) if (!hidden[i]) out[k++] = values[i]!;
  return out;
}
