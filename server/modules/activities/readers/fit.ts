import { Decoder, Profile, Stream, Utils, type LapMesg, type RecordMesg, type SessionMesg } from '@garmin/fitsdk';
import { fieldError } from '../../../lib/errors';
import type { DeviceTotals, ParsedActivity } from '../track/streams';
import type { FileCaps } from './caps';
import { StreamBuilder, lapsByTime } from './stream-builder';

/** Seconds between the Unix epoch and FIT's (1989-12-31 UTC): FIT times are seconds since the latter. */
const FIT_EPOCH_S = Utils.FIT_EPOCH_MS / 1000;
/** FIT positions are semicircles: 2^31 of them make 180 degrees. */
const DEGREES_PER_SEMICIRCLE = 180 / 2 ** 31;
const RECORD = Profile.MesgNum.RECORD;

const notFit = () => fieldError('file', 'This is not a FIT file we can read: its header is not a FIT header.');
const cutShort = () =>
  fieldError('file', 'This FIT file is incomplete: it ends before the length its header gives (an interrupted copy or upload?).');
const damaged = () => fieldError('file', 'This FIT file is damaged: its checksum does not match its content.');
const notAnActivity = (type: string) => fieldError('file', `This FIT file holds a ${fitName(type)}, not an activity.`);

/** Thrown from the decoder's message callback to stop it at the point cap; its `read` reports it as an error. */
class TooManyRecords extends Error {}

/**
 * Reads a FIT file (Garmin, Wahoo, Coros, Zwift… every device writes the same profile) with Garmin's SDK: its
 * `record` messages as the streams (positions from semicircles to degrees; enhanced altitude and speed where the device
 * writes them), its `lap` messages as laps, its `session` messages' totals (summed: a multisport file has one session a
 * leg) and the first session's sport. The file's integrity is checked first: a wrong header, a file cut short, a
 * checksum that does not match are each refused in words, never decoded into garbage. Past `caps.maxPoints` records
 * the decoder is stopped, not run to the end.
 */
export function readFit(bytes: Buffer, caps: FileCaps): ParsedActivity {
  if (bytes.length > caps.maxBytes) throw caps.tooLarge();
  const stream = Stream.fromBuffer(bytes);
  if (!Decoder.isFIT(stream)) throw notFit();
  // The header gives the data's length: a file shorter than that is cut short, one as long with a bad CRC is damaged.
  const headerSize = bytes[0]!;
  if (bytes.length < headerSize + bytes.readUInt32LE(4) + 2) throw cutShort();
  const decoder = new Decoder(stream);
  if (!decoder.checkIntegrity()) throw damaged();

  let records = 0;
  const { messages, errors } = decoder.read({
    convertDateTimesToDates: false,
    mesgListener: (mesgNum) => {
      if (mesgNum === RECORD && ++records > caps.maxPoints) throw new TooManyRecords();
    },
  });
  if (errors.some((e) => e instanceof TooManyRecords)) throw caps.tooManyPoints();
  // checkIntegrity reads the first file of a chained FIT; the decoder checks the others' CRCs as it goes.
  if (errors.length > 0) throw damaged();

  const fileType = messages.fileIdMesgs?.[0]?.type;
  if (typeof fileType === 'string' && fileType !== 'activity') throw notAnActivity(fileType);

  const streams = new StreamBuilder();
  for (const r of messages.recordMesgs ?? []) streams.add(sampleOf(r));
  const built = streams.build();
  const sessions = messages.sessionMesgs ?? [];
  const leg = sessions.find((s) => typeof s.sport === 'string');
  const sport = leg?.sport ?? messages.sportMesgs?.[0]?.sport;
  const subSport = leg ? leg.subSport : messages.sportMesgs?.[0]?.subSport;
  return {
    streams: built,
    laps: lapsByTime(built.time, (messages.lapMesgs ?? []).flatMap(lapSpan)),
    totals: totalsOf(sessions),
    name: '',
    sport: typeof sport === 'string' ? fitName(sport) : null,
    subSport: typeof subSport === 'string' ? fitName(subSport) : null,
  };
}

function sampleOf(r: RecordMesg) {
  const lat = numberOr(r.positionLat);
  const lng = numberOr(r.positionLong);
  return {
    time: typeof r.timestamp === 'number' ? r.timestamp + FIT_EPOCH_S : null,
    position: lat !== null && lng !== null ? ([lng * DEGREES_PER_SEMICIRCLE, lat * DEGREES_PER_SEMICIRCLE] as [number, number]) : null,
    elevation: numberOr(r.enhancedAltitude) ?? numberOr(r.altitude),
    heartRate: numberOr(r.heartRate),
    cadence: numberOr(r.cadence),
    power: numberOr(r.power),
    speed: numberOr(r.enhancedSpeed) ?? numberOr(r.speed),
    temperature: numberOr(r.temperature),
  };
}

/** A lap's time span; its end is its timestamp, or its start plus its elapsed time when a device omits that. */
function lapSpan(lap: LapMesg): { start: number; end: number }[] {
  const start = numberOr(lap.startTime);
  const end = numberOr(lap.timestamp) ?? (start !== null ? start + (numberOr(lap.totalElapsedTime) ?? 0) : null);
  return start !== null && end !== null ? [{ start: start + FIT_EPOCH_S, end: end + FIT_EPOCH_S }] : [];
}

function totalsOf(sessions: SessionMesg[]): DeviceTotals {
  const totals: DeviceTotals = {};
  const fields: [keyof DeviceTotals, (s: SessionMesg) => unknown][] = [
    ['distanceM', (s) => s.totalDistance],
    ['ascentM', (s) => s.totalAscent],
    ['descentM', (s) => s.totalDescent],
    ['calories', (s) => s.totalCalories],
    ['movingS', (s) => s.totalTimerTime],
    ['elapsedS', (s) => s.totalElapsedTime],
  ];
  for (const [key, read] of fields) {
    const values = sessions.map((s) => numberOr(read(s))).filter((v): v is number => v !== null);
    if (values.length > 0) totals[key] = values.reduce((a, b) => a + b, 0);
  }
  return totals;
}

const numberOr = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The SDK gives FIT's names in camelCase (`crossCountrySkiing`); the profile and we write them in snake_case. */
const fitName = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
