import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExport } from '#contract/account';
import { privacySettings } from '#contract/activities';
import { activities, activityViews } from '../../db/schema/activities';
import { createTestApp, okData, type TestApp } from '../../test/test-app';
import { readZip } from '../../test/zip-reader';
import { activityHelpers, ridePoints } from './activity-test-helpers';
import { garminGpx } from './readers/reader-test-helpers';

// Issue 21, export and deletion: the member's data export holds their activities (the numbers, their privacy zones
// as stored, and each original file as it was sent); deleting one activity removes its map pictures and its original
// file, and deleting the account removes every activity with its files.

let t: TestApp;
const h = activityHelpers(() => t);
beforeAll(async () => {
  // Jobs run when a test drains them (the export, the file removals).
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
});
afterAll(() => t?.close());

const mediaDir = () => path.join(t.dataDir, 'media');
const exists = (key: string) =>
  fs.access(path.join(mediaDir(), ...key.split('/'))).then(
    () => true,
    () => false,
  );

async function filesOf(activityId: number) {
  const [row] = await t.db.select({ original: activities.originalKey }).from(activities).where(eq(activities.id, activityId));
  const views = await t.db.select({ mapKey: activityViews.mapKey }).from(activityViews).where(eq(activityViews.activityId, activityId));
  return { original: row?.original ?? null, pictures: [...new Set(views.map((v) => v.mapKey).filter((k): k is string => k !== null))] };
}

describe('activities and data rights', () => {
  it('exports the activities, the privacy zones as stored and each original file', async () => {
    const m = await h.member();
    const gpx = Buffer.from(garminGpx(ridePoints([7.45, 46.95], 40)));
    const id = await h.imported(m, gpx, 'Lunch loop.gpx');
    okData(await h.setZones(m, { zones: [{ label: 'Home', centre: [7.45, 46.95], radius: 300 }], hideEnds: 200 }), privacySettings);
    const started = okData(await h.send('GET', '/api/account/export', m.token), dataExport);
    await t.app.deps.jobs.drain();
    const res = await h.send('GET', `/api/account/exports/${started.exportId}/download`, m.token);
    expect(res.statusCode).toBe(200);
    const zip = readZip(res.rawPayload);
    const json = JSON.parse(zip.get('switchback-export.json')!.toString('utf8')) as { sections: { activities: { list: { activityId: number; originalFile: string; distanceM: number }[]; privacyZones: { label: string; radiusM: number }[]; hideEndsM: number } } };
    const section = json.sections.activities;
    expect(section.list).toEqual([expect.objectContaining({ activityId: id, originalFile: 'Lunch loop.gpx', distanceM: expect.any(Number) })]);
    expect(section.privacyZones).toEqual([expect.objectContaining({ label: 'Home', radiusM: 300 })]);
    expect(section.hideEndsM).toBe(200);
    expect(zip.get(`media/activities/${id}/Lunch-loop.gpx`)).toEqual(gpx);
  });

  it('removes one activity’s pictures and original file with it, and every activity with the account', async () => {
    const m = await h.member();
    const kept = await h.imported(m, Buffer.from(garminGpx(ridePoints([8.5, 47.3], 30))), 'kept.gpx');
    const gone = await h.imported(m, Buffer.from(garminGpx(ridePoints([8.6, 47.4], 30, { startTime: Date.UTC(2026, 4, 18, 6) / 1000 }))), 'gone.gpx');
    const goneFiles = await filesOf(gone);
    expect(goneFiles.original).not.toBeNull();
    expect(goneFiles.pictures.length).toBeGreaterThan(0);
    for (const key of [goneFiles.original!, ...goneFiles.pictures.map((k) => `${k}/display.webp`)]) expect(await exists(key)).toBe(true);

    expect((await h.send('DELETE', '/api/activity', m.token, { activityId: gone })).statusCode).toBe(200);
    await t.app.deps.jobs.drain();
    for (const key of [goneFiles.original!, ...goneFiles.pictures.map((k) => `${k}/display.webp`)]) expect(await exists(key)).toBe(false);
    const keptFiles = await filesOf(kept);
    expect(await exists(keptFiles.original!)).toBe(true);

    expect((await h.send('POST', '/api/account/delete', m.token, { password: m.password })).statusCode).toBe(200);
    expect(await t.db.select().from(activities).where(eq(activities.userId, m.userId))).toEqual([]);
    for (const key of [keptFiles.original!, ...keptFiles.pictures.map((k) => `${k}/display.webp`)]) expect(await exists(key)).toBe(false);
  });
});
