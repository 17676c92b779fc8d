import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedCommentList, feedList } from '#contract/feeds';
import { compressImageData } from '#contract/media';
import { notificationList } from '#contract/notifications';
import { queueList, REPORT_REASONS, reasonList, reportMessages, REPORTS_PER_DAY } from '#contract/reports';
import { hours } from '../../lib/clock';
import { imageForm, solid } from '../media/test-images';
import { body, createTestApp, okData, type TestApp } from '../../test/test-app';
import { insertEvent } from '../events/event-test-rows';
import { insertShort } from '../feeds/short-test-rows';
import { shortHelpers } from '../feeds/short-test-helpers';
import { reportHelpers, type Member } from './report-test-helpers';

// Issue 20, reports: a member reports a member, a post, an event or a comment for a community rule; one open report
// per target, a daily limit, withdraw while open; what they reported leaves their lists at once; reporting stays
// possible after blocking; the comment is stored as text.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const h = reportHelpers(() => t);
const { send } = h;

const everyone = async (who: Member) => okData(await send('GET', '/api/feed?filter_type=all', who.token), feedList).list.map((f) => f.id);
const thread = async (who: Member, feedId: number) => okData(await send('GET', `/api/feed/comment?feedId=${feedId}`, who.token), feedCommentList).list.map((c) => c.commentId);

describe('reasons', () => {
  it('answers the community rules in order, each with its rule text', async () => {
    const m = await h.member();
    const { list } = okData(await send('GET', '/api/reason', m.token), reasonList);
    expect(list.map((r) => r.code)).toEqual(['harassment', 'hate', 'spam', 'nudity', 'violence', 'dangerous_trail', 'impersonation', 'minor_at_risk', 'other']);
    expect(list[5]).toMatchObject({ id: 6, title: 'Dangerous trail behaviour' });
    expect(list.every((r) => r.rule.length > 20)).toBe(true);
  });
});

describe('reporting each kind', () => {
  it('reports a member, a post, an event and a comment, each listed with its reason and "open"', async () => {
    const reporter = await h.member();
    const author = await h.member({ firstName: 'Dana', lastName: 'Spokes' });
    const feedId = await h.post(author, 'Shortcut through the closed trail');
    const commentId = (await h.comment(author, feedId, 'Ride it anyway')).commentId;
    const eventId = await insertEvent(t.db, author.userId, { whoCanSee: 'public' });

    const member = await h.reportCall(reporter, 'member', author.userId, { reasonId: 7, comment: 'Pretends to be a shop.' });
    expect(body(member)).toMatchObject({ code: 200, message: reportMessages.memberReported });
    const post = await h.reportCall(reporter, 'post', feedId, { reasonId: 6 });
    expect(body(post)).toMatchObject({ code: 200, message: reportMessages.sent });
    await h.report(reporter, 'event', eventId, { reasonId: 3 });
    await h.report(reporter, 'comment', commentId, { reasonId: 1 });

    expect((await h.mine(reporter, 'member')).list).toEqual([
      expect.objectContaining({
        targetKind: 'member',
        targetId: author.userId,
        reasonId: 7,
        reason: 'Impersonation',
        comment: 'Pretends to be a shop.',
        status: 'open',
        resolvedAt: null,
        target: { member: expect.objectContaining({ userId: author.userId, firstName: 'Dana' }), excerpt: null, link: { kind: 'member', id: author.userId }, removed: false },
      }),
    ]);
    expect((await h.mine(reporter, 'post')).list).toEqual([
      expect.objectContaining({ targetId: feedId, reason: 'Dangerous trail behaviour', target: expect.objectContaining({ excerpt: 'Shortcut through the closed trail', link: { kind: 'post', id: feedId } }) }),
    ]);
    expect((await h.mine(reporter, 'event')).list).toEqual([expect.objectContaining({ targetId: eventId, reason: 'Spam or scam', target: expect.objectContaining({ link: { kind: 'event', id: eventId } }) })]);
    // A comment links to the post it is on.
    expect((await h.mine(reporter, 'comment')).list).toEqual([
      expect.objectContaining({ targetId: commentId, reason: 'Harassment or bullying', target: expect.objectContaining({ excerpt: 'Ride it anyway', link: { kind: 'post', id: feedId } }) }),
    ]);
    // Lists are the reporter's own: the author has none.
    expect((await h.mine(author, 'post')).total).toBe(0);
  });

  it('refuses a missing reason, an unknown target, oneself and a report of another member’s private post', async () => {
    const reporter = await h.member();
    const author = await h.member({ private: true });
    const feedId = await h.post(author);
    const noReason = await send('POST', '/api/report-feed', reporter.token, { feedId });
    expect(noReason.statusCode).toBe(400);
    expect(body(noReason).errors).toMatchObject({ reasonId: expect.arrayContaining([expect.any(String)]) });
    const unknown = await h.reportCall(reporter, 'post', 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    // The private author's post is not the reporter's to see: the same 404 as no post.
    const hidden = await h.reportCall(reporter, 'post', feedId);
    expect(body(hidden)).toEqual(body(unknown));
    const self = await h.reportCall(reporter, 'member', reporter.userId);
    expect(body(self)).toMatchObject({ code: 400, message: reportMessages.self });
  });

  it('takes one open report per target (409), and a new one once the first is withdrawn', async () => {
    const reporter = await h.member();
    const author = await h.member();
    const feedId = await h.post(author);
    const first = await h.report(reporter, 'post', feedId);
    const again = await h.reportCall(reporter, 'post', feedId, { reasonId: 3 });
    expect(body(again)).toMatchObject({ code: 409, message: reportMessages.duplicate });
    // Someone else may report it too.
    await h.report(await h.member(), 'post', feedId);
    expect(body(await h.withdrawCall(reporter, 'post', first.reportId))).toMatchObject({ code: 200, message: reportMessages.withdrawn });
    expect((await h.mine(reporter, 'post')).total).toBe(0);
    expect((await h.report(reporter, 'post', feedId, { reasonId: 3 })).reason).toBe('Spam or scam');
  });

  it('withdraws only the reporter’s own open report of that kind', async () => {
    const reporter = await h.member();
    const other = await h.member();
    const author = await h.member();
    const feedId = await h.post(author);
    const mine = await h.report(reporter, 'post', feedId);
    expect((await h.withdrawCall(other, 'post', mine.reportId)).statusCode).toBe(404);
    // The comment path does not withdraw a post report.
    expect((await h.withdrawCall(reporter, 'comment', mine.reportId)).statusCode).toBe(404);
    expect((await h.mine(reporter, 'post')).list.map((r) => r.reportId)).toEqual([mine.reportId]);
  });

  it(`sends at most ${REPORTS_PER_DAY} reports a day, then 429 until the next day (UTC)`, async () => {
    const reporter = await h.member();
    const people = await Promise.all(Array.from({ length: REPORTS_PER_DAY + 1 }, () => t.signUp()));
    for (const p of people.slice(0, REPORTS_PER_DAY)) await h.report(reporter, 'member', p.userId, { reasonId: 3 });
    const over = await h.reportCall(reporter, 'member', people[REPORTS_PER_DAY]!.userId, { reasonId: 3 });
    expect(body(over)).toMatchObject({ code: 429, message: reportMessages.dailyLimit });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(hours(24));
    expect((await h.reportCall(reporter, 'member', people[REPORTS_PER_DAY]!.userId, { reasonId: 3 })).statusCode).toBe(200);
  });
});

describe('what a report changes for the reporter', () => {
  it('hides the reported post and comment from the reporter’s lists at once, and from nobody else', async () => {
    const reporter = await h.member();
    const bystander = await h.member();
    const author = await h.member();
    const feedId = await h.post(author, `Report me ${Date.now()}`);
    const kept = await h.comment(bystander, feedId, 'Nice loop');
    const rude = await h.comment(author, feedId, 'You ride like a tourist');
    expect(await everyone(reporter)).toContain(feedId);
    expect(await thread(reporter, feedId)).toEqual(expect.arrayContaining([kept.commentId, rude.commentId]));

    await h.report(reporter, 'comment', rude.commentId, { reasonId: 1 });
    expect(await thread(reporter, feedId)).toEqual([kept.commentId]);
    expect(await thread(bystander, feedId)).toEqual(expect.arrayContaining([kept.commentId, rude.commentId]));

    await h.report(reporter, 'post', feedId, { reasonId: 1 });
    expect(await everyone(reporter)).not.toContain(feedId);
    expect(await everyone(bystander)).toContain(feedId);
    // Withdrawn, it is back.
    const [report] = (await h.mine(reporter, 'post')).list;
    await h.withdrawCall(reporter, 'post', report!.reportId);
    expect(await everyone(reporter)).toContain(feedId);
  });

  it('stays possible after blocking (Mastodon #23249), and a member who blocked the reporter is not there', async () => {
    const reporter = await h.member();
    const author = await h.member();
    const feedId = await h.post(author);
    await h.toggle('POST', '/api/block', reporter, author.userId);
    // The reporter's own block hides the post from them, and they may still report it and its author.
    expect(await h.postStatus(reporter, feedId)).toBe(404);
    expect((await h.report(reporter, 'post', feedId, { reasonId: 1 })).status).toBe('open');
    expect((await h.report(reporter, 'member', author.userId, { reasonId: 1 })).status).toBe('open');

    const blockedBy = await h.member();
    const blocker = await h.member();
    await h.toggle('POST', '/api/block', blocker, blockedBy.userId);
    const unknown = await h.reportCall(blockedBy, 'member', 2_000_000_000);
    expect(body(await h.reportCall(blockedBy, 'member', blocker.userId))).toEqual(body(unknown));
  });
});

describe('screenshots and text', () => {
  it('attaches screenshots (signed for the reporter) and keeps an XSS comment as plain text', async () => {
    const reporter = await h.member();
    const author = await h.member();
    const form = imageForm(await solid(40, 30, 'png'), { type: 'report' });
    const upload = await t.app.inject({ method: 'POST', url: '/api/compress-image', payload: form.payload, headers: { ...form.headers, ...t.bearer(reporter.token) } });
    const shot = okData(upload, compressImageData).images[0]!;
    const xss = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const sent = await h.report(reporter, 'member', author.userId, { reasonId: 1, comment: xss, images: [shot.key] });
    expect(sent.comment).toBe(xss);
    expect(sent.images).toHaveLength(1);
    expect(sent.images[0]).toMatch(/^\/media\/[\w-]{22}\/[a-z]+\.webp\?exp=\d+&sig=[\w-]{43}$/);
    // The signed URL opens it; unsigned, it is nobody's (the author's token does not open it either).
    expect((await t.app.inject({ method: 'GET', url: sent.images[0]! })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: sent.images[0]!.split('?')[0]!, headers: t.bearer(author.token) })).statusCode).toBe(404);
    // Someone else's upload key is refused on the field.
    const other = okData(
      await t.app.inject({ method: 'POST', url: '/api/compress-image', payload: form.payload, headers: { ...form.headers, ...t.bearer(author.token) } }),
      compressImageData,
    ).images[0]!;
    const refused = await h.reportCall(reporter, 'post', await h.post(author), { images: [other.key] });
    expect(body(refused)).toMatchObject({ code: 400, errors: { 'images.0': ['Upload the image again.'] } });
  });

  it.each(['<img src=x onerror=alert(1)>', 'javascript:alert(1)', '<svg onload=alert(1)>', '<script>alert(1)</script>'])(
    'keeps the XSS payload %s in a report comment as the text it is, for the reporter and the moderator',
    async (payload) => {
      const reporter = await h.member();
      const author = await h.member();
      const mod = await h.moderator();
      const feedId = await h.post(author);
      expect((await h.report(reporter, 'post', feedId, { reasonId: 3, comment: payload })).comment).toBe(payload);
      expect((await h.reviewCase(mod, 'post', feedId)).reports[0]!.comment).toBe(payload);
    },
  );

  it('lists reasons the wire knows', () => {
    expect(REPORT_REASONS.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('shorts (spec: /api/short-video-report, /api/shortVideoReportedComment, /manage-shorts/*)', () => {
  const shorts = shortHelpers(() => t);
  const shortIds = async (who: Member) => okData(await send('GET', '/api/video-feed', who.token), feedList).list.map((f) => f.id);

  it('files a short and a comment on one under their own kinds, whichever path they came by', async () => {
    const reporter = await h.member();
    const author = await h.member({ firstName: 'Sam', lastName: 'Drop' });
    const [first, second] = [await insertShort(t.db, author.userId, { title: 'Gap jump' }), await insertShort(t.db, author.userId)];
    const onShort = (await h.comment(author, first, 'Send it')).commentId;
    const alsoOnShort = (await h.comment(author, second, 'No brakes')).commentId;
    const feedId = await h.post(author);
    const onPost = (await h.comment(author, feedId, 'Loose gravel')).commentId;

    const byShortPath = await h.reportCall(reporter, 'short', first, { reasonId: 6 });
    expect(body(byShortPath)).toMatchObject({ code: 200, message: reportMessages.sent, data: { targetKind: 'short', targetId: first } });
    // A short sent as a post, and comments sent by the other kind's path, are filed as what they are.
    expect(await h.report(reporter, 'post', second, { reasonId: 3 })).toMatchObject({ targetKind: 'short', targetId: second });
    expect(await h.report(reporter, 'comment', onShort)).toMatchObject({ targetKind: 'short_comment' });
    expect(await h.report(reporter, 'short_comment', alsoOnShort)).toMatchObject({ targetKind: 'short_comment' });
    expect(await h.report(reporter, 'short_comment', onPost)).toMatchObject({ targetKind: 'comment' });

    expect((await h.mine(reporter, 'short')).list).toEqual([
      expect.objectContaining({ targetKind: 'short', targetId: second, reason: 'Spam or scam', target: expect.objectContaining({ link: { kind: 'short', id: second } }) }),
      expect.objectContaining({ targetKind: 'short', targetId: first, reason: 'Dangerous trail behaviour', target: expect.objectContaining({ excerpt: 'Gap jump', link: { kind: 'short', id: first } }) }),
    ]);
    // A comment on a short links to the short it is on.
    expect((await h.mine(reporter, 'short_comment')).list.map((r) => [r.targetId, r.target.link])).toEqual([
      [alsoOnShort, { kind: 'short', id: second }],
      [onShort, { kind: 'short', id: first }],
    ]);
    expect((await h.mine(reporter, 'post')).total).toBe(0);
    expect((await h.mine(reporter, 'comment')).list.map((r) => r.targetId)).toEqual([onPost]);
    // One open report per short, by either path.
    h.expectStatus(await h.reportCall(reporter, 'short', second), 409);

    // A short's report is withdrawn on the shorts' path, not the posts'.
    const [shortReport] = (await h.mine(reporter, 'short')).list;
    h.expectStatus(await h.withdrawCall(reporter, 'post', shortReport!.reportId), 404);
    h.expectStatus(await h.withdrawCall(reporter, 'short', shortReport!.reportId), 200);
    expect((await h.mine(reporter, 'short')).list.map((r) => r.targetId)).toEqual([first]);
  });

  it('hides the reported short and comment from the reporter at once, and from nobody else', async () => {
    const [reporter, other, author] = [await h.member(), await h.member(), await h.member()];
    const shortId = await insertShort(t.db, author.userId);
    const kept = await insertShort(t.db, author.userId);
    const comment = (await h.comment(author, kept, 'Ride it closed')).commentId;
    const fine = (await h.comment(author, kept, 'Great line')).commentId;
    await h.report(reporter, 'short', shortId);
    await h.report(reporter, 'short_comment', comment);

    expect(await shortIds(reporter)).not.toContain(shortId);
    expect(await shortIds(reporter)).toContain(kept);
    expect(await shortIds(other)).toEqual(expect.arrayContaining([shortId, kept]));
    expect(await thread(reporter, kept)).toEqual([fine]);
    expect(await thread(other, kept)).toEqual(expect.arrayContaining([comment, fine]));
  });

  it('refuses a short the reporter may not watch, like one that does not exist', async () => {
    const [reporter, author] = [await h.member(), await h.member()];
    const mine = await insertShort(t.db, author.userId, { visibility: 'only_me' });
    const missing = await h.reportCall(reporter, 'short', 2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(body(await h.reportCall(reporter, 'short', mine))).toEqual(body(missing));
  });

  it('shows the moderator the short’s video; removing it tells the reporter and the author, who may appeal', async () => {
    const [reporter, author, mod] = [await h.member(), await h.member({ firstName: 'Remy', lastName: 'Roost' }), await h.moderator()];
    // A real short: its video uploaded, processed by the job and published.
    const short = await shorts.published(author, { title: 'Riding the closed descent', visibility: 'followers' });
    await h.toggle('POST', '/api/follow', reporter, author.userId);
    await h.report(reporter, 'short', short.id, { reasonId: 6, comment: 'This trail is closed for logging.' });

    // The queue is oldest first, and this file's earlier reports are open before it: its last page has the short.
    const first = await h.queue(mod);
    const last = okData(await send('GET', `/api/moderation/queue?page=${first.last_page}`, mod.token), queueList);
    const queued = last.list.find((i) => i.targetId === short.id);
    expect(queued).toMatchObject({ targetKind: 'short', reportCount: 1, target: expect.objectContaining({ link: { kind: 'short', id: short.id } }) });
    // Asked as a post, the case is the short's, with its video signed for the moderator (only followers may watch it,
    // and the moderator is none).
    const seen = await h.reviewCase(mod, 'post', short.id);
    expect(seen).toMatchObject({ targetKind: 'short', text: 'Riding the closed descent', images: [] });
    expect(seen.video).toMatchObject({ status: 'ready', key: short.videos[0]!.key });
    expect(seen.video!.videoUrl).toMatch(/^\/media\/.+\?.+/);
    expect((await t.app.inject({ method: 'GET', url: seen.video!.videoUrl, headers: t.bearer(mod.token) })).statusCode).toBe(200);

    const removed = await h.decide(mod, { targetKind: 'short', targetId: short.id, action: 'remove', ruleId: 6, note: 'Sends riders onto a closed trail.' });
    expect((await send('GET', `/api/feed/${short.id}`, author.token)).statusCode).toBe(404);
    expect((await h.mine(reporter, 'short')).list).toEqual([expect.objectContaining({ status: 'action_taken', target: expect.objectContaining({ removed: true }) })]);
    const notices = async (who: Member) => okData(await send('GET', '/api/notifications', who.token), notificationList).list.filter((n) => n.kind === 'moderation');
    expect(await notices(reporter)).toEqual([
      expect.objectContaining({ subjectType: 'short_report', message: 'We reviewed your report about a short by Remy Roost: action was taken. Thank you for keeping Switchback safe.' }),
    ]);
    expect(await notices(author)).toEqual([
      expect.objectContaining({ subjectType: 'decision', message: 'Your short was removed for breaking the rule “Dangerous trail behaviour”. You can appeal once.' }),
    ]);
    const appealed = await send('POST', `/api/moderation/decisions/${removed.actionId}/appeal`, author.token, { text: 'The trail reopened the day I filmed this.' });
    expect(body(appealed)).toMatchObject({ code: 200, data: { targetKind: 'short', appeal: expect.objectContaining({ status: 'open' }) } });
  });
});
