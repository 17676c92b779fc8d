import { GPX_MAX_BYTES, ROUTE_NAME_MAX, ROUTE_POINTS_MAX, type LngLat } from '#contract/map-routes';
import { fieldError } from '../../lib/errors';
import {
  cleanText,
  countElements,
  nodes,
  readDateTime,
  readNumber,
  refuseDeclarations,
  safeXmlParser,
  textOf,
  xmlText,
  type XmlNode,
} from '../../lib/safe-xml';
import type { FileCaps } from '../activities/readers/caps';
import { StreamBuilder } from '../activities/readers/stream-builder';
import type { ParsedActivity } from '../activities/track/streams';

/**
 * The project's one GPX reader: a route's points for map-routes (`parseGpx`), an activity's streams for activities
 * (`readGpxActivity`), through the same hardened parse.
 */

/** What a GPX file gives a route: its points in order, their elevations where the file has them, and its name. */
export type GpxTrack = {
  points: LngLat[];
  /** One per point; null where the point has no `<ele>`. */
  elevations: (number | null)[];
  /** The file's own name for the track (plain text, as written), or '' when it has none. */
  name: string;
};

export const gpxTooLarge = () => fieldError('file', `That file is too large: GPX files can be up to ${GPX_MAX_BYTES / 1024 / 1024} MB.`, 413);
const routeCaps: FileCaps = {
  maxBytes: GPX_MAX_BYTES,
  maxPoints: ROUTE_POINTS_MAX,
  tooLarge: gpxTooLarge,
  tooManyPoints: () =>
    fieldError('file', `That file has too many points: a route can have up to ${ROUTE_POINTS_MAX.toLocaleString('en-US')} points.`),
};
const notGpx = () => fieldError('file', 'This is not a GPX file we can read.');
const noTrack = () => fieldError('file', 'This file has no track or route.');
const badPoint = () => fieldError('file', 'A point in this file has no valid latitude and longitude.');

const parser = safeXmlParser(['trk', 'trkseg', 'trkpt', 'rte', 'rtept', 'wpt']);

/**
 * Reads a GPX 1.0 or 1.1 file: the points of its tracks (`trkpt`, every segment in order) or, when it has none, of its
 * routes (`rtept`). A file with only waypoints, or none, is refused; so is one over GPX_MAX_BYTES (413) or with more
 * than ROUTE_POINTS_MAX points (counted before parsing, check 16), or one declaring a DOCTYPE or entities.
 */
export function parseGpx(bytes: Buffer): GpxTrack {
  const gpx = readGpx(bytes, routeCaps);
  const points: LngLat[] = [];
  const elevations: (number | null)[] = [];
  for (const p of gpx.points) {
    points.push(lngLatOf(p));
    elevations.push(readNumber(p.ele));
  }
  return { points, elevations, name: gpx.name };
}

/**
 * Reads a GPX file as an activity: each point's time, position and elevation, and what devices write in its
 * `<extensions>`: heart rate, cadence, temperature (Garmin's TrackPointExtension `hr`, `cad`, `atemp`, as Garmin,
 * Strava and Wahoo export it; Cluetrust's `gpxdata:` and bare `<heartrate>`-style tags), power (`<power>` as Strava
 * writes it, Garmin's PowerExtension `PowerInWatts`) and speed. The sport is the track's `<type>`. Refused as
 * `parseGpx` refuses, with `caps` for the limits. Points without a time are dropped (see StreamBuilder).
 */
export function readGpxActivity(bytes: Buffer, caps: FileCaps): ParsedActivity {
  const gpx = readGpx(bytes, caps);
  const streams = new StreamBuilder();
  for (const p of gpx.points) {
    const ext = extensionValues(p.extensions);
    streams.add({
      time: readDateTime(p.time),
      position: lngLatOf(p),
      elevation: readNumber(p.ele),
      heartRate: ext('hr', 'heartrate', 'heart_rate'),
      cadence: ext('cad', 'cadence'),
      power: ext('power', 'powerinwatts', 'watts'),
      // GPX 1.0 has <speed> in the point itself; 1.1 moved it to TrackPointExtension v2.
      speed: readNumber(p.speed) ?? ext('speed'),
      temperature: ext('atemp', 'temp', 'temperature'),
    });
  }
  const type = cleanText(textOf(gpx.tracks[0]?.type ?? gpx.routes[0]?.type)).toLowerCase();
  return { streams: streams.build(), laps: [], totals: {}, name: gpx.name, sport: type === '' ? null : type.slice(0, 60), subSport: null };
}

/** The parsed file: its points (tracks', else routes'), tracks, routes and name, after every cap and safety check. */
function readGpx(bytes: Buffer, caps: FileCaps) {
  if (bytes.length > caps.maxBytes) throw caps.tooLarge();
  const text = xmlText(bytes);
  refuseDeclarations(text, 'GPX');
  if (countElements(text, ['trkpt', 'rtept'], caps.maxPoints) > caps.maxPoints) throw caps.tooManyPoints();

  let doc: XmlNode;
  try {
    doc = parser.parse(text) as XmlNode;
  } catch {
    throw notGpx();
  }
  const gpx = doc.gpx;
  if (typeof gpx !== 'object' || gpx === null) throw notGpx();
  const root = gpx as XmlNode;

  const tracks = nodes(root.trk);
  const routes = nodes(root.rte);
  let points = tracks.flatMap((trk) => nodes(trk.trkseg).flatMap((seg) => nodes(seg.trkpt)));
  if (points.length === 0) points = routes.flatMap((rte) => nodes(rte.rtept));
  if (points.length === 0) throw noTrack();
  if (points.length > caps.maxPoints) throw caps.tooManyPoints();

  const metadata = nodes(root.metadata)[0] ?? {};
  // GPX 1.1 names the file in <metadata>, 1.0 at the top; else the first track's or route's name.
  const name = [metadata.name, root.name, tracks[0]?.name, routes[0]?.name].map((n) => cleanText(textOf(n))).find((n) => n !== '') ?? '';
  return { points, tracks, routes, name: name.slice(0, ROUTE_NAME_MAX).trim() };
}

function lngLatOf(p: XmlNode): LngLat {
  const lat = readNumber(p['@_lat']);
  const lon = readNumber(p['@_lon']);
  if (lat === null || lon === null || lat < -90 || lat > 90 || lon < -180 || lon > 180) throw badPoint();
  return [lon, lat];
}

/**
 * The numbers under a point's `<extensions>`, by lower-cased tag name (namespace prefixes are already gone), however
 * deep a vendor nests them; the first of each name wins. Returns a lookup that takes the names a value goes by.
 */
function extensionValues(extensions: unknown) {
  const found = new Map<string, number>();
  const walk = (node: unknown, depth: number) => {
    for (const n of nodes(node)) {
      for (const [key, value] of Object.entries(n)) {
        if (key.startsWith('@_') || key === '#text') continue;
        const name = key.toLowerCase();
        const v = readNumber(value);
        if (v !== null) {
          if (!found.has(name)) found.set(name, v);
        } else if (depth < 3) walk(value, depth + 1);
      }
    }
  };
  walk(extensions, 0);
  return (...names: string[]): number | null => {
    for (const name of names) {
      const v = found.get(name);
      if (v !== undefined) return v;
    }
    return null;
  };
}
