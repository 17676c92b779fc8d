import { Encoder, Profile, type Encodable, type FileIdMesg, type LapMesg, type Mesg, type RecordMesg, type SessionMesg, type Types } from '@garmin/fitsdk';
import { elevationGainLoss } from '../modules/map-routes/elevation';
import type { PlannedActivity } from './activity-plan';
import { recordOuting, type TrackSample } from './activity-tracks';

/**
 * The demo's activities as the files devices and apps export, so they enter through the importer's real readers:
 * GPX as Garmin Connect writes it (heart rate and cadence in the TrackPointExtension, power in the PowerExtension),
 * TCX with auto-laps as a running watch writes it, and FIT from Garmin's own encoder as a bike computer writes it;
 * `demoActivityFile` records a planned activity (activity-tracks.ts) and writes it in its member's format.
 */

const iso = (s: number) => new Date(s * 1000).toISOString().replace('.000Z', 'Z');
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const coord = (v: number) => v.toFixed(7);

/** A GPX track; `name` is the track's own (the activity's title when set), `type` Garmin's activity type. */
export function gpxFile(samples: readonly TrackSample[], options: { name: string | null; type: string }): Buffer {
  const points = samples
    .map((p) => {
      const tpx = `<ns3:hr>${p.hr}</ns3:hr>${p.cadence === null ? '' : `<ns3:cad>${p.cadence}</ns3:cad>`}`;
      const power = p.power === null ? '' : `<pwr:PowerExtension><pwr:PowerInWatts>${p.power}</pwr:PowerInWatts></pwr:PowerExtension>`;
      return `<trkpt lat="${coord(p.lat)}" lon="${coord(p.lng)}"><ele>${p.ele.toFixed(1)}</ele><time>${iso(p.time)}</time><extensions><ns3:TrackPointExtension>${tpx}</ns3:TrackPointExtension>${power}</extensions></trkpt>`;
    })
    .join('\n      ');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<gpx creator="Garmin Connect" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" xmlns:pwr="http://www.garmin.com/xmlschemas/PowerExtension/v1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
  <metadata><time>${iso(samples[0]!.time)}</time></metadata>
  <trk>
    ${options.name ? `<name>${escapeXml(options.name)}</name>` : ''}
    <type>${options.type}</type>
    <trkseg>
      ${points}
    </trkseg>
  </trk>
</gpx>
`);
}

/** Indexes where a new lap starts, every `lapM` metres travelled (a watch's auto-lap). */
function lapStarts(samples: readonly TrackSample[], lapM: number): number[] {
  const starts = [0];
  for (let i = 1; i < samples.length; i++) if (Math.floor(samples[i]!.distance / lapM) > Math.floor(samples[i - 1]!.distance / lapM)) starts.push(i);
  return starts;
}

const slices = (samples: readonly TrackSample[], lapM: number) => {
  const starts = lapStarts(samples, lapM);
  return starts.map((from, k) => samples.slice(from, starts[k + 1] ?? samples.length));
};

/** A TCX activity with a lap every `lapM` metres (TCX's `Sport` is Running, Biking or Other). */
export function tcxFile(samples: readonly TrackSample[], options: { sport: 'Running' | 'Biking'; lapM: number; kcalPerKm: number }): Buffer {
  const laps = slices(samples, options.lapM).map((lap) => {
    const metres = lap.at(-1)!.distance - lap[0]!.distance;
    const seconds = lap.at(-1)!.time - lap[0]!.time;
    const points = lap
      .map(
        (p) =>
          `<Trackpoint><Time>${iso(p.time)}</Time><Position><LatitudeDegrees>${coord(p.lat)}</LatitudeDegrees><LongitudeDegrees>${coord(p.lng)}</LongitudeDegrees></Position>` +
          `<AltitudeMeters>${p.ele.toFixed(1)}</AltitudeMeters><DistanceMeters>${p.distance.toFixed(1)}</DistanceMeters><HeartRateBpm><Value>${p.hr}</Value></HeartRateBpm>` +
          (p.cadence === null ? '' : options.sport === 'Running' ? `<Extensions><ns3:TPX><ns3:RunCadence>${p.cadence}</ns3:RunCadence></ns3:TPX></Extensions>` : `<Cadence>${p.cadence}</Cadence>`) +
          `</Trackpoint>`,
      )
      .join('\n          ');
    return `
      <Lap StartTime="${iso(lap[0]!.time)}">
        <TotalTimeSeconds>${seconds}</TotalTimeSeconds>
        <DistanceMeters>${metres.toFixed(1)}</DistanceMeters>
        <Calories>${Math.round((metres / 1000) * options.kcalPerKm)}</Calories>
        <Intensity>Active</Intensity>
        <TriggerMethod>Distance</TriggerMethod>
        <Track>
          ${points}
        </Track>
      </Lap>`;
  });
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Activities>
    <Activity Sport="${options.sport}">
      <Id>${iso(samples[0]!.time)}</Id>${laps.join('')}
      <Creator xsi:type="Device_t"><Name>Forerunner 255</Name><UnitId>3987654321</UnitId><ProductID>3992</ProductID></Creator>
    </Activity>
  </Activities>
</TrainingCenterDatabase>
`);
}

const semicircles = (degrees: number) => Math.round((degrees * 2 ** 31) / 180);
const date = (s: number) => new Date(s * 1000);
const mesgNum = (name: string) => Profile.MesgNum[name]!;

/** Seconds of a stretch spent moving (the device's timer pauses when the speed drops to nothing). */
function timerSeconds(samples: readonly TrackSample[]) {
  let moving = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i]!.distance > samples[i - 1]!.distance) moving += samples[i]!.time - samples[i - 1]!.time;
  return moving;
}

/**
 * A FIT activity as a bike computer writes it: file_id, one record a sample, a lap every `lapM` metres, and a session
 * with the device's totals (its calories counted from the rider's work, a kilojoule of it a kilocalorie).
 */
export function fitFile(samples: readonly TrackSample[], options: { sport: Types.Sport; subSport: Types.SubSport; lapM: number }): Buffer {
  const encoder = new Encoder();
  const write = <T extends Mesg>(mesg: Encodable<T>) => encoder.writeMesg(mesg);
  const first = samples[0]!;
  const last = samples.at(-1)!;
  write<FileIdMesg>({ mesgNum: mesgNum('FILE_ID'), type: 'activity', manufacturer: 'garmin', product: 3121, serialNumber: 3_456_789_012, timeCreated: date(first.time) });
  let work = 0;
  for (const [i, p] of samples.entries()) {
    work += (p.power ?? 0) * (i > 0 ? p.time - samples[i - 1]!.time : 0);
    write<RecordMesg>({
      mesgNum: mesgNum('RECORD'),
      timestamp: date(p.time),
      positionLat: semicircles(p.lat),
      positionLong: semicircles(p.lng),
      altitude: Math.round(p.ele * 5) / 5,
      distance: Math.round(p.distance * 100) / 100,
      heartRate: p.hr,
      ...(p.cadence === null ? {} : { cadence: p.cadence }),
      ...(p.power === null ? {} : { power: p.power }),
    });
  }
  for (const lap of slices(samples, options.lapM)) {
    const [from, to] = [lap[0]!, lap.at(-1)!];
    write<LapMesg>({
      mesgNum: mesgNum('LAP'),
      startTime: date(from.time),
      timestamp: date(to.time),
      totalElapsedTime: to.time - from.time,
      totalTimerTime: timerSeconds(lap),
      totalDistance: to.distance - from.distance,
    });
  }
  const climb = elevationGainLoss(samples.map((p) => p.ele));
  write<SessionMesg>({
    mesgNum: mesgNum('SESSION'),
    startTime: date(first.time),
    timestamp: date(last.time),
    sport: options.sport,
    subSport: options.subSport,
    totalDistance: last.distance,
    totalAscent: Math.round(climb.gain),
    totalDescent: Math.round(climb.loss),
    totalCalories: Math.round(work / 1000),
    totalTimerTime: timerSeconds(samples),
    totalElapsedTime: last.time - first.time,
  });
  return Buffer.from(encoder.close());
}

/** A planned activity's samples and its file, named as Garmin Connect names an export. */
export function demoActivityFile(planned: PlannedActivity): { samples: TrackSample[]; file: { path: string; bytes: Buffer; meta: null } } {
  const samples = recordOuting({ path: planned.path, motion: planned.motion, startS: Math.round(planned.startAt.getTime() / 1000), heartRate: planned.heartRate, pace: planned.pace, seed: planned.seed });
  const { format } = planned;
  const bytes =
    format.kind === 'gpx'
      ? gpxFile(samples, { name: planned.name, type: format.type })
      : format.kind === 'tcx'
        ? tcxFile(samples, { sport: format.sport, lapM: 1000, kcalPerKm: 62 })
        : fitFile(samples, { sport: format.sport, subSport: format.subSport, lapM: 10_000 });
  return { samples, file: { path: `activity_${17_000_000_000 + planned.seed}.${format.kind}`, bytes, meta: null } };
}
