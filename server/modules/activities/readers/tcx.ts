import { fieldError } from '../../../lib/errors';
import {
  child,
  countElements,
  nodes,
  readDateTime,
  readNumber,
  refuseDeclarations,
  safeXmlParser,
  xmlText,
  type XmlNode,
} from '../../../lib/safe-xml';
import type { DeviceTotals, FileLap, ParsedActivity } from '../track/streams';
import type { FileCaps } from './caps';
import { StreamBuilder } from './stream-builder';

const notTcx = () => fieldError('file', 'This is not a TCX file we can read.');
const noActivity = () => fieldError('file', 'This TCX file has no activity in it (a course file can be imported as a route instead).');

const parser = safeXmlParser(['Activity', 'Lap', 'Track', 'Trackpoint']);

/**
 * Reads a TCX file (Garmin Training Center Database v2, as Garmin Connect, Polar, Suunto and TrainingPeaks export it):
 * the trackpoints of every lap of every activity in order, with time, position, altitude, heart rate, cadence (bike
 * `Cadence`, or the run cadence of the ActivityExtension) and the ActivityExtension's speed and watts; each `Lap` as a
 * lap; the first activity's `Sport`; and the device's totals summed over the laps (the lap's TotalTimeSeconds is timer
 * time, pauses excluded). Refused like GPX: a DOCTYPE or entities, more than `caps.maxPoints` trackpoints (counted
 * before parsing), over `caps.maxBytes`.
 */
export function readTcx(bytes: Buffer, caps: FileCaps): ParsedActivity {
  if (bytes.length > caps.maxBytes) throw caps.tooLarge();
  const text = xmlText(bytes);
  refuseDeclarations(text, 'TCX');
  if (countElements(text, ['Trackpoint'], caps.maxPoints) > caps.maxPoints) throw caps.tooManyPoints();

  let doc: XmlNode;
  try {
    doc = parser.parse(text) as XmlNode;
  } catch {
    throw notTcx();
  }
  const root = nodes(doc.TrainingCenterDatabase)[0];
  if (!root) throw notTcx();
  const activities = nodes(child(root, 'Activities').Activity);
  if (activities.length === 0) throw noActivity();

  const streams = new StreamBuilder();
  const laps: FileLap[] = [];
  const sums = { distanceM: 0, calories: 0, movingS: 0 };
  const seen = new Set<keyof typeof sums>();
  const sum = (key: keyof typeof sums, v: number | null) => {
    if (v === null || v < 0) return;
    sums[key] += v;
    seen.add(key);
  };

  for (const activity of activities) {
    for (const lap of nodes(activity.Lap)) {
      sum('movingS', readNumber(lap.TotalTimeSeconds));
      sum('distanceM', readNumber(lap.DistanceMeters));
      sum('calories', readNumber(lap.Calories));
      const first = streams.length;
      for (const point of nodes(lap.Track).flatMap((track) => nodes(track.Trackpoint))) {
        const position = child(point, 'Position');
        const lat = readNumber(position.LatitudeDegrees);
        const lon = readNumber(position.LongitudeDegrees);
        const tpx = child(child(point, 'Extensions'), 'TPX');
        streams.add({
          time: readDateTime(point.Time),
          position: lat !== null && lon !== null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? [lon, lat] : null,
          elevation: readNumber(point.AltitudeMeters),
          heartRate: readNumber(child(point, 'HeartRateBpm').Value),
          cadence: readNumber(point.Cadence) ?? readNumber(tpx.RunCadence),
          power: readNumber(tpx.Watts),
          speed: readNumber(tpx.Speed),
        });
      }
      if (streams.length > first) laps.push({ startIndex: first, endIndex: streams.length - 1 });
    }
  }

  const totals: DeviceTotals = {};
  for (const key of seen) totals[key] = sums[key];
  const sport = typeof activities[0]!['@_Sport'] === 'string' ? (activities[0]!['@_Sport'] as string).trim().toLowerCase().slice(0, 60) : '';
  return { streams: streams.build(), laps, totals, name: '', sport: sport === '' ? null : sport, subSport: null };
}
