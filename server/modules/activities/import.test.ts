import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityImport, activityList } from '#contract/activities';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { activityHelpers, ridePoints, type Member } from './activity-test-helpers';
import { fitFile, garminGpx, garminTcx } from './readers/reader-test-helpers';

// Issue 21, getting activities in: each format and a zip of them through the real upload, the jobs table's worker and
// the stored result; duplicates linked rather than stored twice; bad files refused with the reason in words.

let t: TestApp;
const h = activityHelpers(() => t);
let rider: Member;

beforeAll(async () => {
  t = await createTestApp();
  rider = await h.member({ firstName: 'Maya', lastName: 'Ridge' });
});
afterAll(() => t?.close());

const ZERMATT: [number, number] = [7.7491, 46.0207];

function zipOf(files: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

describe('importing a file', () => {
  it('reads a Garmin GPX into an activity with its numbers, streams and default title, in the member’s zone', async () => {
    const points = ridePoints(ZERMATT, 300);
    const id = await h.imported(rider, Buffer.from(garminGpx(points)), 'Morning.gpx');
    const a = await h.detail(rider, id);
    expect(a).toMatchObject({ id, source: 'file', isOwner: true, hasOriginalFile: true, hasTrack: true, hasHiddenParts: false, visibility: 'everyone' });
    // 299 steps of 0.0002° north and 0.00014° east at 46° N: about 7.3 km.
    expect(a.distance).toBeGreaterThan(7000);
    expect(a.distance).toBeLessThan(7600);
    expect(a.elapsedTime).toBe(299 * 4);
    expect(a.averageHeartRate).toBeGreaterThan(120);
    expect(a.series).toEqual(['elevation', 'speed', 'heartRate', 'cadence', 'power', 'temperature']);
    expect(a.splits.metric).toHaveLength(8);
    const track = await h.track(rider, id);
    expect(track.coordinates).toHaveLength(300);
    expect(track.coordinates[0]).toEqual([ZERMATT[0], ZERMATT[1]]);
    expect(track.series.heartRate?.[0]).toBe(120);
    expect(track.hiddenRanges).toEqual([]);
    expect(a.mapImage).toMatch(/^\/media\/[A-Za-z0-9_-]+\/display\.webp\?exp=\d+&sig=/);
  });

  it('reads a FIT file (positions in semicircles), its laps and the device’s calories, and a gzipped TCX', async () => {
    const fitPoints = ridePoints([8.5, 47.3], 40, { startTime: Date.UTC(2026, 4, 18, 17, 0) / 1000 });
    const fitId = await h.imported(rider, fitFile(fitPoints, { lapAt: 20 }), 'evening.fit');
    const fit = await h.detail(rider, fitId);
    expect(fit.laps).toHaveLength(2);
    expect(fit.calories).toBe(9);
    expect(fit.caloriesSource).toBe('device');
    expect(fit.sportId).toBe(34);
    // 19:00 in Zurich: an evening ride, by the zone the member sent.
    expect(fit.title).toBe('Evening ride');
    const fitTrack = await h.track(rider, fitId);
    expect(fitTrack.coordinates[0]![1]).toBeCloseTo(47.3, 5);

    const tcxPoints = ridePoints([8.6, 47.4], 30, { startTime: Date.UTC(2026, 4, 19, 11, 0) / 1000 });
    const tcxId = await h.imported(rider, gzipSync(garminTcx(tcxPoints)), 'lunch.tcx.gz');
    expect((await h.detail(rider, tcxId)).elapsedTime).toBe(29 * 4);
  });

  it('links a file sent again, or the same ride from another device, to the activity it already is', async () => {
    const points = ridePoints([9, 46], 50, { startTime: Date.UTC(2026, 4, 20, 8, 0) / 1000 });
    const gpx = Buffer.from(garminGpx(points));
    const id = await h.imported(rider, gpx, 'twice.gpx');
    const again = await h.importFile(rider, gpx, 'twice.gpx');
    expect(again.outcomes).toEqual([{ fileName: 'twice.gpx', outcome: 'duplicate', activityId: id, title: expect.any(String), reason: null }]);
    const fromWatch = await h.importFile(rider, fitFile(points), 'watch.fit');
    expect(fromWatch.outcomes[0]).toMatchObject({ outcome: 'duplicate', activityId: id });
    expect((await h.list(rider, { title: 'twice' })).list.map((a) => a.id)).toEqual([]);
    const all = await h.list(rider);
    expect(all.list.filter((a) => a.startDate === new Date(points[0]!.time * 1000).toISOString())).toHaveLength(1);
  });

  it('an import run again after a crash that came between its activity and its outcome calls the activity its own', async () => {
    const points = ridePoints([9.2, 46.1], 40, { startTime: Date.UTC(2026, 4, 21, 8, 0) / 1000 });
    const first = await h.importFile(rider, Buffer.from(garminGpx(points)), 'crashed.gpx');
    const activityId = first.outcomes[0]!.activityId;
    expect(first.outcomes[0]).toMatchObject({ outcome: 'imported' });
    // What kill -9 leaves when it lands after the activity's commit and before the import's outcome is written
    // (npm run test:crash): the import still processing, its job not done.
    await t.db.execute(
      sql`update activity_imports set status = 'processing', outcomes = '[]'::jsonb, finished_at = null, file_key = (select original_key from activities where id = ${activityId}) where id = ${first.id}`,
    );
    await t.db.execute(sql`update jobs set done_at = null, locked_until = null where kind = 'activities.import' and (payload->>'importId')::int = ${first.id}`);
    await t.app.deps.jobs.drain();
    const again = okData(await h.send('GET', `/api/activity/import/${first.id}`, rider.token), activityImport);
    expect(again.status).toBe('done');
    expect(again.outcomes).toEqual([{ fileName: 'crashed.gpx', outcome: 'imported', activityId, title: expect.any(String), reason: null }]);
    const sameStart = (await h.list(rider)).list.filter((a) => a.startDate === new Date(points[0]!.time * 1000).toISOString());
    expect(sameStart.map((a) => a.id)).toEqual([activityId]);
  });

  it('reads a Strava export zip: titles, sports and descriptions from activities.csv, and each file’s own outcome', async () => {
    const ride = ridePoints([10, 45], 30, { startTime: Date.UTC(2026, 3, 1, 9, 0) / 1000 });
    const run = ridePoints([10.1, 45.1], 30, { startTime: Date.UTC(2026, 3, 2, 9, 0) / 1000, stepDeg: 0.00005 });
    const csv = ['Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Filename', '1,x,Col du Test,Ride,Big day out,activities/1.gpx', '2,x,Tempo run,Run,,activities/2.fit.gz'].join('\n');
    const zip = await zipOf({ 'activities.csv': csv, 'activities/1.gpx': garminGpx(ride), 'activities/2.fit.gz': gzipSync(fitFile(run, { sport: 'running', subSport: 'generic' })), 'activities/3.gpx': 'not a gpx at all' });
    const done = await h.importFile(rider, zip, 'export_123.zip');
    expect(done.status).toBe('done');
    const byName = Object.fromEntries(done.outcomes.map((o) => [o.fileName, o]));
    expect(byName['1.gpx']).toMatchObject({ outcome: 'imported', title: 'Col du Test' });
    expect(byName['2.fit.gz']).toMatchObject({ outcome: 'imported', title: 'Tempo run' });
    expect(byName['3.gpx']).toMatchObject({ outcome: 'refused', activityId: null, reason: expect.stringMatching(/not an activity file we can read/) });
    const col = await h.detail(rider, byName['1.gpx']!.activityId!);
    expect(col).toMatchObject({ title: 'Col du Test', description: 'Big day out' });
    expect((await h.detail(rider, byName['2.fit.gz']!.activityId!)).sportId).toBe(5);
  });

  it('refuses what is not an activity file, or too large, clearly and without an activity', async () => {
    const before = (await h.list(rider)).total;
    const html = await h.importFile(rider, Buffer.from('<html><body>hi</body></html>'), 'ride.gpx');
    expect(html.outcomes).toEqual([expect.objectContaining({ outcome: 'refused', reason: expect.stringMatching(/GPX, TCX and FIT/) })]);
    const truncated = fitFile(ridePoints([11, 45], 20)).subarray(0, 60);
    expect((await h.importFile(rider, truncated, 'cut.fit')).outcomes[0]).toMatchObject({ outcome: 'refused' });
    const noTimes = Buffer.from('<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg><trkpt lat="46" lon="7"/><trkpt lat="46.1" lon="7.1"/></trkseg></trk></gpx>');
    expect((await h.importFile(rider, noTimes, 'route.gpx')).outcomes[0]!.reason).toMatch(/no times/);
    const corrupt = await h.importFile(rider, Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]), 'broken.zip');
    expect(corrupt).toMatchObject({ status: 'failed', message: expect.stringMatching(/zip/) });
    // A declared body past the zip cap is a 413 before a byte is read (check 16).
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/activity/import',
      headers: { ...t.bearer(rider.token), 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(600 * 1024 * 1024) },
      payload: '--x--',
    });
    expect(huge.statusCode).toBe(413);
    expect(body(huge).message).toMatch(/500 MB/);
    expect((await h.list(rider)).total).toBe(before);
  });

  it('keeps another member’s import to themself (404, as for none)', async () => {
    const other = await h.member();
    const started = okData(await h.importCall(rider, Buffer.from(garminGpx(ridePoints([12, 45], 10))), 'mine.gpx'), activityImport);
    const theirs = await h.send('GET', `/api/activity/import/${started.id}`, other.token);
    const none = await h.send('GET', '/api/activity/import/2000000000', other.token);
    expect(theirs.statusCode).toBe(404);
    expect(body(theirs)).toEqual(body(none));
    await t.app.deps.jobs.drain();
    expect(okData(await h.send('POST', '/api/getActivity', other.token, {}), activityList).total).toBe(0);
  });
});
