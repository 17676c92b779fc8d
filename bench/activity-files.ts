import { gzipSync } from 'node:zlib';
import yazl from 'yazl';
import { fitFile, garminGpx, garminTcx, type FixturePoint } from '../server/modules/activities/readers/reader-test-helpers';
import { seededRandom } from '../server/lib/seeded-random';

/**
 * Activity files for the benchmarks (P9, P10), made as devices make them (the readers' own fixture writers: FIT
 * through Garmin's encoder, GPX and TCX as Garmin Connect exports them), along a smooth, seeded random ride with every
 * sensor: deterministic, so every run reads the same bytes.
 */


/** `count` samples a second apart of a ride from `start` ([lng, lat]), turning gently, climbing and descending. */
export function ridePoints(random: () => number, start: [number, number], count: number, startTime: number): FixturePoint[] {
  const points: FixturePoint[] = [];
  let [lng, lat] = start;
  let heading = random() * 2 * Math.PI;
  let ele = 400 + random() * 800;
  for (let i = 0; i < count; i++) {
    heading += (random() - 0.5) * 0.08;
    const climb = Math.sin(i / 600) * 0.25 + (random() - 0.5) * 0.05;
    const speed = Math.max(2, 8 - climb * 12 + (random() - 0.5)); // m/s
    lat += (Math.cos(heading) * speed) / 111_320;
    lng += (Math.sin(heading) * speed) / (111_320 * Math.cos((lat * Math.PI) / 180));
    ele += climb * speed * 0.1;
    points.push({
      time: startTime + i,
      lat,
      lng,
      ele,
      hr: Math.round(125 + climb * 120 + random() * 4),
      cad: Math.round(82 + random() * 8),
      power: Math.round(Math.max(0, 190 + climb * 400 + (random() - 0.5) * 60)),
      temp: 14 + Math.round(random() * 3),
    });
  }
  return points;
}

export type BenchFile = { name: string; bytes: Buffer };

/**
 * A Strava bulk export of `count` activities: `activities.csv` naming each, and the files under `activities/`, FIT,
 * GPX and TCX in turn, a third of them gzipped as Strava keeps them, each 30 to 90 minutes at one sample a second.
 */
export async function stravaExport(count: number, seed = 21) {
  const random = seededRandom(seed);
  const files: BenchFile[] = [];
  const rows = ['Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Filename'];
  const t0 = Date.UTC(2025, 0, 1, 7) / 1000;
  for (let i = 0; i < count; i++) {
    const points = ridePoints(random, [6 + random() * 8, 45 + random() * 3], 1800 + Math.floor(random() * 3600), t0 + i * 86_400);
    const kind = (['fit', 'gpx', 'tcx'] as const)[i % 3]!;
    const raw = kind === 'fit' ? fitFile(points) : Buffer.from(kind === 'gpx' ? garminGpx(points) : garminTcx(points));
    const gz = i % 3 === 1;
    const name = `activities/${1000 + i}.${kind}${gz ? '.gz' : ''}`;
    files.push({ name, bytes: gz ? gzipSync(raw) : raw });
    rows.push(`${1000 + i},x,Ride ${i},Ride,,${name}`);
  }
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(rows.join('\n')), 'activities.csv');
  for (const f of files) zip.addBuffer(f.bytes, f.name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return { zip: Buffer.concat(chunks), files };
}
