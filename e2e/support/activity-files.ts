import { Encoder, Profile, type Encodable, type Mesg } from '@garmin/fitsdk';

/**
 * Activity files made in the test, as devices make them (nothing binary is checked in): a ride of `points` samples
 * `everySeconds` apart, starting at `start` and heading away along `bearing` (degrees) with a gentle weave, climbing
 * and falling, with heart rate, cadence and power. A GPX 1.1 as Garmin Connect exports it, or a FIT through Garmin's
 * own encoder (modelled on server/modules/activities/readers/reader-test-helpers.ts).
 */

export type RideShape = { start: { lat: number; lng: number }; startTime: number; bearing: number; points?: number; everySeconds?: number; metresPerStep?: number };
type Sample = { time: number; lat: number; lng: number; ele: number; hr: number; cad: number; power: number };

const EARTH_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres between two `{ lat, lng }` points. */
export function haversine(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.sqrt(h));
}

/** The ride's samples: the first exactly at `start`, then one step of `metresPerStep` each `everySeconds`. */
export function rideSamples({ start, startTime, bearing, points = 300, everySeconds = 5, metresPerStep = 30 }: RideShape): Sample[] {
  const samples: Sample[] = [];
  let { lat, lng } = start;
  for (let i = 0; i < points; i++) {
    samples.push({
      time: startTime + i * everySeconds,
      lat: Math.round(lat * 1e7) / 1e7,
      lng: Math.round(lng * 1e7) / 1e7,
      ele: Math.round((1600 + 80 * Math.sin(i / 45) + i * 0.4) * 10) / 10,
      hr: Math.round(125 + 25 * Math.sin(i / 30)),
      cad: 80 + (i % 7),
      power: 180 + Math.round(40 * Math.sin(i / 20)),
    });
    const heading = rad(bearing + 25 * Math.sin(i / 35));
    lat += ((metresPerStep * Math.cos(heading)) / EARTH_M) * (180 / Math.PI);
    lng += ((metresPerStep * Math.sin(heading)) / (EARTH_M * Math.cos(rad(lat)))) * (180 / Math.PI);
  }
  return samples;
}

/** Metres along the samples, point to point. */
export const rideLength = (samples: readonly Sample[]) => samples.slice(1).reduce((sum, s, i) => sum + haversine(samples[i]!, s), 0);

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000', '');

/** A GPX 1.1 track with times, elevation and heart rate and cadence in Garmin's TrackPointExtension. */
export function gpxRide(name: string, samples: readonly Sample[]): Buffer {
  const points = samples
    .map(
      (s) =>
        `      <trkpt lat="${s.lat}" lon="${s.lng}"><ele>${s.ele}</ele><time>${iso(s.time)}</time>` +
        `<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${s.hr}</gpxtpx:hr><gpxtpx:cad>${s.cad}</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>`,
    )
    .join('\n');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<gpx creator="Garmin Connect" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
  <metadata><time>${iso(samples[0]!.time)}</time></metadata>
  <trk>
    <name>${name}</name>
    <type>cycling</type>
    <trkseg>
${points}
    </trkseg>
  </trk>
</gpx>
`);
}

const semicircles = (degrees: number) => Math.round((degrees * 2 ** 31) / 180);
const date = (seconds: number) => new Date(seconds * 1000);
/** The SDK's message types say enums are numbers; its encoder takes their names too. */
const write = (encoder: Encoder, mesgNum: number | undefined, fields: Record<string, unknown>) => encoder.writeMesg({ mesgNum: mesgNum!, ...fields } as Encodable<Mesg>);

/** A FIT activity as a bike computer writes it: file_id, one record a sample, one lap, a session with its totals. */
export function fitRide(samples: readonly Sample[]): Buffer {
  const encoder = new Encoder();
  const first = samples[0]!.time;
  const last = samples.at(-1)!.time;
  const metres = rideLength(samples);
  write(encoder, Profile.MesgNum.FILE_ID, { type: 'activity', manufacturer: 'garmin', product: 3121, serialNumber: 3_456_789_012, timeCreated: date(first) });
  for (const s of samples) {
    write(encoder, Profile.MesgNum.RECORD, {
      timestamp: date(s.time),
      positionLat: semicircles(s.lat),
      positionLong: semicircles(s.lng),
      altitude: s.ele,
      heartRate: s.hr,
      cadence: s.cad,
      power: s.power,
    });
  }
  const totals = { startTime: date(first), timestamp: date(last), totalElapsedTime: last - first, totalTimerTime: last - first, totalDistance: metres };
  write(encoder, Profile.MesgNum.LAP, totals);
  write(encoder, Profile.MesgNum.SESSION, { ...totals, sport: 'cycling', subSport: 'mountain' });
  return Buffer.from(encoder.close());
}
