import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExport } from '#contract/account';
import { createTestApp, okData, type TestApp } from '../../test/test-app';
import { readZip } from '../../test/zip-reader';
import { eventHelpers } from './event-test-helpers';

// Data rights: a member's export holds the events they organise, where they are going or waiting, and what they
// marked interesting; other members' events by id only.

let t: TestApp;
const h = eventHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
});
afterAll(() => t?.close());

describe('the data export', () => {
  it('lists events organised (drafts and co-hosts included), attendance and interests', async () => {
    const maya = await h.member();
    const jonas = await h.member();
    const mine = await h.create(maya, { eventName: 'Betasso loops', CoHost: [jonas.userId] });
    const draft = await h.create(maya, { eventName: 'Walker Ranch', isDraft: true });
    const theirs = await h.create(jonas, { eventName: 'Jonas’s secret climb', capacity: 1 });
    await h.join(jonas, theirs.id);
    await h.join(maya, theirs.id);
    await h.interest(maya, theirs.id);

    const started = okData(await h.send('GET', '/api/account/export', maya.token), dataExport);
    await t.app.deps.jobs.drain();
    const zip = await h.send('GET', `/api/account/exports/${started.exportId}/download`, maya.token);
    const json = JSON.parse(readZip(zip.rawPayload).get('switchback-export.json')!.toString('utf8')) as { sections: Record<string, unknown> };
    expect(json.sections.events).toEqual([
      expect.objectContaining({ id: mine.id, eventName: 'Betasso loops', isDraft: false, coHostIds: [jonas.userId], timeZone: 'Europe/Berlin' }),
      expect.objectContaining({ id: draft.id, eventName: 'Walker Ranch', isDraft: true, coHostIds: [] }),
    ]);
    expect(json.sections.eventAttendance).toEqual([{ eventId: theirs.id, status: 'waitlisted', joinedAt: expect.any(String), statusAt: expect.any(String) }]);
    expect(json.sections.eventInterests).toEqual([{ eventId: theirs.id, createdAt: expect.any(String) }]);
    expect(JSON.stringify(json)).not.toContain('secret climb');
  });
});
