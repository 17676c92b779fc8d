import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { AppError } from '../../../lib/errors';
import { activityZipCaps, openActivityZip, type ZipCaps } from './activity-zip';
import { readActivityFile } from './read-activity';
import { fitFile, garminTcx, START, stravaGpx } from './reader-test-helpers';

type ZipItem = [path: string, bytes?: Buffer, options?: { compress?: boolean }];

/** A zip made with yazl; an item without bytes is a folder. */
function zipOf(items: readonly ZipItem[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [path, bytes, options] of items) {
    if (bytes) zip.addBuffer(bytes, path, { mtime: new Date(START * 1000), ...options });
    else zip.addEmptyDirectory(path);
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

async function refusalOf(read: Promise<unknown>, status = 400): Promise<string> {
  const error = await read.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.statusCode).toBe(status);
  expect(appError.errors?.file).toEqual([appError.message]);
  return appError.message;
}

/** The zip opened and every activity file in it read, in order, as the import job reads them. */
async function readActivityZip(bytes: Buffer, caps: ZipCaps = activityZipCaps) {
  const zip = await openActivityZip(bytes, caps);
  try {
    const entries = [];
    for (const entry of zip.entries) entries.push({ path: entry.path, meta: entry.meta, bytes: await entry.read() });
    return { entries, skipped: zip.skipped };
  } finally {
    zip.close();
  }
}

const LOCAL = Buffer.from('PK\x03\x04', 'latin1');
const CENTRAL = Buffer.from('PK\x01\x02', 'latin1');

/** Where each entry's compressed data starts, from its local header (yazl writes them in order, from offset 0). */
function dataStarts(zip: Buffer): number[] {
  const starts: number[] = [];
  for (let at = zip.indexOf(LOCAL); at >= 0 && at < zip.indexOf(CENTRAL); at = zip.indexOf(LOCAL, at + 4)) {
    starts.push(at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28));
  }
  return starts;
}

/** Sets bits of each central directory record's general-purpose flag, or its compression method. */
function patchCentral(zip: Buffer, patch: { flag?: number; method?: number }): Buffer {
  const copy = Buffer.from(zip);
  for (let at = copy.indexOf(CENTRAL); at >= 0; at = copy.indexOf(CENTRAL, at + 4)) {
    if (patch.flag) copy.writeUInt16LE(copy.readUInt16LE(at + 8) | patch.flag, at + 8);
    if (patch.method !== undefined) copy.writeUInt16LE(patch.method, at + 10);
  }
  return copy;
}

const HEADER =
  'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Relative Effort,Commute,Activity Private Note,Activity Gear,Filename,Athlete Weight,Bike Weight,Elapsed Time,Moving Time,Distance';
const STRAVA_CSV =
  `\uFEFF${HEADER}\n` +
  `1001,"May 1, 2024, 6:00:00 AM",Morning Ride,Ride,"Up to Zermatt, ""finally""\nlegs gone",3600,42.1,170,80,false,,Canyon Ultimate,activities/1001.fit.gz,70,7.5,3600,3500,42100.5\n` +
  `1002,"May 2, 2024, 7:00:00 PM",Evening Run,Run,,1800,5.2,160,40,false,,Pegasus 40,activities/1002.gpx,70,,1800,1750,5200\n` +
  `1003,"May 3, 2024, 8:00:00 AM",Hörnli hike,Hike,Slow and steady,7200,9.5,,,false,,,activities/1003.tcx,70,,7200,6000,9500\n` +
  `1004,"May 4, 2024, 8:00:00 AM",Gym,Workout,,600,0,,,false,,,,70,,600,600,0\n`;

const TOO_LARGE = '"activities/big.gpx" in that zip is too large: an activity file can be up to 50 MB, unzipped.';

describe('openActivityZip: a Strava bulk export', () => {
  it('gives each activity file with its title, sport, description and gear from activities.csv, and lists what it skipped', async () => {
    const zip = await zipOf([
      ['activities/'],
      ['activities/1001.fit.gz', gzipSync(fitFile())],
      ['activities/1002.gpx', stravaGpx()],
      ['activities/1003.tcx', garminTcx()],
      ['activities.csv', Buffer.from(STRAVA_CSV)],
      ['profile.csv', Buffer.from('Athlete ID\n1\n')],
      ['media/1001-1.jpg', Buffer.from([0xff, 0xd8, 0xff])],
      ['__MACOSX/activities/._1001.fit.gz', Buffer.from('mac')],
      ['activities/.DS_Store', Buffer.from('mac')],
    ]);
    const { entries, skipped } = await readActivityZip(zip);

    expect(entries.map(({ path, meta }) => ({ path, meta }))).toEqual([
      {
        path: 'activities/1001.fit.gz',
        meta: { title: 'Morning Ride', sport: 'Ride', description: 'Up to Zermatt, "finally"\nlegs gone', gear: 'Canyon Ultimate' },
      },
      { path: 'activities/1002.gpx', meta: { title: 'Evening Run', sport: 'Run', gear: 'Pegasus 40' } },
      { path: 'activities/1003.tcx', meta: { title: 'Hörnli hike', sport: 'Hike', description: 'Slow and steady' } },
    ]);
    // The bytes are the files themselves, ready for the job's reader.
    for (const entry of entries) expect(readActivityFile(entry.bytes, entry.path).streams.time).toHaveLength(8);
    expect(entries[0]!.bytes).toEqual(gzipSync(fitFile()));

    const notActivity = 'Not an activity file: we take GPX, TCX and FIT files, each also gzipped.';
    expect(skipped).toEqual([
      { path: 'profile.csv', reason: notActivity },
      { path: 'media/1001-1.jpg', reason: notActivity },
      { path: '__MACOSX/activities/._1001.fit.gz', reason: 'A file macOS adds to zips it makes, not an activity.' },
      { path: 'activities/.DS_Store', reason: 'A hidden file, not an activity.' },
    ]);
  });

  it('reads the index one folder down, matched to the files beside it; deeper, it is just another file', async () => {
    const csv = Buffer.from(STRAVA_CSV);
    const zip = await zipOf([
      ['export_42/activities.csv', csv],
      ['export_42/activities/1002.gpx', stravaGpx()],
      ['a/b/activities.csv', csv],
      ['activities/1002.gpx', stravaGpx()],
      ['./export_43/activities.csv', csv],
      ['./export_43/activities/1001.fit.gz', gzipSync(fitFile())],
    ]);
    const { entries, skipped } = await readActivityZip(zip);
    expect(entries.map(({ path, meta }) => [path, meta?.title ?? null])).toEqual([
      ['export_42/activities/1002.gpx', 'Evening Run'],
      ['activities/1002.gpx', null],
      ['./export_43/activities/1001.fit.gz', 'Morning Ride'],
    ]);
    expect(skipped.map((s) => s.path)).toEqual(['a/b/activities.csv']);
  });

  it('takes any zip of activity files (upper-case and gzipped names too), each without meta', async () => {
    const zip = await zipOf([
      ['ride.GPX', stravaGpx()],
      ['run.tcx.gz', gzipSync(garminTcx())],
      ['notes.txt', Buffer.from('hi')],
    ]);
    const { entries, skipped } = await readActivityZip(zip);
    expect(entries.map((e) => [e.path, e.meta])).toEqual([
      ['ride.GPX', null],
      ['run.tcx.gz', null],
    ]);
    expect(skipped.map((s) => s.path)).toEqual(['notes.txt']);
  });
});

describe('openActivityZip: caps (check 16)', () => {
  it('are 500 MB a zip, 2,000 activity files, 50 MB an entry and 2 GB in all', () => {
    expect(activityZipCaps).toMatchObject({
      maxZipBytes: 500 * 1024 * 1024,
      maxActivityFiles: 2_000,
      maxEntryBytes: 50 * 1024 * 1024,
      maxTotalBytes: 2 * 1024 * 1024 * 1024,
    });
  });

  it('refuses a zip over its size with a 413, before reading it', async () => {
    const zip = await zipOf([['a.gpx', stravaGpx()]]);
    const caps: ZipCaps = { ...activityZipCaps, maxZipBytes: zip.length - 1 };
    expect(await refusalOf(readActivityZip(zip, caps), 413)).toBe(`That zip is too large: a zip can be up to ${(zip.length - 1) / 1024 / 1024} MB.`);
  });

  it('refuses 2,001 activity files, whatever else the zip holds', async () => {
    const items: ZipItem[] = Array.from({ length: 2_001 }, (_, i) => [`activities/${i}.gpx`, Buffer.from('x'), { compress: false }]);
    expect(await refusalOf(readActivityZip(await zipOf(items)))).toBe('That zip holds too many activity files: a zip can hold up to 2,000.');
    // 2,000 and other files are fine.
    const fine = await readActivityZip(await zipOf([...items.slice(1), ['readme.txt', Buffer.from('x')]]));
    expect(fine.entries).toHaveLength(2_000);
  });

  it('refuses a zip of too many entries of any kind before reading any', async () => {
    const zip = await zipOf(Array.from({ length: 11 }, (_, i): ZipItem => [`photo-${i}.jpg`, Buffer.from('x')]));
    expect(await refusalOf(readActivityZip(zip, { ...activityZipCaps, maxEntries: 10 }))).toBe(
      'That zip holds too many files: a zip can hold up to 10 in all.',
    );
  });

  it('refuses an entry inflating past 50 MB as it inflates: the rest of it is never read', async () => {
    // 60 MB of zeros deflate to about 60 kB. Its directory record is then cut to the first 90 % of that data, which
    // inflates to about 54 MB: reading all of it would end short of the 60 MB it promises, and be refused as corrupt.
    const zip = await zipOf([['activities/big.gpx', Buffer.alloc(60 * 1024 * 1024)]]);
    const central = zip.indexOf(CENTRAL);
    zip.writeUInt32LE(Math.floor(zip.readUInt32LE(central + 20) * 0.9), central + 20);

    expect(await refusalOf(readActivityZip(zip), 413)).toBe(TOO_LARGE);
    // The same zip read through to the break is refused as damaged: so the refusal above came before it.
    const roomy = { ...activityZipCaps, maxEntryBytes: 100 * 1024 * 1024 };
    expect(await refusalOf(readActivityZip(zip, roomy))).toBe('"activities/big.gpx" in that zip is damaged: it could not be unzipped.');
  });

  it('refuses once the entries read add up past the total, without reading the ones after', async () => {
    const tenKB = Buffer.alloc(10 * 1024, 'a');
    const zip = await zipOf([
      ['1.gpx', tenKB],
      ['2.gpx', tenKB],
      ['3.gpx', tenKB],
      ['4.gpx', tenKB],
    ]);
    // The fourth entry's data is broken: reaching it would refuse the zip as corrupt.
    zip.fill(0xff, dataStarts(zip)[3]!, dataStarts(zip)[3]! + 8);
    const caps: ZipCaps = { ...activityZipCaps, maxTotalBytes: 25 * 1024 };
    expect(await refusalOf(readActivityZip(zip, caps), 413)).toMatch(/^That zip is too large unzipped: its files can add up to /);
    expect(await refusalOf(readActivityZip(zip))).toBe('"4.gpx" in that zip is damaged: it could not be unzipped.');
  });

  it('counts activities.csv against the caps too', async () => {
    const zip = await zipOf([['activities.csv', Buffer.alloc(2048, 'a')]]);
    expect(await refusalOf(readActivityZip(zip, { ...activityZipCaps, maxEntryBytes: 1024 }), 413)).toMatch(/^"activities\.csv" in that zip is too large/);
  });

  it('refuses an encrypted entry, and one compressed in a way yauzl cannot inflate', async () => {
    const zip = await zipOf([['ride.gpx', stravaGpx()]]);
    expect(await refusalOf(readActivityZip(patchCentral(zip, { flag: 1 })))).toBe(
      'That zip is password-protected ("ride.gpx" is encrypted): we can only read zips without a password.',
    );
    expect(await refusalOf(readActivityZip(patchCentral(zip, { method: 12 })))).toMatch(/^"ride\.gpx" in that zip is compressed in a way we can't read/);
  });
});

describe('openActivityZip: not a zip', () => {
  const notAZip = 'This is not a zip file we can read.';

  it('refuses bytes that are no zip: a GPX, nothing at all', async () => {
    expect(await refusalOf(readActivityZip(stravaGpx()))).toBe(notAZip);
    expect(await refusalOf(readActivityZip(Buffer.alloc(0)))).toBe(notAZip);
  });

  it('refuses a zip cut short, and an entry whose data is broken (that file alone)', async () => {
    const zip = await zipOf([['ride.gpx', stravaGpx()]]);
    expect(await refusalOf(readActivityZip(zip.subarray(0, zip.length - 30)))).toBe(notAZip);
    const broken = Buffer.from(zip);
    broken.fill(0xff, dataStarts(zip)[0]!, dataStarts(zip)[0]! + 8);
    expect(await refusalOf(readActivityZip(broken))).toBe('"ride.gpx" in that zip is damaged: it could not be unzipped.');
  });
});
