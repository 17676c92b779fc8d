import { XMLParser } from 'fast-xml-parser';
import { GPX_MAX_BYTES, ROUTE_NAME_MAX, ROUTE_POINTS_MAX, type LngLat } from '#contract/map-routes';
import { fieldError } from '../../lib/errors';

/** What a GPX file gives a route: its points in order, their elevations where the file has them, and its name. */
export type GpxTrack = {
  points: LngLat[];
  /** One per point; null where the point has no `<ele>`. */
  elevations: (number | null)[];
  /** The file's own name for the track (plain text, as written), or '' when it has none. */
  name: string;
};

export const gpxTooLarge = () => fieldError('file', `That file is too large: GPX files can be up to ${GPX_MAX_BYTES / 1024 / 1024} MB.`, 413);
const tooManyPoints = () =>
  fieldError('file', `That file has too many points: a route can have up to ${ROUTE_POINTS_MAX.toLocaleString('en-US')} points.`);
const notGpx = () => fieldError('file', 'This is not a GPX file we can read.');
const noTrack = () => fieldError('file', 'This file has no track or route.');
const badPoint = () => fieldError('file', 'A point in this file has no valid latitude and longitude.');

// No DOCTYPE is read and no entity is expanded (processEntities: false, and files declaring either are refused before
// parsing): no billion laughs, no external entities. Values stay strings; numbers are read below, checked.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  removeNSPrefix: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (tag) => ['trk', 'trkseg', 'trkpt', 'rte', 'rtept', 'wpt'].includes(tag),
});

type XmlNode = Record<string, unknown>;
const nodes = (v: unknown): XmlNode[] => (Array.isArray(v) ? v.filter((n): n is XmlNode => typeof n === 'object' && n !== null) : []);

/**
 * Reads a GPX 1.0 or 1.1 file: the points of its tracks (`trkpt`, every segment in order) or, when it has none, of its
 * routes (`rtept`). A file with only waypoints, or none, is refused; so is one over GPX_MAX_BYTES (413) or with more
 * than ROUTE_POINTS_MAX points (counted before parsing, check 16), or one declaring a DOCTYPE or entities.
 */
export function parseGpx(bytes: Buffer): GpxTrack {
  if (bytes.length > GPX_MAX_BYTES) throw gpxTooLarge();
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw fieldError('file', 'GPX files with a DOCTYPE or entity declarations are not accepted.');
  }
  // Cheap count first, so a file of a million points is refused before a tree of them is built.
  const tags = text.match(/<(?:[A-Za-z_][\w.-]*:)?(?:trkpt|rtept)[\s/>]/g);
  if ((tags?.length ?? 0) > ROUTE_POINTS_MAX) throw tooManyPoints();

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
  let raw = tracks.flatMap((trk) => nodes(trk.trkseg).flatMap((seg) => nodes(seg.trkpt)));
  if (raw.length === 0) raw = routes.flatMap((rte) => nodes(rte.rtept));
  if (raw.length === 0) throw noTrack();
  if (raw.length > ROUTE_POINTS_MAX) throw tooManyPoints();

  const points: LngLat[] = [];
  const elevations: (number | null)[] = [];
  for (const p of raw) {
    const lat = readNumber(p['@_lat']);
    const lon = readNumber(p['@_lon']);
    if (lat === null || lon === null || lat < -90 || lat > 90 || lon < -180 || lon > 180) throw badPoint();
    points.push([lon, lat]);
    elevations.push(readNumber(textOf(p.ele)));
  }

  const metadata = typeof root.metadata === 'object' && root.metadata !== null ? (root.metadata as XmlNode) : {};
  // GPX 1.1 names the file in <metadata>, 1.0 at the top; else the first track's or route's name.
  const name = [metadata.name, root.name, tracks[0]?.name, routes[0]?.name].map((n) => cleanText(textOf(n))).find((n) => n !== '') ?? '';
  return { points, elevations, name: name.slice(0, ROUTE_NAME_MAX).trim() };
}

function readNumber(v: unknown): number | null {
  if (typeof v !== 'string' || !/^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(v)) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** An element's text: a plain string, or the `#text` of one that has attributes. */
function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && v !== null && typeof (v as XmlNode)['#text'] === 'string') return (v as XmlNode)['#text'] as string;
  return '';
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * The text as the file means it: XML's five predefined entities and numeric character references decoded (only those;
 * nothing else is an entity here), control characters dropped, whitespace runs folded. It stays plain text: it is
 * stored and shown as text, never as markup.
 */
function cleanText(v: string): string {
  return v
    .replace(/&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(lt|gt|amp|quot|apos));/g, (whole, dec?: string, hex?: string, named?: string) => {
      if (named) return NAMED[named]!;
      const code = dec ? Number(dec) : parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    })
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
