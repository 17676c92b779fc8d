import { expect } from 'vitest';
import { activityDetail, activityImport, activityList, activityTrack, type ActivityImport } from '#contract/activities';
import { multipartForm } from '../media/test-images';
import { helpers, type Member } from '../notifications/test-helpers';
import { okData, type TestApp } from '../../test/test-app';
import type { FixturePoint } from './readers/reader-test-helpers';

// Shared by the activities tests: files sent the way the importer sends them, the import run to its end, and the reads
// a member makes.

export type { Member };

/** A ride of `count` points a few seconds apart heading north-east from `start` ([lng, lat]), with every sensor. */
export function ridePoints(start: [number, number], count: number, opts: { startTime?: number; stepS?: number; stepDeg?: number } = {}): FixturePoint[] {
  const t0 = opts.startTime ?? Date.UTC(2026, 4, 17, 6, 30) / 1000;
  const step = opts.stepDeg ?? 0.0002;
  return Array.from({ length: count }, (_, i) => ({
    time: t0 + i * (opts.stepS ?? 4),
    lat: start[1] + i * step,
    lng: start[0] + i * step * 0.7,
    ele: 500 + 40 * Math.sin(i / 20),
    hr: 120 + (i % 30),
    cad: 85,
    power: 180 + (i % 7) * 10,
    temp: 14,
  }));
}

export function activityHelpers(t: () => TestApp) {
  const base = helpers(t);
  const { send } = base;

  const importCall = (who: Member, file: Buffer, filename: string, timeZone = 'Europe/Zurich') => {
    const form = multipartForm([
      { name: 'timeZone', value: timeZone },
      { name: 'file', file, filename, contentType: 'application/octet-stream' },
    ]);
    return t().app.inject({ method: 'POST', url: '/api/activity/import', payload: form.payload, headers: { ...form.headers, ...t().bearer(who.token) } });
  };

  /** Sends a file, runs the jobs it queued, and answers the import as it ended. */
  async function importFile(who: Member, file: Buffer, filename: string): Promise<ActivityImport> {
    const started = okData(await importCall(who, file, filename), activityImport);
    expect(started.status).toBe('queued');
    await t().app.deps.jobs.drain();
    return okData(await send('GET', `/api/activity/import/${started.id}`, who.token), activityImport);
  }

  /** Imports one file that must become one new activity; answers its id. */
  async function imported(who: Member, file: Buffer, filename: string) {
    const done = await importFile(who, file, filename);
    expect(done.outcomes, JSON.stringify(done)).toEqual([expect.objectContaining({ outcome: 'imported' })]);
    return done.outcomes[0]!.activityId!;
  }

  const list = async (who: Member, body: object = {}) => okData(await send('POST', '/api/getActivity', who.token, body), activityList);
  const detailCall = (who: Member, id: number) => send('GET', `/api/activity/${id}`, who.token);
  const detail = async (who: Member, id: number) => okData(await detailCall(who, id), activityDetail);
  const trackCall = (who: Member, id: number) => send('GET', `/api/getActivityCoordinate?activityId=${id}`, who.token);
  const track = async (who: Member, id: number) => okData(await trackCall(who, id), activityTrack);
  const setZones = (who: Member, body: object) => send('PUT', '/api/privacy-zones', who.token, body);

  return { ...base, importCall, importFile, imported, list, detailCall, detail, trackCall, track, setZones };
}
