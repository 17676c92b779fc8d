import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhoCanSee } from '#contract/events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { eventHelpers, type Member } from './event-test-helpers';

// Who sees an event (the policy's mayViewEvent / visibleEventsCondition), the details page and the list agreeing:
// hosts always (drafts included); invited members any published event; `public` whoever may see the organiser's
// content (a private organiser's only by accepted followers, check 12); `followers` accepted followers; `invite` the
// invited. A member asked to co-host sees it (drafts too) before answering, but it is not theirs ("mine") until they
// accept. A pending follow request grants nothing.

let t: TestApp;
const h = eventHelpers(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Viewer = 'organiser' | 'cohost' | 'asked' | 'follower' | 'invited' | 'stranger' | 'pending';
type Row = { whoCanSee: WhoCanSee; privateOrganiser: boolean; draft?: boolean };

const ROWS: Record<string, Row> = {
  'public, public organiser': { whoCanSee: 'public', privateOrganiser: false },
  'public, private organiser': { whoCanSee: 'public', privateOrganiser: true },
  'followers, public organiser': { whoCanSee: 'followers', privateOrganiser: false },
  'followers, private organiser': { whoCanSee: 'followers', privateOrganiser: true },
  'invite-only, public organiser': { whoCanSee: 'invite', privateOrganiser: false },
  'invite-only, private organiser': { whoCanSee: 'invite', privateOrganiser: true },
  'draft, public': { whoCanSee: 'public', privateOrganiser: false, draft: true },
};

/** Who sees what; `null`: no such viewer (a follow request is pending only towards a private profile). */
const EXPECTED: Record<string, Record<Viewer, boolean | null>> = {
  'public, public organiser': { organiser: true, cohost: true, asked: true, follower: true, invited: true, stranger: true, pending: null },
  'public, private organiser': { organiser: true, cohost: true, asked: true, follower: true, invited: true, stranger: false, pending: false },
  'followers, public organiser': { organiser: true, cohost: true, asked: true, follower: true, invited: true, stranger: false, pending: null },
  'followers, private organiser': { organiser: true, cohost: true, asked: true, follower: true, invited: true, stranger: false, pending: false },
  'invite-only, public organiser': { organiser: true, cohost: true, asked: true, follower: false, invited: true, stranger: false, pending: null },
  'invite-only, private organiser': { organiser: true, cohost: true, asked: true, follower: false, invited: true, stranger: false, pending: false },
  // Invitations go out once an event is published: the "invited" member of a draft was never let in. Co-hosts are
  // asked while it is drafted, so the one asked sees what they would host.
  'draft, public': { organiser: true, cohost: true, asked: true, follower: false, invited: false, stranger: false, pending: null },
};

let worldCount = 0;

async function world(row: Row) {
  const organiser = await h.member({ private: row.privateOrganiser });
  const cohost = await h.member();
  const asked = await h.member();
  const follower = await h.member();
  const invited = await h.member();
  const stranger = await h.member();
  const pending = await h.member();
  await h.followAccepted(follower, organiser);
  if (row.privateOrganiser) expect((await h.toggle('POST', '/api/follow', pending, organiser.userId)).isRequested).toBe(true);
  const marker = `vis${process.pid}w${++worldCount}`;
  // The organiser follows those they invite (an invitation needs a connection), which lets none of them in by itself.
  for (const m of [cohost, asked, invited]) await h.followAccepted(organiser, m);
  const fields = { eventName: `Ride ${marker}`, whoCanSee: row.whoCanSee, isDraft: row.draft ?? false };
  const saved = await h.create(organiser, { ...fields, CoHost: [cohost.userId, asked.userId] });
  await h.acceptCohost(cohost, saved.id);
  if (!row.draft) await h.invite(organiser, saved.id, [invited.userId]);
  const viewers: Record<Viewer, Member> = { organiser, cohost, asked, follower, invited, stranger, pending };
  return { saved, viewers, marker };
}

describe.each(Object.keys(ROWS))('an event: %s', (name) => {
  const row = ROWS[name]!;
  // One world a row, seen in turn by each of its members: what they do is read, or refused, so none changes it.
  let built: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    built = await world(row);
  });
  it.each(Object.keys(EXPECTED[name]!).filter((v) => EXPECTED[name]![v as Viewer] !== null) as Viewer[])(
    'as seen by the %s: details and lists agree',
    async (viewer) => {
      const { saved, viewers, marker } = built;
      const who = viewers[viewer];
      const may = EXPECTED[name]![viewer]!;
      const res = await h.detailCall(who, saved.id);
      if (may) expect(res.statusCode, res.body).toBe(200);
      else h.expectNotFound(res);

      const listed = async (query: string) => (await h.ids(who, `${query}&search=${marker}`)).includes(saved.id);
      // Drafts are only in their hosts' own tab.
      expect(await listed('type=upcoming')).toBe(may && !row.draft);
      expect(await listed('type=mine')).toBe(viewer === 'organiser' || viewer === 'cohost');

      // Whoever may not see it cannot act on it either: the same 404.
      if (!may) {
        h.expectNotFound(await h.joinCall(who, saved.id));
        h.expectNotFound(await h.interestCall(who, saved.id));
        h.expectNotFound(await h.peopleCall(who, saved.id, 'going'));
        h.expectNotFound(await h.calendarCall(who, saved.id));
      }
    },
  );
});

describe('a follow request still waiting', () => {
  it('marks the organiser’s events the requester may see (an invitation) as requested, and stops once accepted', async () => {
    const organiser = await h.member({ private: true });
    const requester = await h.member();
    await h.toggle('POST', '/api/follow', requester, organiser.userId);
    // The organiser follows the requester back: a connection, so the requester may be invited.
    await h.followAccepted(organiser, requester);
    const saved = await h.create(organiser, { whoCanSee: 'followers' });
    h.expectNotFound(await h.detailCall(requester, saved.id));
    await h.invite(organiser, saved.id, [requester.userId]);
    expect((await h.detail(requester, saved.id)).isRequest).toBe(true);
    expect((await h.list(requester, 'type=upcoming')).list.find((e) => e.id === saved.id)?.isRequest).toBe(true);
    await h.toggle('POST', '/api/follow/accept', organiser, requester.userId);
    expect((await h.detail(requester, saved.id)).isRequest).toBe(false);
  });
});
