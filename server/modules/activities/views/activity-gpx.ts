import { XMLBuilder } from 'fast-xml-parser';
import type { ActivityStreams } from '../track/streams';

/**
 * An activity as a GPX 1.1 file (https://www.topografix.com/GPX/1/1/) for another app or a GPS unit: one track, a
 * segment per stretch without a break (a hidden pass through a privacy zone, a recording gap), each point with its
 * time and elevation, and heart rate, cadence, power and temperature in Garmin's TrackPointExtension v2 and the power
 * element most apps read. Written by fast-xml-parser's builder, which escapes the text (the title is the member's).
 * Anyone but the owner gets it from the trimmed streams (check 19).
 */
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: ' ', suppressEmptyNode: true });

const num = (v: number | null | undefined, digits: number) => (v === null || v === undefined || !Number.isFinite(v) ? undefined : String(Math.round(v * 10 ** digits) / 10 ** digits));

export function activityGpx(streams: ActivityStreams, meta: { title: string; description: string; breaks: readonly number[] }) {
  const cut = new Set(meta.breaks);
  const segments: object[][] = [];
  let segment: object[] = [];
  for (let i = 0; i < streams.time.length; i++) {
    const p = streams.position[i];
    if (cut.has(i) && segment.length > 0) {
      segments.push(segment);
      segment = [];
    }
    if (!p) continue;
    const tpx: Record<string, string> = {};
    const hr = num(streams.heartRate?.[i], 0);
    const cad = num(streams.cadence?.[i], 0);
    const temp = num(streams.temperature?.[i], 1);
    if (temp !== undefined) tpx['gpxtpx:atemp'] = temp;
    if (hr !== undefined) tpx['gpxtpx:hr'] = hr;
    if (cad !== undefined) tpx['gpxtpx:cad'] = cad;
    const power = num(streams.power?.[i], 0);
    const extensions = {
      ...(power !== undefined ? { power } : {}),
      ...(Object.keys(tpx).length > 0 ? { 'gpxtpx:TrackPointExtension': tpx } : {}),
    };
    segment.push({
      '@_lat': num(p[1], 7),
      '@_lon': num(p[0], 7),
      ...(num(streams.elevation?.[i], 1) !== undefined ? { ele: num(streams.elevation?.[i], 1) } : {}),
      time: new Date(streams.time[i]! * 1000).toISOString(),
      ...(Object.keys(extensions).length > 0 ? { extensions } : {}),
    });
  }
  if (segment.length > 0) segments.push(segment);
  const first = streams.time[0];
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    gpx: {
      '@_version': '1.1',
      '@_creator': 'Switchback',
      '@_xmlns': 'http://www.topografix.com/GPX/1/1',
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@_xmlns:gpxtpx': 'http://www.garmin.com/xmlschemas/TrackPointExtension/v2',
      '@_xsi:schemaLocation': 'http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd',
      metadata: { name: meta.title, ...(first !== undefined ? { time: new Date(first * 1000).toISOString() } : {}) },
      trk: { name: meta.title, ...(meta.description ? { desc: meta.description } : {}), trkseg: segments.map((trkpt) => ({ trkpt })) },
    },
  }) as string;
}
