import { XMLBuilder } from 'fast-xml-parser';
import type { MapRouteRow } from './route-view';
import { fileSlug } from '../../lib/file-names';

/**
 * A stored route as a GPX 1.1 file (https://www.topografix.com/GPX/1/1/): one track of one segment, a `trkpt` per
 * point with its elevation when the route has them, for a GPS unit or another app. Written by fast-xml-parser's
 * builder, which escapes the text (a route's name is the member's).
 */
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ', suppressEmptyNode: true });

export function routeGpx(row: Pick<MapRouteRow, 'name' | 'description' | 'coordinates' | 'elevations'>) {
  const trkpt = row.coordinates.map(([lng, lat], i) => {
    const ele = row.elevations?.[i];
    return { '@_lat': String(lat), '@_lon': String(lng), ...(ele === undefined || ele === null ? {} : { ele: String(Math.round(ele * 10) / 10) }) };
  });
  const gpx = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    gpx: {
      '@_version': '1.1',
      '@_creator': 'Switchback',
      '@_xmlns': 'http://www.topografix.com/GPX/1/1',
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@_xsi:schemaLocation': 'http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd',
      metadata: { name: row.name },
      trk: { name: row.name, ...(row.description ? { desc: row.description } : {}), trkseg: { trkpt } },
    },
  };
  return builder.build(gpx) as string;
}

/** `<slug>.gpx` from the route's name: ASCII letters, digits and dashes, safe in a Content-Disposition header. */
export function gpxFileName(name: string, id: number) {
  return `${fileSlug(name) || `route-${id}`}.gpx`;
}
