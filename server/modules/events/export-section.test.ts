import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExport } from '#contract/account';
import { createTestApp, okData, type TestApp } from '../../test/test-app';
import { readZip } from '../../test/zip-reader';
import { eventHelpers } from './event-test-helpers';

// Data rights: a member's export holds the events they organise, where they are going or waiting, what they marked
// interesting and the co-host invitations waiting for their answer; other members' events by id only.

let t: TestApp;
const h = eventHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_POLL_MS: '0' } });
});
afterAll(() => t?.close());

describe('the data export', () => {
  it('lists events organised (drafts, co-hosts and those asked included), attendance, interests and co-host invitations', async () => {
    const maya = await h.member();
    const jonas = await h.member();
    const lena = await h.member();
    await h.connect(maya, jonas);
    await h.connect(maya, lena);
    const mine = await h.create(maya, { eventName: 'Betasso loops', CoHost: [jonas.userId, lena.userId] });
    await h.acceptCohost(jonas, mine.id);
    const draft = await h.create(maya, { eventName: 'Walker Ranch', isDraft: true });
    // Two places on Jonas's climb: his own and one more, which Lena takes; Maya waits, and is asked to co-host.
    const theirs = await h.create(jonas, { eventName: 'Jonas’s secret climb', capacity: 2, CoHost: [maya.userId] });
    await h.join(lena, theirs.id);
    await h.join(maya, theirs.id);
    await h.interest(maya, theirs.id);

    const started = okData(await h.send('GET', '/api/account/export', maya.token), dataExport);
    await t.app.deps.jobs.drain();
    const zip = await h.send('GET', `/api/account/exports/${started.exportId}/download`, maya.token);
    const json = JSON.parse(readZip(zip.rawPayload).get('switchback-export.json')!.toString('utf8')) as { sections: Record<string, unknown> };
    expect(json.sections.events).toEqual([
      expect.objectContaining({ id: mine.id, eventName: 'Betasso loops', isDraft: false, coHostIds: [jonas.userId], invitedCoHostIds: [lena.userId], timeZone: 'Europe/Berlin' }),
      expect.objectContaining({ id: draft.id, eventName: 'Walker Ranch', isDraft: true, coHostIds: [], invitedCoHostIds: [] }),
    ]);
    expect(json.sections.eventCohostInvitations).toEqual([{ eventId: theirs.id, invitedBy: jonas.userId, invitedAt: expect.any(String) }]);
    // Going to her own event since she published it; waiting for Jonas's.
    expect(json.sections.eventAttendance).toEqual([
      { eventId: mine.id, status: 'going', joinedAt: expect.any(String), statusAt: expect.any(String) },
      { eventId: theirs.id, status: 'waitlisted', joinedAt: expect.any(String), statusAt: expect.any(String) },
    ]);
    expect(json.sections.eventInterests).toEqual([{ eventId: theirs.id, createdAt: expect.any(String) }]);
    expect(JSON.stringify(json)).not.toContain('secret climb');
  });
});
