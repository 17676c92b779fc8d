import { Encoder, Profile, type Encodable, type Mesg } from '@garmin/fitsdk';
import { expect } from 'vitest';
import { AppError } from '../../../lib/errors';

/**
 * Small real activity files, made the way devices make them, for the readers' tests: FIT through Garmin's own encoder,
 * GPX and TCX in the shapes Garmin Connect, Strava and Komoot export. Nothing binary is checked in.
 */

export type FixturePoint = { time: number; lat: number; lng: number; ele: number; hr: number; cad: number; power: number; temp: number };

/** Eight seconds of a ride up from Zermatt, one point a second, each stream moving so a mix-up shows. */
export const START = Date.UTC(2024, 4, 1, 6, 0, 0) / 1000;
export const RIDE: FixturePoint[] = Array.from({ length: 8 }, (_, i) => ({
  time: START + i,
  lat: 46.0207 + i * 0.0001,
  lng: 7.7491 + i * 0.00005,
  ele: 1608 + i * 0.4,
  hr: 118 + i,
  cad: 80 + (i % 3),
  power: 190 + i * 5,
  temp: 12 + (i % 2),
}));

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const semicircles = (degrees: number) => Math.round((degrees * 2 ** 31) / 180);
const date = (seconds: number) => new Date(seconds * 1000);
/** The SDK's message types say enums are numbers; its encoder takes their names too, as written here for reading. */
const write = (encoder: Encoder, mesgNum: number | undefined, fields: Record<string, unknown>) =>
  encoder.writeMesg({ mesgNum: mesgNum!, ...fields } as Encodable<Mesg>);

/** A FIT activity as a bike computer writes it: file_id, records, two laps (split at `lapAt`), a session with totals. */
export function fitFile(points: readonly FixturePoint[] = RIDE, opts: { lapAt?: number; fileType?: string; sport?: string; subSport?: string } = {}) {
  const encoder = new Encoder();
  const first = points[0]!.time;
  const last = points.at(-1)!.time;
  write(encoder, Profile.MesgNum.FILE_ID, {
    type: opts.fileType ?? 'activity',
    manufacturer: 'garmin',
    product: 3121,
    serialNumber: 3_456_789_012,
    timeCreated: date(first),
  });
  for (const p of points) {
    write(encoder, Profile.MesgNum.RECORD, {
      timestamp: date(p.time),
      positionLat: semicircles(p.lat),
      positionLong: semicircles(p.lng),
      altitude: p.ele,
      heartRate: p.hr,
      cadence: p.cad,
      power: p.power,
      temperature: p.temp,
      speed: 4.5,
    });
  }
  const split = points[opts.lapAt ?? 4]?.time ?? last;
  for (const [start, end] of [
    [first, split - 1],
    [split, last],
  ] as const) {
    write(encoder, Profile.MesgNum.LAP, { startTime: date(start), timestamp: date(end), totalElapsedTime: end - start, totalTimerTime: end - start });
  }
  write(encoder, Profile.MesgNum.SESSION, {
    startTime: date(first),
    timestamp: date(last),
    sport: opts.sport ?? 'cycling',
    subSport: opts.subSport ?? 'road',
    totalDistance: 84.2,
    totalAscent: 4,
    totalDescent: 0,
    totalCalories: 9,
    totalTimerTime: last - first,
    totalElapsedTime: last - first + 2,
  });
  return Buffer.from(encoder.close());
}

/** A GPX as Garmin Connect exports it: TrackPointExtension v1 under the `ns3` prefix, power in a PowerExtension. */
export function garminGpx(points: readonly FixturePoint[] = RIDE) {
  const pts = points
    .map(
      (p) =>
        `<trkpt lat="${p.lat}" lon="${p.lng}"><ele>${p.ele}</ele><time>${iso(p.time)}</time><extensions>` +
        `<ns3:TrackPointExtension><ns3:atemp>${p.temp.toFixed(1)}</ns3:atemp><ns3:hr>${p.hr}</ns3:hr><ns3:cad>${p.cad}</ns3:cad></ns3:TrackPointExtension>` +
        `<pwr:PowerExtension><pwr:PowerInWatts>${p.power}</pwr:PowerInWatts></pwr:PowerExtension></extensions></trkpt>`,
    )
    .join('\n      ');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<gpx creator="Garmin Connect" version="1.1" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd" xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" xmlns:pwr="http://www.garmin.com/xmlschemas/PowerExtension/v1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:ns2="http://www.garmin.com/xmlschemas/GpxExtensions/v3">
  <metadata>
    <link href="connect.garmin.com"><text>Garmin Connect</text></link>
    <time>${iso(points[0]?.time ?? START)}</time>
  </metadata>
  <trk>
    <name>Zermatt Road Cycling</name>
    <type>road_biking</type>
    <trkseg>
      ${pts}
    </trkseg>
  </trk>
</gpx>
`);
}

/** A GPX as Strava exports it: `<power>` bare under extensions, the rest in gpxtpx:TrackPointExtension. */
export function stravaGpx(points: readonly FixturePoint[] = RIDE) {
  const pts = points
    .map(
      (p) =>
        `<trkpt lat="${p.lat}" lon="${p.lng}">\n    <ele>${p.ele}</ele>\n    <time>${iso(p.time).replace('.000', '')}</time>\n    <extensions>\n     <power>${p.power}</power>\n` +
        `     <gpxtpx:TrackPointExtension>\n      <gpxtpx:atemp>${p.temp}</gpxtpx:atemp>\n      <gpxtpx:hr>${p.hr}</gpxtpx:hr>\n      <gpxtpx:cad>${p.cad}</gpxtpx:cad>\n     </gpxtpx:TrackPointExtension>\n    </extensions>\n   </trkpt>`,
    )
    .join('\n   ');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<gpx creator="StravaGPX" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd http://www.garmin.com/xmlschemas/GpxExtensions/v3 http://www.garmin.com/xmlschemas/GpxExtensionsv3.xsd http://www.garmin.com/xmlschemas/TrackPointExtension/v1 http://www.garmin.com/xmlschemas/TrackPointExtensionv1.xsd" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3">
 <metadata>
  <time>${iso(points[0]?.time ?? START).replace('.000', '')}</time>
 </metadata>
 <trk>
  <name>Morning Ride &amp; coffee</name>
  <type>cycling</type>
  <trkseg>
   ${pts}
  </trkseg>
 </trk>
</gpx>
`);
}

/** A plain GPX as Komoot exports a recorded tour: position, elevation and time, no extensions, no type. */
export function komootGpx(points: readonly (Pick<FixturePoint, 'lat' | 'lng' | 'ele'> & { time?: number })[] = RIDE) {
  const pts = points
    .map((p) => `<trkpt lat="${p.lat}" lon="${p.lng}"><ele>${p.ele}</ele>${p.time === undefined ? '' : `<time>${iso(p.time)}</time>`}</trkpt>`)
    .join('\n      ');
  return Buffer.from(`<?xml version='1.0' encoding='UTF-8'?>
<gpx version="1.1" creator="https://www.komoot.de" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
  <metadata>
    <name>Hörnli Hut hike</name>
    <author><link href="https://www.komoot.de"><text>komoot</text><type>text/html</type></link></author>
  </metadata>
  <trk>
    <name>Hörnli Hut hike</name>
    <trkseg>
      ${pts}
    </trkseg>
  </trk>
</gpx>
`);
}

/** A TCX as Garmin Connect exports it: laps with totals, trackpoints with the ActivityExtension v2 (`ns3:TPX`). */
export function garminTcx(points: readonly FixturePoint[] = RIDE, opts: { lapAt?: number; prolog?: string } = {}) {
  const trackpoint = (p: FixturePoint) => `
            <Trackpoint>
              <Time>${iso(p.time)}</Time>
              <Position><LatitudeDegrees>${p.lat}</LatitudeDegrees><LongitudeDegrees>${p.lng}</LongitudeDegrees></Position>
              <AltitudeMeters>${p.ele}</AltitudeMeters>
              <DistanceMeters>0.0</DistanceMeters>
              <HeartRateBpm><Value>${p.hr}</Value></HeartRateBpm>
              <Cadence>${p.cad}</Cadence>
              <Extensions><ns3:TPX><ns3:Speed>4.5</ns3:Speed><ns3:Watts>${p.power}</ns3:Watts></ns3:TPX></Extensions>
            </Trackpoint>`;
  const lap = (pts: readonly FixturePoint[], seconds: number, metres: number, calories: number) => `
      <Lap StartTime="${iso(pts[0]?.time ?? START)}">
        <TotalTimeSeconds>${seconds}</TotalTimeSeconds>
        <DistanceMeters>${metres}</DistanceMeters>
        <MaximumSpeed>4.8</MaximumSpeed>
        <Calories>${calories}</Calories>
        <AverageHeartRateBpm><Value>121</Value></AverageHeartRateBpm>
        <Intensity>Active</Intensity>
        <TriggerMethod>Manual</TriggerMethod>
        <Track>${pts.map(trackpoint).join('')}
        </Track>
        <Extensions><ns3:LX><ns3:AvgSpeed>4.5</ns3:AvgSpeed></ns3:LX></Extensions>
      </Lap>`;
  const split = opts.lapAt ?? 4;
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
${opts.prolog ?? ''}<TrainingCenterDatabase xsi:schemaLocation="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd" xmlns:ns5="http://www.garmin.com/xmlschemas/ActivityGoals/v1" xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2" xmlns:ns2="http://www.garmin.com/xmlschemas/UserProfile/v2" xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:ns4="http://www.garmin.com/xmlschemas/ProfileExtension/v1">
  <Activities>
    <Activity Sport="Biking">
      <Id>${iso(points[0]?.time ?? START)}</Id>${lap(points.slice(0, split), 4, 42.5, 5)}${lap(points.slice(split), 3.5, 41.7, 4)}
      <Creator xsi:type="Device_t"><Name>Edge 530</Name><UnitId>3456789012</UnitId><ProductID>3121</ProductID></Creator>
    </Activity>
  </Activities>
  <Author xsi:type="Application_t"><Name>Connect Api</Name></Author>
</TrainingCenterDatabase>
`);
}

/** The refusal a read throws, checked to be the wire's field error on `file` with that status. */
export function refusalOf(read: () => unknown, status = 400): string {
  let thrown: unknown;
  try {
    read();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(AppError);
  const error = thrown as AppError;
  expect(error.statusCode).toBe(status);
  expect(error.errors?.file).toEqual([error.message]);
  return error.message;
}
