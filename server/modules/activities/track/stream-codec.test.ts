import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LngLat } from '#contract/map-routes';
import { decodeStreams, encodeStreams, STREAM_CODEC_VERSION, STREAM_SCALE } from './stream-codec';
import type { ActivityStreams } from './streams';
import { steps } from './track-test-helpers';
import { seededRandom } from '../../../lib/seeded-random';

const OPTIONAL = ['elevation', 'heartRate', 'cadence', 'power', 'speed', 'temperature'] as const;
const START = 1_700_000_000;


/**
 * A 1 Hz ride as a bike computer records it: a wandering heading at 4–14 m/s, with the fix's error drifting a few
 * metres plus 30 cm of jitter; barometric elevation over rolling hills at FIT's 0.2 m; heart rate trailing a noisy
 * power that drops to 0 (and cadence with it) when coasting; wheel speed in mm/s; whole-degree temperature.
 */
function realisticRide(count: number, seed = 21): ActivityStreams {
  const random = seededRandom(seed);
  const jitter = () => random() - 0.5;
  const streams = { time: [] as number[], position: [] as LngLat[], elevation: [] as number[], heartRate: [] as number[], cadence: [] as number[], power: [] as number[], speed: [] as number[], temperature: [] as number[] };
  let lng = 6.1, lat = 45.2, heading = 0, speed = 8, power = 200, heartRate = 110, temperature = 14;
  let errorEast = 0, errorNorth = 0, coasting = 0;
  for (let i = 0; i < count; i++) {
    heading += jitter() * 0.15;
    speed = Math.min(14, Math.max(4, speed + jitter() * 0.5));
    lat += (speed * Math.cos(heading)) / 111_320;
    lng += (speed * Math.sin(heading)) / (111_320 * Math.cos((lat * Math.PI) / 180));
    errorEast = Math.max(-3, Math.min(3, errorEast + jitter() * 0.2));
    errorNorth = Math.max(-3, Math.min(3, errorNorth + jitter() * 0.2));
    const east = errorEast + jitter() * 0.6, north = errorNorth + jitter() * 0.6;
    coasting = coasting > 0 ? coasting - 1 : random() < 0.01 ? Math.floor(random() * 30) : 0;
    power = coasting > 0 ? 0 : Math.max(0, power + jitter() * 60 + (220 - power) * 0.1);
    heartRate += (95 + power / 3 - heartRate) * 0.03 + jitter() * 0.8;
    if (random() < 0.002) temperature += random() < 0.5 ? -1 : 1;
    streams.time.push(START + i);
    streams.position.push([lng + east / (111_320 * Math.cos((lat * Math.PI) / 180)), lat + north / 111_320]);
    streams.elevation.push(Math.round((420 + 150 * Math.sin(i / 1_200) + 40 * Math.sin(i / 170) + jitter()) * 5) / 5);
    streams.heartRate.push(Math.round(heartRate));
    streams.cadence.push(coasting > 0 ? 0 : Math.round(88 + jitter() * 8));
    streams.power.push(Math.round(power));
    streams.speed.push(Math.round((speed + jitter() * 0.2) * 1000) / 1000);
    streams.temperature.push(temperature);
  }
  return streams;
}

/** The largest difference between decoded and original samples; Infinity where one is null and the other is not. */
function worstError(decoded: (number | null)[], original: (number | null)[]): number {
  let worst = 0;
  original.forEach((sample, i) => {
    const back = decoded[i] ?? null;
    if (sample === null || back === null) worst = sample === back ? worst : Number.POSITIVE_INFINITY;
    else worst = Math.max(worst, Math.abs(back - sample));
  });
  return worst;
}

/** Half a stored unit, and a hair more for the float arithmetic of scaling. */
const withinHalf = (resolution: number) => resolution * 0.500_001;

/** Encodes and decodes, and checks every stream came back: the same streams present, nulls where they were. */
function expectRoundTrip(original: ActivityStreams): ActivityStreams {
  const decoded = decodeStreams(encodeStreams(original));
  expect(Object.keys(decoded).sort()).toEqual(Object.keys(original).sort());
  expect(decoded.time).toHaveLength(original.time.length);
  expect(decoded.position).toHaveLength(original.time.length);
  expect(worstError(decoded.time, original.time)).toBeLessThanOrEqual(original.time.every(Number.isInteger) ? 0 : withinHalf(0.001));
  for (const axis of [0, 1]) {
    const coordinate = (points: (LngLat | null)[]) => points.map((point) => point?.[axis] ?? null);
    expect(worstError(coordinate(decoded.position), coordinate(original.position))).toBeLessThanOrEqual(withinHalf(1 / STREAM_SCALE.position));
  }
  for (const name of OPTIONAL) {
    if (original[name] === undefined) continue;
    expect(decoded[name]).toHaveLength(original.time.length);
    expect(worstError(decoded[name]!, original[name]), name).toBeLessThanOrEqual(withinHalf(1 / STREAM_SCALE[name]));
  }
  return decoded;
}

describe('stream codec: round trips', () => {
  // Measured: this ride takes 114,027 bytes, 5.70 a sample (10.3 before zlib); the same streams as JSON 1,494,891
  // bytes, 74.7 a sample, 13 times as many. Position takes 2.2 B a sample of it (GPS jitter is noise no delta removes),
  // wheel speed in mm/s 1.4 B, time 0.003 B.
  it('stores a 20,000-sample 1 Hz ride with every stream in under 8 bytes a sample (5.7 measured; JSON: 75)', () => {
    const ride = realisticRide(20_000);
    const stored = encodeStreams(ride);
    const json = Buffer.byteLength(JSON.stringify(ride));
    expect(stored.length / 20_000).toBeLessThan(8);
    expect(json / stored.length).toBeGreaterThan(10);

    const decoded = expectRoundTrip(ride);
    // Values already on a stream's grid come back as the very same numbers, not merely close ones.
    expect(decoded.time).toEqual(ride.time);
    expect(decoded.elevation).toEqual(ride.elevation);
    expect(decoded.heartRate).toEqual(ride.heartRate);
    expect(decoded.cadence).toEqual(ride.cadence);
    expect(decoded.power).toEqual(ride.power);
    expect(decoded.speed).toEqual(ride.speed);
    expect(decoded.temperature).toEqual(ride.temperature);
  });

  it('keeps nulls where they were: a 30-second loss of fix, heart-rate dropouts, gaps at either end', () => {
    const ride = realisticRide(600);
    for (let i = 200; i < 230; i++) ride.position[i] = null;
    for (const i of [0, 1, 57, 58, 59, 311, 599]) ride.heartRate![i] = null;
    for (let i = 580; i < 600; i++) ride.power![i] = null;
    ride.elevation![0] = null;

    const decoded = expectRoundTrip(ride);
    expect(decoded.position.flatMap((point, i) => (point === null ? [i] : []))).toEqual(steps(30, 1, 200));
    expect(decoded.heartRate!.flatMap((bpm, i) => (bpm === null ? [i] : []))).toEqual([0, 1, 57, 58, 59, 311, 599]);
    expect(decoded.power!.slice(575)).toEqual([...ride.power!.slice(575, 580), ...Array(20).fill(null)]);
    expect(decoded.elevation![0]).toBeNull();
  });

  it('leaves a stream the file never had absent, and keeps a present stream whose every sample is null', () => {
    const bare = expectRoundTrip({ time: [START, START + 1], position: [[6.1, 45.2], [6.1001, 45.2001]] });
    expect(bare).toEqual({ time: [START, START + 1], position: [[6.1, 45.2], [6.1001, 45.2001]] });
    for (const name of OPTIONAL) expect(name in bare).toBe(false);

    // An indoor ride: a strap that paired but sent nothing, no fix at all. Both stay what the reader said they were.
    const indoor = expectRoundTrip({ time: [START, START + 1, START + 2], position: [null, null, null], heartRate: [null, null, null], power: [180, 190, 200] });
    expect(indoor).toEqual({ time: [START, START + 1, START + 2], position: [null, null, null], heartRate: [null, null, null], power: [180, 190, 200] });
  });

  it('round-trips empty and one-sample streams, with and without optional streams', () => {
    expect(expectRoundTrip({ time: [], position: [] })).toEqual({ time: [], position: [] });
    const emptyWithStreams: ActivityStreams = { time: [], position: [], elevation: [], heartRate: [], temperature: [] };
    expect(expectRoundTrip(emptyWithStreams)).toEqual(emptyWithStreams);
    const one: ActivityStreams = { time: [START], position: [[-0.1278, 51.5074]], elevation: [11.2], heartRate: [null], cadence: [0], power: [0], speed: [0], temperature: [-3] };
    expect(expectRoundTrip(one)).toEqual(one);
    expect(expectRoundTrip({ time: [START], position: [null] })).toEqual({ time: [START], position: [null] });
  });

  it('stores whole-second times as seconds and sub-second times to the millisecond', () => {
    const seconds = decodeStreams(encodeStreams({ time: [START, START + 1, START + 5], position: [null, null, null] }));
    expect(seconds.time).toEqual([START, START + 1, START + 5]);
    const live = decodeStreams(encodeStreams({ time: [START + 0.25, START + 1.2504, START + 2.9996], position: [null, null, null] }));
    expect(live.time).toEqual([START + 0.25, START + 1.25, START + 3]);
  });

  it('round-trips the edges: the antimeridian and poles, below sea level, frost, a clock that steps back', () => {
    const edges: ActivityStreams = {
      time: [START, START + 1, START - 3_600, 0, 4_102_444_800],
      position: [[180, 90], [-180, -90], [179.9999999, -89.9999999], [0, 0], [-0.0000001, 0.0000001]],
      elevation: [-430.5, 8_848.9, 0, -0.1, 0.1],
      heartRate: [250, 30, 0, null, 1],
      cadence: [0, 255, 120, null, 1],
      power: [2_000, 0, 0, 1_500, null],
      speed: [0, 33.333, 0.001, null, 120],
      temperature: [-40.5, 55.1, 0, -0.1, null],
    };
    expect(expectRoundTrip(edges)).toEqual(edges);
  });

  it('refuses streams it could not read back: mismatched lengths, NaN, infinity, absurd magnitudes', () => {
    expect(() => encodeStreams({ time: [START, START + 1], position: [null] })).toThrow(/position stream has 1 samples for 2/);
    expect(() => encodeStreams({ time: [START], position: [null], heartRate: [1, 2] })).toThrow(/heartRate stream has 2 samples for 1/);
    expect(() => encodeStreams({ time: [START], position: [null], heartRate: [Number.NaN] })).toThrow(/heartRate value NaN/);
    expect(() => encodeStreams({ time: [Number.POSITIVE_INFINITY], position: [null] })).toThrow(/time value Infinity/);
    expect(() => encodeStreams({ time: [START], position: [[Number.NaN, 0]] })).toThrow(/position value NaN/);
    expect(() => encodeStreams({ time: [START], position: [null], elevation: [1e300] })).toThrow(/elevation value/);
    expect(() => encodeStreams({ time: [null as unknown as number], position: [null] })).toThrow(/time value null/);
  });
});

describe('stream codec: damaged data', () => {
  const stored = encodeStreams(realisticRide(2_000));
  const corruptError = /^Corrupt activity streams: /;

  it('throws on a buffer cut short at any point', () => {
    for (let length = 0; length < stored.length; length += 97) {
      expect(() => decodeStreams(stored.subarray(0, length)), `cut at ${length}`).toThrow(corruptError);
    }
    expect(() => decodeStreams(stored.subarray(0, stored.length - 1))).toThrow(corruptError);
  });

  it('throws on another version, a flipped byte, bytes appended, and garbage', () => {
    for (const version of [0, STREAM_CODEC_VERSION + 1, 255]) {
      const other = Buffer.from(stored);
      other[0] = version;
      expect(() => decodeStreams(other)).toThrow(/unknown version/);
    }
    for (let at = 1; at < stored.length; at += 97) {
      const flipped = Buffer.from(stored);
      flipped[at]! ^= 0x10;
      expect(() => decodeStreams(flipped), `flipped at ${at}`).toThrow(corruptError);
    }
    expect(() => decodeStreams(Buffer.concat([stored, Buffer.of(0)]))).toThrow(/bytes after the compressed body/);
    const random = seededRandom(97);
    for (let i = 0; i < 50; i++) {
      const garbage = Buffer.from(Array.from({ length: 1 + Math.floor(random() * 300) }, () => Math.floor(random() * 256)));
      garbage[0] = STREAM_CODEC_VERSION;
      expect(() => decodeStreams(garbage)).toThrow(corruptError);
    }
  });

  // Bodies that pass zlib's checksum but break the layout: what a bug in a later encoder, not a damaged disk, would write.
  const withBody = (...bytes: number[]) => Buffer.concat([Buffer.of(STREAM_CODEC_VERSION), deflateSync(Buffer.from(bytes))]);

  it('throws on a well-compressed body that breaks the layout', () => {
    // Flags 0 (no optional stream, seconds), 2 samples, times 1 and 2 (two deltas of +1), no fix (runs: 0 present, 2 null).
    expect(decodeStreams(withBody(0, 2, 2, 2, 0, 2))).toEqual({ time: [1, 2], position: [null, null] });
    expect(() => decodeStreams(withBody())).toThrow(/ends early/);
    expect(() => decodeStreams(withBody(0x80))).toThrow(/unknown flags/);
    expect(() => decodeStreams(withBody(0, 200, 1))).toThrow(/sample count 200 past the data/);
    expect(() => decodeStreams(withBody(0, 2, 2, 2))).toThrow(/ends early/); // no position runs
    expect(() => decodeStreams(withBody(0, 2, 2, 2, 3))).toThrow(/presence run 3 at sample 0 of 2/);
    expect(() => decodeStreams(withBody(0, 2, 2, 2, 0, 1, 0))).toThrow(/presence run 0 at sample 1/);
    expect(() => decodeStreams(withBody(0, 2, 2, 2, 0, 2, 7))).toThrow(/1 bytes past the last stream/);
    expect(() => decodeStreams(withBody(0, 2, 0x82, 0x00, 2, 0, 2))).toThrow(/malformed varint/);
    expect(() => decodeStreams(withBody(0, 1, ...Array(9).fill(0xff), 1, 0, 1))).toThrow(/varint too long/);
    expect(() => decodeStreams(withBody(0x01, 1, 2, 0, 1))).toThrow(/ends early/); // elevation flagged, not there
  });
});

describe('stream codec: property', () => {
  const samples = <T>(n: number, value: fc.Arbitrary<T>) => fc.array(fc.option(value, { freq: 4 }), { minLength: n, maxLength: n });
  const streamsOf = (n: number) =>
    fc.record(
      {
        time: fc.oneof(
          fc.array(fc.integer({ min: 0, max: 4_102_444_800 }), { minLength: n, maxLength: n }),
          fc.array(fc.double({ min: 0, max: 4_102_444_800, noNaN: true }), { minLength: n, maxLength: n }),
        ),
        position: samples(n, fc.tuple(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -90, max: 90, noNaN: true }))),
        elevation: samples(n, fc.double({ min: -500, max: 9_000, noNaN: true })),
        heartRate: samples(n, fc.integer({ min: 0, max: 255 })),
        cadence: samples(n, fc.double({ min: 0, max: 255, noNaN: true })),
        power: samples(n, fc.integer({ min: 0, max: 3_000 })),
        speed: samples(n, fc.double({ min: 0, max: 150, noNaN: true })),
        temperature: samples(n, fc.double({ min: -60, max: 60, noNaN: true })),
      },
      { requiredKeys: ['time', 'position'] },
    );

  it('round-trips any streams within resolution, and reads back what it read back unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80 }).chain(streamsOf), (streams: ActivityStreams) => {
        const decoded = expectRoundTrip(streams);
        expect(decodeStreams(encodeStreams(decoded))).toEqual(decoded);
      }),
      { numRuns: 300 },
    );
  });
});
