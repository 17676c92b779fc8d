import { http, HttpResponse } from 'msw';
import type { AuditEntry, ModerationCase, OpenAppeal, QueueItem } from '#contract/reports';
import type { MemberSummary } from '#contract/social';
import { ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';

/** Moderation fixtures typed by the contract, so a contract change breaks the tests relying on them. */
export const jonas: MemberSummary = { userId: 21, handleName: 'jonasrides', firstName: 'Jonas', lastName: 'Berg', profileImage: null };
export const priya: MemberSummary = { userId: 22, handleName: 'priyahikes', firstName: 'Priya', lastName: 'Nair', profileImage: null };

export const aQueueItem = (over: Partial<QueueItem> = {}): QueueItem => ({
  targetKind: 'post',
  targetId: 501,
  reportCount: 3,
  reasons: [
    { id: 3, title: 'Spam or scam', count: 2 },
    { id: 1, title: 'Harassment or bullying', count: 1 },
  ],
  reporters: [priya],
  firstReportedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  lastReportedAt: new Date(Date.now() - 600_000).toISOString(),
  target: { member: jonas, excerpt: 'Cheap carbon wheels, DM me now!!!', link: { kind: 'post', id: 501 }, removed: false },
  ...over,
});

export const aCase = (over: Partial<ModerationCase> = {}): ModerationCase => ({
  targetKind: 'post',
  targetId: 501,
  target: { member: jonas, excerpt: 'Cheap carbon wheels, DM me now!!!', link: { kind: 'post', id: 501 }, removed: false },
  text: 'Cheap carbon wheels, DM me now!!! Only today.',
  images: ['/media/wheels.webp'],
  video: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  context: null,
  recentPosts: [],
  memberStatus: { suspendedUntil: null, warnings: 1 },
  reports: [
    { reportId: 9, reporter: priya, reasonId: 3, reason: 'Spam or scam', comment: 'Third time this week.', images: [], status: 'open', createdAt: '2026-11-25T10:00:00.000Z' },
  ],
  history: [],
  ...over,
});

export const anAuditEntry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  actionId: 71,
  action: 'remove',
  moderator: null,
  targetKind: 'post',
  targetId: 501,
  member: jonas,
  ruleId: 3,
  rule: 'Spam or scam',
  note: 'Selling wheels in the feed is advertising.',
  until: null,
  excerpt: 'Cheap carbon wheels, DM me now!!!',
  createdAt: '2026-11-24T12:00:00.000Z',
  appeal: null,
  ...over,
});

export const anOpenAppeal = (over: Partial<OpenAppeal> = {}): OpenAppeal => ({
  appealId: 31,
  text: 'It was a one-off sale to a club mate, not an advert.',
  createdAt: '2026-11-25T08:00:00.000Z',
  member: jonas,
  decision: anAuditEntry({ moderator: priya, appeal: { appealId: 31, status: 'open', text: 'It was a one-off sale.', createdAt: '2026-11-25T08:00:00.000Z' } }),
  ...over,
});

export const pageOfItems = <T>(list: T[]) => ok({ list, current_page: 1, last_page: 1, per_page: 20, total: list.length, next_cursor: null });

/** Answers `GET /api/moderation/<path>` with the list `pick` gives at the time of the request. */
export function serveModerationList<T>(path: string, pick: () => T[]) {
  server.use(http.get(`/api/moderation/${path}`, () => HttpResponse.json(pageOfItems(pick()))));
}
