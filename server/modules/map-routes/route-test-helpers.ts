import type { LngLat } from '#contract/map-routes';
import { seededRandom } from '../../lib/seeded-random';

// Shared by the route tests: measures computed here, independently of the code under test, and GPX files made here
// (no binary fixtures in the repository).

const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * Metres between two points on the WGS84 ellipsoid by Vincenty's inverse formula (1975), accurate to well under a
 * millimetre for points that are not nearly antipodal: the yardstick the geodesic distances are checked against.
 */
export function vincentyDistance([lon1, lat1]: LngLat, [lon2, lat2]: LngLat): number {
  const a = 6_378_137;
  const f = 1 / 298.257223563;
  const b = a * (1 - f);
  const L = rad(lon2 - lon1);
  const U1 = Math.atan((1 - f) * Math.tan(rad(lat1)));
  const U2 = Math.atan((1 - f) * Math.tan(rad(lat2)));
  const [sinU1, cosU1, sinU2, cosU2] = [Math.sin(U1), Math.cos(U1), Math.sin(U2), Math.cos(U2)];
  let lambda = L;
  let sinSigma = 0;
  let cosSigma = 0;
  let sigma = 0;
  let cos2Alpha = 0;
  let cos2SigmaM = 0;
  for (let i = 0; i < 200; i++) {
    const sinLambda = Math.sin(lambda);
    const cosLambda = Math.cos(lambda);
    sinSigma = Math.hypot(cosU2 * sinLambda, cosU1 * sinU2 - sinU1 * cosU2 * cosLambda);
    if (sinSigma === 0) return 0;
    cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda;
    sigma = Math.atan2(sinSigma, cosSigma);
    const sinAlpha = (cosU1 * cosU2 * sinLambda) / sinSigma;
    cos2Alpha = 1 - sinAlpha * sinAlpha;
    cos2SigmaM = cos2Alpha !== 0 ? cosSigma - (2 * sinU1 * sinU2) / cos2Alpha : 0;
    const C = (f / 16) * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha));
    const previous = lambda;
    lambda = L + (1 - C) * f * sinAlpha * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)));
    if (Math.abs(lambda - previous) < 1e-12) break;
  }
  const u2 = (cos2Alpha * (a * a - b * b)) / (b * b);
  const A = 1 + (u2 / 16384) * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)));
  const B = (u2 / 1024) * (256 + u2 * (-128 + u2 * (74 - 47 * u2)));
  const deltaSigma =
    B *
    sinSigma *
    (cos2SigmaM +
      (B / 4) * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM) - (B / 6) * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)));
  return b * A * (sigma - deltaSigma);
}

/** The length of a line by Vincenty, segment by segment. */
export const vincentyLength = (points: readonly LngLat[]) => points.slice(1).reduce((sum, p, i) => sum + vincentyDistance(points[i]!, p), 0);

/**
 * Metres from `p` to the nearest point of `line` as a map draws it: straight between vertices in spherical Web
 * Mercator, converted to metres with the projection's scale at `p` (mean Earth radius × cos latitude).
 */
export function metresFromLine(p: LngLat, line: readonly LngLat[]): number {
  const R = 6_371_008.8;
  const merc = ([lng, lat]: LngLat) => [rad(lng), Math.log(Math.tan(Math.PI / 4 + rad(lat) / 2))] as const;
  const [px, py] = merc(p);
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = merc(line[i - 1]!);
    const [bx, by] = merc(line[i]!);
    const [dx, dy] = [bx - ax, by - ay];
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy) / len2));
    best = Math.min(best, Math.hypot(px - (ax + t * dx), py - (ay + t * dy)));
  }
  return best * R * Math.cos(rad(p[1]));
}


/** A winding track of `n` points, about `stepM` metres apart, wandering around (lng, lat). */
export function windingTrack(n: number, start: LngLat = [7.748, 46.02], stepM = 8, seed = 7): LngLat[] {
  const random = seededRandom(seed);
  const points: LngLat[] = [start];
  let heading = 0.6;
  for (let i = 1; i < n; i++) {
    heading += (random() - 0.5) * 0.5 + Math.sin(i / 40) * 0.05;
    const [lng, lat] = points[i - 1]!;
    const dLat = (stepM * Math.cos(heading)) / 111_320;
    const dLng = (stepM * Math.sin(heading)) / (111_320 * Math.cos(rad(lat)));
    points.push([lng + dLng, lat + dLat]);
  }
  return points;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A GPX 1.1 file: the points as a track (default), a route or waypoints only, each with `<ele>` when given. `name`
 * is escaped as XML text unless `rawName` carries markup to put in as is (a CDATA section, say).
 */
export function gpxFile(opts: { points: readonly (readonly [number, number, number?])[]; kind?: 'trk' | 'rte' | 'wpt'; name?: string; rawName?: string; prolog?: string }) {
  const kind = opts.kind ?? 'trk';
  const tag = kind === 'trk' ? 'trkpt' : kind === 'rte' ? 'rtept' : 'wpt';
  const pts = opts.points
    .map(([lng, lat, ele]) => `<${tag} lat="${lat}" lon="${lng}">${ele === undefined ? '' : `<ele>${ele}</ele>`}</${tag}>`)
    .join('\n');
  const name = opts.rawName ?? (opts.name === undefined ? '' : escapeXml(opts.name));
  const metadata = name ? `<metadata><name>${name}</name></metadata>` : '';
  const body = kind === 'trk' ? `<trk><trkseg>\n${pts}\n</trkseg></trk>` : kind === 'rte' ? `<rte>\n${pts}\n</rte>` : pts;
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n${opts.prolog ?? ''}<gpx version="1.1" creator="switchback-tests" xmlns="http://www.topografix.com/GPX/1/1">${metadata}\n${body}\n</gpx>\n`,
  );
}
