import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataExport, EXPORT_LIFETIME_DAYS, EXPORTS_PER_DAY } from '#contract/account';
import { compressImageData } from '#contract/media';
import { days, hours } from '../../lib/clock';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { readZip } from '../../test/zip-reader';
import { checkExportSections, type ExportSection } from './export-registry';
import { exportSections } from './export-sections';
import { buildExportZip, EXPORT_JSON } from './export-service';

// Issue 3, data rights: the export job makes one zip of everything stored about the member (the sections of the list
// and their original media), which only its owner can read or download, for 7 days.

// The app's own poller is off (JOB_POLL_MS=0), so each test decides when jobs run (`jobs.drain()`); the last test
// turns it on.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
});
afterAll(() => t?.close());

type Member = Awaited<ReturnType<TestApp['signUp']>>;

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? t.bearer(token) : {} });
const startExport = async (m: Member) => okData(await get('/api/account/export', m.token), dataExport);
const exportStatus = (m: Member, id: number) => get(`/api/account/exports/${id}`, m.token);
const download = (m: Member, id: number) => get(`/api/account/exports/${id}/download`, m.token);

/** A small real JPEG, the kind of file a member uploads. */
const aJpeg = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } }).jpeg({ quality: 90 }).toBuffer();

/** `POST /api/compress-image` as the SPA sends it (multipart `image[]`); returns the upload's key. */
async function upload(m: Member, bytes: Buffer, type = 'feed') {
  const form = new FormData();
  form.append('type', type);
  form.append('image[]', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'ride.jpg');
  const encoded = new Response(form);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/compress-image',
    headers: { ...t.bearer(m.token), 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return okData(res, compressImageData).images[0]!.key;
}

/** Starts an export and lets the job runner finish it. */
async function readyExport(m: Member) {
  const started = await startExport(m);
  await t.app.deps.jobs.drain();
  return started.exportId;
}

async function zipOf(m: Member, exportId: number) {
  const res = await download(m, exportId);
  expect(res.statusCode).toBe(200);
  return { res, entries: readZip(res.rawPayload) };
}

type ExportJson = { format: string; exportedAt: string; userId: number; sections: Record<string, unknown>; media: string[] };

const exportFiles = async () => fs.readdir(path.join(t.dataDir, 'media', 'exports')).catch(() => [] as string[]);

describe('GET /api/account/export', () => {
  it('starts an export job and answers {exportId, status: pending}; asking again answers the same one', async () => {
    const m = await t.signUp();
    const first = await startExport(m);
    expect(first).toMatchObject({ status: 'pending', readyAt: null, expiresAt: null, bytes: null });
    expect(first.exportId).toBeGreaterThan(0);
    const again = await startExport(m);
    expect(again.exportId).toBe(first.exportId);
    await t.app.deps.jobs.drain();
  });

  it('makes a zip with switchback-export.json (profile incl. e-mail, sessions, uploads) and the original media', async () => {
    const m = await t.signUp();
    const original = await aJpeg();
    const key = await upload(m, original);
    const exportId = await readyExport(m);

    const status = okData(await exportStatus(m, exportId), dataExport);
    expect(status.status).toBe('ready');
    expect(status.bytes).toBeGreaterThan(original.length);
    expect(new Date(status.expiresAt!).getTime() - new Date(status.readyAt!).getTime()).toBe(days(EXPORT_LIFETIME_DAYS));

    const { res, entries } = await zipOf(m, exportId);
    const today = new Date(status.readyAt!).toISOString().slice(0, 10);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="switchback-export-${m.handleName}-${today}.zip"`);
    expect(Number(res.headers['content-length'])).toBe(status.bytes);
    expect([...entries.keys()].sort()).toEqual([`media/${key}/original.jpg`, 'switchback-export.json']);

    // The original exactly as uploaded, not a resized copy.
    expect(entries.get(`media/${key}/original.jpg`)!.equals(original)).toBe(true);

    const json = JSON.parse(entries.get('switchback-export.json')!.toString('utf8')) as ExportJson;
    expect(json).toMatchObject({ format: 'switchback-export', userId: m.userId, media: [`media/${key}/original.jpg`] });
    expect(json.sections.profile).toMatchObject({
      userId: m.userId,
      email: m.email,
      handleName: m.handleName,
      firstName: 'Alex',
      hasPassword: true,
      settings: { units: 'imperial', isPrivate: false },
      profile: { phone: null },
    });
    expect(json.sections.sessions).toEqual([expect.objectContaining({ deviceType: 1, signedInAt: expect.any(String) })]);
    expect(json.sections.uploads).toEqual([
      expect.objectContaining({ key, purpose: 'feed', originalType: 'image/jpeg', file: `media/${key}/original.jpg` }),
    ]);
    expect(json.sections.contactMessages).toEqual([]);
  });

  it('never puts secrets in the export: no token, token hash or password hash', async () => {
    const m = await t.signUp();
    const { entries } = await zipOf(m, await readyExport(m));
    const text = entries.get('switchback-export.json')!.toString('utf8');
    expect(text).not.toContain(m.token);
    expect(text).not.toMatch(/tokenHash|token_hash|passwordHash|argon2|deviceToken/i);
  });

  it('includes the sections other areas add to the list', async () => {
    const testGear: ExportSection = { name: 'testGear', collect: async (_db, userId) => [{ userId, name: 'Gravel bike' }] };
    const sections = checkExportSections([...exportSections, testGear]);
    expect(() => checkExportSections([...sections, { name: 'testGear', collect: async () => [] }])).toThrow(/twice/);
    const m = await t.signUp();
    const entries = readZip(await buildExportZip(t.app.deps, m.userId, sections));
    const json = JSON.parse(entries.get(EXPORT_JSON)!.toString('utf8')) as ExportJson;
    expect(json.sections.testGear).toEqual([{ userId: m.userId, name: 'Gravel bike' }]);
    expect(Object.keys(json.sections)).toEqual(sections.map((s) => s.name));
  });

  it('lists every section once, under a valid name, in the order switchback-export.json keeps', async () => {
    expect(checkExportSections(exportSections)).toBe(exportSections);
    expect(exportSections.map((s) => s.name)).toEqual([
      'profile',
      'sessions',
      'emailChanges',
      'uploads',
      'contactMessages',
      'events',
      'eventCohostInvitations',
      'eventAttendance',
      'eventInterests',
      'feeds',
      'reactionsAndComments',
      'routes',
      'activities',
      'gear',
      'associates',
      'live',
      'notifications',
      'notificationSettings',
      'follows',
      'blocksAndMutes',
      'reportsAndDecisions',
    ]);
    expect(() => checkExportSections([{ name: 'Test-gear', collect: async () => [] }])).toThrow(/camelCase/);
    const m = await t.signUp();
    const { entries } = await zipOf(m, await readyExport(m));
    const json = JSON.parse(entries.get(EXPORT_JSON)!.toString('utf8')) as ExportJson;
    expect(Object.keys(json.sections)).toEqual(exportSections.map((s) => s.name));
  });

  it('needs a signed-in member', async () => {
    expect((await get('/api/account/export')).statusCode).toBe(401);
  });

  it(`starts at most ${EXPORTS_PER_DAY} exports a day, then 429 with Retry-After`, async () => {
    const m = await t.signUp();
    for (let i = 0; i < EXPORTS_PER_DAY; i++) await readyExport(m);
    const refused = await get('/api/account/export', m.token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(body(refused).message).toMatch(/times a day/);
    t.clock.advance(hours(24));
    expect((await startExport(m)).status).toBe('pending');
    await t.app.deps.jobs.drain();
  });
});

describe('GET /api/account/exports/:exportId and /download', () => {
  it('answers 404 to another member, for the status and the zip (check 10)', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const exportId = await readyExport(owner);
    for (const res of [await exportStatus(other, exportId), await download(other, exportId)]) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).not.toContain(owner.email);
    }
    expect((await exportStatus(owner, exportId)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id, 400 for a malformed one, 401 without a session', async () => {
    const m = await t.signUp();
    expect((await exportStatus(m, 999_999_999)).statusCode).toBe(404);
    expect((await get('/api/account/exports/abc', m.token)).statusCode).toBe(400);
    expect((await get('/api/account/exports/1/download')).statusCode).toBe(401);
  });

  it('has nothing to download while the export is pending', async () => {
    const m = await t.signUp();
    const { exportId } = await startExport(m);
    expect((await download(m, exportId)).statusCode).toBe(404);
    await t.app.deps.jobs.drain();
    expect((await download(m, exportId)).statusCode).toBe(200);
  });

  it(`expires after ${EXPORT_LIFETIME_DAYS} days: the file is removed and the status reads expired`, async () => {
    const m = await t.signUp();
    const exportId = await readyExport(m);
    const before = await exportFiles();
    expect(before.some((f) => f.startsWith(`${exportId}-`))).toBe(true);

    t.clock.advance(days(EXPORT_LIFETIME_DAYS));
    await t.app.deps.jobs.drain();
    expect(okData(await exportStatus(m, exportId), dataExport).status).toBe('expired');
    expect((await download(m, exportId)).statusCode).toBe(404);
    expect((await exportFiles()).some((f) => f.startsWith(`${exportId}-`))).toBe(false);
  });

  it('marks the export failed when the zip cannot be stored after every retry', async () => {
    const m = await t.signUp();
    const put = vi.spyOn(t.app.deps.storage, 'put').mockRejectedValue(new Error('bucket unavailable'));
    try {
      const { exportId } = await startExport(m);
      for (let i = 0; i < 3; i++) {
        await t.app.deps.jobs.drain();
        t.clock.advance(hours(1));
      }
      expect(okData(await exportStatus(m, exportId), dataExport).status).toBe('failed');
      expect(put).toHaveBeenCalledTimes(3);
    } finally {
      put.mockRestore();
    }
    // A failed export does not block a new one.
    expect((await startExport(m)).status).toBe('pending');
    await t.app.deps.jobs.drain();
  });
});

describe('the app’s own job runner', () => {
  it('makes the export without help: the status turns ready while the client polls it', async () => {
    const polling = await createTestApp({ env: { JOB_POLL_MS: '50' } });
    try {
      const m = await polling.signUp();
      const started = okData(await polling.app.inject({ method: 'GET', url: '/api/account/export', headers: polling.bearer(m.token) }), dataExport);
      await vi.waitFor(
        async () => {
          const res = await polling.app.inject({ method: 'GET', url: `/api/account/exports/${started.exportId}`, headers: polling.bearer(m.token) });
          expect(okData(res, dataExport).status).toBe('ready');
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await polling.close();
    }
  });
});
