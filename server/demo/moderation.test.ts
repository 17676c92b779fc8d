import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationList } from '#contract/notifications';
import { authSession } from '#contract/auth';
import { auditList, myReportList, queueList } from '#contract/reports';
import { ownProfile } from '#contract/user';
import { feeds } from '../db/schema/feeds';
import { notifications } from '../db/schema/notifications';
import { moderationActions, reports } from '../db/schema/reports';
import { comments } from '../db/schema/subjects';
import { users } from '../db/schema/users';
import { days } from '../lib/clock';
import { createTestApp, okData, type TestApp } from '../test/test-app';
import { DEMO_MEMBERS, DEMO_MODERATOR, DEMO_PASSWORD, demoPasswords, seedAccounts } from './accounts';
import { seedDemoModeration } from './moderation';
import { seedDemoPosts } from './posts';
import { seedSocialGraph } from './social-graph';

// The demo world's moderation: what the demo moderator finds at /moderation, and the demo member on her reports.

let t: TestApp;
let members: Awaited<ReturnType<typeof seedAccounts>>;
const tokens = new Map<string, string>();
beforeAll(async () => {
  t = await createTestApp();
  members = await t.db.transaction(async (tx) => {
    const seeded = await seedAccounts(tx);
    await seedSocialGraph(tx, seeded, t.clock.now());
    return seeded;
  });
  await seedDemoPosts(t.app.deps, members);
  expect(await seedDemoModeration(t.app.deps, members)).toBe(true);
  for (const m of [DEMO_MODERATOR, ...DEMO_MEMBERS]) tokens.set(m.handleName, await t.tokenFor(m.email, DEMO_PASSWORD));
}, 90_000);
afterAll(() => t?.close());

const get = async <T extends Parameters<typeof okData>[1]>(who: string, url: string, schema: T) =>
  okData(await t.app.inject({ method: 'GET', url, headers: t.bearer(tokens.get(who)!) }), schema);
const ago = (iso: string) => (t.clock.now().getTime() - new Date(iso).getTime()) / days(1);

describe('the demo moderation', () => {
  it('gives the moderator a queue of two open cases, oldest first, with their counts and reporters', async () => {
    const queue = await get('morganreyes', '/api/moderation/queue', queueList);
    expect(queue.total).toBe(2);
    expect(
      queue.list.map((q) => ({
        kind: q.targetKind,
        count: q.reportCount,
        reasons: q.reasons.map((r) => [r.title, r.count]),
        reporters: q.reporters.map((r) => r.handleName),
        author: q.target.member?.handleName,
        removed: q.target.removed,
      })),
    ).toEqual([
      { kind: 'post', count: 2, reasons: [['Dangerous trail behaviour', 2]], reporters: ['mayatrails', 'priyahikes'], author: 'jonasrides', removed: false },
      { kind: 'comment', count: 2, reasons: [['Spam or scam', 2]], reporters: ['lenaruns', 'priyahikes'], author: 'theowalks', removed: false },
    ]);
    expect(queue.list[0]!.target.excerpt).toMatch(/^Had the Arzler Alm trail to myself — Closed for logging/);
    expect(queue.list[1]!.target.excerpt).toBe('Cheap bike parts, 70% off everything. DM me for the link!');
    for (const q of queue.list) expect(ago(q.firstReportedAt)).toBeLessThan(1);
  });

  it('keeps two earlier decisions in the audit log, days ago, by the moderator', async () => {
    const log = await get('morganreyes', '/api/moderation/log', auditList);
    expect(log.list.map((e) => [e.action, e.targetKind, e.member?.handleName, e.moderator?.handleName, e.rule])).toEqual([
      ['warn', 'comment', 'jonasrides', 'morganreyes', 'Dangerous trail behaviour'],
      ['dismiss', 'post', 'samgravel', 'morganreyes', null],
    ]);
    expect(log.list[0]!.note).toMatch(/warning/);
    expect(Math.round(ago(log.list[0]!.createdAt))).toBe(4);
    expect(Math.round(ago(log.list[1]!.createdAt))).toBe(8);
    // Jonas reads his warning, without who gave it, and may appeal it.
    const his = await get('jonasrides', '/api/moderation/decisions', auditList);
    expect(his.list.map((e) => [e.action, e.moderator, e.appeal])).toEqual([['warn', null, null]]);
  });

  it('shows the demo member her reports with their outcome, and tells her of the dismissal', async () => {
    const mine = await get('mayatrails', '/api/report-feed', myReportList);
    expect(mine.list.map((r) => [r.target.member?.handleName, r.reason, r.status, r.resolvedAt === null])).toEqual([
      ['jonasrides', 'Dangerous trail behaviour', 'open', true],
      ['samgravel', 'Dangerous trail behaviour', 'dismissed', false],
    ]);
    expect(Math.round(ago(mine.list[1]!.resolvedAt!))).toBe(8);

    const notices = await get('mayatrails', '/api/notifications', notificationList);
    const outcome = notices.list.find((n) => n.message.startsWith('We reviewed your report'));
    expect(outcome).toMatchObject({ message: 'We reviewed your report about a post by Sam Okafor and found no rule broken. Thank you for telling us.', isRead: true });
    // The social graph's notifications are untouched: the same two unread.
    expect(notices.unreadCount).toBe(2);
  });

  it('makes Morgan the one moderator: the members are not, and the queue refuses them', async () => {
    expect((await get('morganreyes', '/api/profile', ownProfile)).isModerator).toBe(true);
    for (const m of DEMO_MEMBERS) expect([m.handleName, (await get(m.handleName, '/api/profile', ownProfile)).isModerator]).toEqual([m.handleName, false]);
    const refused = await t.app.inject({ method: 'GET', url: '/api/moderation/queue', headers: t.bearer(tokens.get('mayatrails')!) });
    expect(refused.statusCode).toBe(403);
  });

  it('adds nothing when run again', async () => {
    const counts = async () =>
      Promise.all([users, feeds, comments, reports, moderationActions, notifications].map(async (table) => (await t.db.select({ n: count() }).from(table))[0]!.n));
    const before = await counts();
    expect(await seedDemoModeration(t.app.deps, members)).toBe(false);
    expect(await counts()).toEqual(before);
    expect((await get('morganreyes', '/api/moderation/queue', queueList)).total).toBe(2);
  });
});

describe('the demo moderator in production', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp();
  });
  afterAll(() => p?.close());

  it('gets a random password, printed once, as the members do', { timeout: 90_000 }, async () => {
    const seeded = await p.db.transaction(async (tx) => {
      const made = await seedAccounts(tx, demoPasswords('production'));
      await seedSocialGraph(tx, made, p.clock.now());
      return made;
    });
    await seedDemoPosts(p.app.deps, seeded);
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void printed.push(String(line)));
    try {
      expect(await seedDemoModeration({ ...p.app.deps, config: { ...p.config, env: 'production' } }, seeded)).toBe(true);
    } finally {
      log.mockRestore();
    }
    const password = /morgan@demo\.switchback\.app\s+(\S+)/.exec(printed.join('\n'))?.[1];
    expect(password).toMatch(/^(?=.*\d)(?=.*[!@#$%&*]).{20,128}$/);
    expect((await p.signIn(DEMO_MODERATOR.email, DEMO_PASSWORD)).statusCode).toBe(400);
    expect(okData(await p.signIn(DEMO_MODERATOR.email, password!), authSession).user.email).toBe(DEMO_MODERATOR.email);
  });
});
