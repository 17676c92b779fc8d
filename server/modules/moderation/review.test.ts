import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feed, feedCommentList, feedList } from '#contract/feeds';
import { notificationList } from '#contract/notifications';
import { appealList, auditEntry, auditList, moderationMessagesFor as said, SUSPENDED_FOR_GOOD } from '#contract/reports';
import { ownProfile } from '#contract/user';
import { days } from '../../lib/clock';
import { body, createTestApp, okData, uniqueEmail, type TestApp } from '../../test/test-app';
import { reportHelpers, type Member } from '../reports/report-test-helpers';

// Issue 20, the review queue: open reports grouped by target reach moderators, who dismiss, remove, warn or suspend
// with a written reason; every decision is in the audit log; reporters learn the outcome, the member why; a removal
// or warning is appealed once, to another moderator. Moderation routes answer members 403.

const ADMIN = uniqueEmail('admin');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ` ${ADMIN.toUpperCase()} , nobody@example.com` } });
});
afterAll(() => t?.close());

const h = reportHelpers(() => t);
const { send } = h;

const notices = async (who: Member) => okData(await send('GET', '/api/notifications', who.token), notificationList).list.filter((n) => n.kind === 'moderation');
const everyone = async (who: Member) => okData(await send('GET', '/api/feed?filter_type=all', who.token), feedList).list.map((f) => f.id);
const thread = async (who: Member, feedId: number) => okData(await send('GET', `/api/feed/comment?feedId=${feedId}`, who.token), feedCommentList);

describe('who moderates', () => {
  const memberRoutes = [
    ['GET', '/api/moderation/queue'],
    ['GET', '/api/moderation/case?targetKind=post&targetId=1'],
    ['POST', '/api/moderation/actions', { targetKind: 'post', targetId: 1, action: 'dismiss', note: 'Nothing wrong.' }],
    ['GET', '/api/moderation/log'],
    ['GET', '/api/moderation/appeals'],
    ['POST', '/api/moderation/appeals/1', { decision: 'deny', note: 'It stands.' }],
  ] as const;

  it.each(memberRoutes)('%s %s: 403 for a member, answered for a moderator', async (method, url, payload?: object) => {
    const member = await h.member();
    const refused = await send(method, url, member.token, payload);
    expect(body(refused)).toEqual({ code: 403, message: 'Only moderators can review reports.' });
    const mod = await h.moderator();
    expect((await send(method, url, mod.token, payload)).statusCode).not.toBe(403);
  });

  it('answers everyone their own decisions (none yet) and keeps the moderator flag on the profile', async () => {
    const member = await h.member();
    expect(okData(await send('GET', '/api/moderation/decisions', member.token), auditList)).toMatchObject({ total: 0, list: [] });
    expect(okData(await send('GET', '/api/profile', member.token), ownProfile).isModerator).toBe(false);
    expect(okData(await send('GET', '/api/profile', (await h.moderator()).token), ownProfile).isModerator).toBe(true);
  });

  it('makes an ADMIN_EMAILS address a moderator from sign-up, whatever its case', async () => {
    const admin = await t.signUp({ email: ADMIN });
    expect(okData(await send('GET', '/api/profile', admin.token), ownProfile).isModerator).toBe(true);
    expect((await send('GET', '/api/moderation/queue', admin.token)).statusCode).toBe(200);
  });
});

describe('the queue and a case', () => {
  it('groups open reports by target, oldest first, with counts, reasons and reporters, and shows the case in context', async () => {
    const mod = await h.moderator();
    const author = await h.member({ firstName: 'Rex', lastName: 'Rude' });
    const [c1, c2, c3] = [await h.member({ firstName: 'Cy' }), await h.member({ firstName: 'Di' }), await h.member({ firstName: 'Ed' })];
    const feedId = await h.post(author, 'Sunday loop');
    const parent = await h.comment(c1, feedId, 'Great photos!');
    const reply = await h.comment(author, feedId, 'Nobody asked you, clown', parent.commentId);
    await h.report(c1, 'comment', reply.commentId, { reasonId: 1, comment: 'Insults me.' });
    t.clock.advance(1000);
    await h.report(c2, 'comment', reply.commentId, { reasonId: 1 });
    t.clock.advance(1000);
    await h.report(c3, 'comment', reply.commentId, { reasonId: 3 });
    t.clock.advance(1000);
    await h.report(c1, 'member', author.userId, { reasonId: 1 });

    const queue = await h.queue(mod);
    const mine = queue.list.filter((q) => q.target.member?.userId === author.userId);
    expect(mine.map((q) => [q.targetKind, q.reportCount])).toEqual([
      ['comment', 3],
      ['member', 1],
    ]);
    expect(mine[0]).toMatchObject({
      targetId: reply.commentId,
      reasons: [
        { id: 1, title: 'Harassment or bullying', count: 2 },
        { id: 3, title: 'Spam or scam', count: 1 },
      ],
      reporters: [expect.objectContaining({ userId: c1.userId }), expect.objectContaining({ userId: c2.userId }), expect.objectContaining({ userId: c3.userId })],
      target: { excerpt: 'Nobody asked you, clown', link: { kind: 'post', id: feedId }, removed: false },
    });

    const shown = await h.reviewCase(mod, 'comment', reply.commentId);
    expect(shown).toMatchObject({
      text: 'Nobody asked you, clown',
      context: { subjectExcerpt: 'Sunday loop', parent: { member: expect.objectContaining({ userId: c1.userId }), body: 'Great photos!' } },
      recentPosts: [expect.objectContaining({ feedId, text: 'Sunday loop', removed: false })],
      memberStatus: { suspendedUntil: null, warnings: 0 },
      history: [],
    });
    expect(shown.reports.map((r) => [r.reporter?.userId, r.reason, r.status])).toEqual([
      [c3.userId, 'Spam or scam', 'open'],
      [c2.userId, 'Harassment or bullying', 'open'],
      [c1.userId, 'Harassment or bullying', 'open'],
    ]);
    expect(shown.reports[2]!.comment).toBe('Insults me.');
  });

  it('shows a moderator a private member’s reported post, which the moderator could not otherwise see', async () => {
    const mod = await h.moderator();
    const author = await h.member({ private: true });
    const follower = await h.member();
    await h.toggle('POST', '/api/follow', follower, author.userId);
    await h.toggle('POST', '/api/follow/accept', author, follower.userId);
    const feedId = await h.post(author, 'Followers only');
    await h.report(follower, 'post', feedId, { reasonId: 4 });
    expect(await h.postStatus(mod, feedId)).toBe(404);
    expect(await h.reviewCase(mod, 'post', feedId)).toMatchObject({ text: 'Followers only', reports: [expect.objectContaining({ reason: 'Nudity or sexual content' })] });
  });
});

describe('decisions', () => {
  it('removes a post: gone for everyone, its author included; reporters told "action taken", the author which rule; logged', async () => {
    const mod = await h.moderator();
    const author = await h.member({ firstName: 'Pat', lastName: 'Poster' });
    const reporter = await h.member();
    const bystander = await h.member();
    const feedId = await h.post(author, 'Ride the closed trail at night');
    const report = await h.report(reporter, 'post', feedId, { reasonId: 6 });
    expect(await everyone(bystander)).toContain(feedId);

    const refused = await h.decideCall(mod, { targetKind: 'post', targetId: feedId, action: 'remove', note: 'Encourages closed trails.' });
    expect(body(refused)).toMatchObject({ code: 400, errors: { ruleId: [said.ruleNeeded] } });
    const res = await h.decideCall(mod, { targetKind: 'post', targetId: feedId, action: 'remove', ruleId: 6, note: 'Encourages closed trails.' });
    expect(body(res).message).toBe(said.removed);
    const entry = okData(res, auditEntry);
    expect(entry).toMatchObject({ action: 'remove', moderator: expect.objectContaining({ userId: mod.userId }), member: expect.objectContaining({ userId: author.userId }), rule: 'Dangerous trail behaviour', excerpt: 'Ride the closed trail at night' });

    for (const who of [author, bystander, reporter]) expect(await h.postStatus(who, feedId)).toBe(404);
    expect(await everyone(bystander)).not.toContain(feedId);
    expect(okData(await send('GET', '/api/feed?filter_type=mine', author.token), feedList).list.map((f) => f.id)).not.toContain(feedId);
    expect((await h.mine(reporter, 'post')).list[0]).toMatchObject({ reportId: report.reportId, status: 'action_taken', target: { removed: true } });
    expect(await notices(reporter)).toEqual([
      expect.objectContaining({ subjectType: 'post_report', subjectId: report.reportId, actor: null, message: 'We reviewed your report about a post by Pat Poster: action was taken. Thank you for keeping Switchback safe.' }),
    ]);
    expect(await notices(author)).toEqual([
      expect.objectContaining({ subjectType: 'decision', subjectId: entry.actionId, message: 'Your post was removed for breaking the rule “Dangerous trail behaviour”. You can appeal once.' }),
    ]);
    // Nothing is open on it any more.
    expect((await h.queue(mod)).list.some((q) => q.targetKind === 'post' && q.targetId === feedId)).toBe(false);
    expect(body(await h.decideCall(mod, { targetKind: 'post', targetId: feedId, action: 'dismiss', note: 'Again.' }))).toMatchObject({ code: 409, message: said.notOpen });
    const log = okData(await send('GET', '/api/moderation/log', mod.token), auditList);
    expect(log.list.find((e) => e.actionId === entry.actionId)).toMatchObject({ note: 'Encourages closed trails.', targetKind: 'post', targetId: feedId });
  });

  it('dismisses: the content stays and the reporters hear no rule was broken', async () => {
    const mod = await h.moderator();
    const author = await h.member({ firstName: 'Kim', lastName: 'Kind' });
    const reporter = await h.member();
    const feedId = await h.post(author);
    await h.report(reporter, 'post', feedId, { reasonId: 9 });
    expect(body(await h.decideCall(mod, { targetKind: 'post', targetId: feedId, action: 'dismiss', note: 'A normal ride report.' })).message).toBe(said.dismissed);
    expect(await h.postStatus(author, feedId)).toBe(200);
    expect((await h.mine(reporter, 'post')).list[0]!.status).toBe('dismissed');
    expect((await notices(reporter))[0]!.message).toBe('We reviewed your report about a post by Kim Kind and found no rule broken. Thank you for telling us.');
    expect(await notices(author)).toEqual([]);
  });

  it('refuses to remove a member (warn or suspend them)', async () => {
    const mod = await h.moderator();
    const member = await h.member();
    await h.report(await h.member(), 'member', member.userId, { reasonId: 7 });
    expect(body(await h.decideCall(mod, { targetKind: 'member', targetId: member.userId, action: 'remove', ruleId: 7, note: 'Fake shop.' }))).toMatchObject({ code: 400, message: said.cannotRemoveMember });
  });

  it('removes a comment with its replies from the thread and the count, and an appeal granted by another moderator restores them', async () => {
    const [mod, other] = [await h.moderator(), await h.moderator()];
    const owner = await h.member();
    const author = await h.member();
    const feedId = await h.post(owner);
    const rude = await h.comment(author, feedId, 'Get off my trail');
    await h.comment(owner, feedId, 'It is everyone’s trail', rude.commentId);
    await h.comment(owner, feedId, 'Lovely morning');
    expect((await thread(owner, feedId)).list).toHaveLength(2);
    await h.report(owner, 'comment', rude.commentId, { reasonId: 1 });
    const bystander = await h.member();
    expect(await thread(bystander, feedId)).toMatchObject({ total: 2 });

    const removed = await h.decide(mod, { targetKind: 'comment', targetId: rude.commentId, action: 'remove', ruleId: 1, note: 'Hostile.' });
    const after = await thread(bystander, feedId);
    expect(after.list.map((c) => c.comment)).toEqual(['Lovely morning']);
    expect(okData(await send('GET', `/api/feed/${feedId}`, bystander.token), feed).commentCount).toBe(1);
    // Its author cannot reply to it or like it any more.
    expect((await send('POST', '/api/feed/comment/like', author.token, { commentId: rude.commentId, isLiked: true })).statusCode).toBe(404);

    const appealed = await send('POST', `/api/moderation/decisions/${removed.actionId}/appeal`, author.token, { text: 'I was joking with a friend, sorry.' });
    expect(body(appealed).message).toBe(said.appealSent);
    expect(okData(appealed, auditEntry)).toMatchObject({ moderator: null, appeal: { status: 'open', text: 'I was joking with a friend, sorry.' } });
    expect(body(await send('POST', `/api/moderation/decisions/${removed.actionId}/appeal`, author.token, { text: 'Please, once more.' }))).toMatchObject({ code: 409, message: said.appealedAlready });
    // Nobody else appeals it.
    expect((await send('POST', `/api/moderation/decisions/${removed.actionId}/appeal`, owner.token, { text: 'Not mine to appeal.' })).statusCode).toBe(404);

    const [open] = okData(await send('GET', '/api/moderation/appeals', other.token), appealList).list.filter((a) => a.decision.actionId === removed.actionId);
    expect(open).toMatchObject({ member: expect.objectContaining({ userId: author.userId }), decision: { action: 'remove', rule: 'Harassment or bullying' } });
    // The moderator who decided does not judge the appeal.
    expect(body(await send('POST', `/api/moderation/appeals/${open!.appealId}`, mod.token, { decision: 'deny', note: 'I stand by it.' }))).toMatchObject({
      code: 403,
      message: said.sameModerator,
    });
    const granted = await send('POST', `/api/moderation/appeals/${open!.appealId}`, other.token, { decision: 'grant', note: 'Banter between friends.' });
    expect(body(granted).message).toBe(said.appealGranted);
    expect(okData(granted, auditEntry)).toMatchObject({ action: 'appeal_granted', moderator: expect.objectContaining({ userId: other.userId }) });
    expect((await thread(bystander, feedId)).list.map((c) => c.comment)).toEqual(expect.arrayContaining(['Lovely morning', 'Get off my trail']));
    expect(okData(await send('GET', `/api/feed/${feedId}`, bystander.token), feed).commentCount).toBe(3);
    expect((await notices(author)).map((n) => n.message)).toEqual([
      'Your appeal was granted: your comment is back.',
      'Your comment was removed for breaking the rule “Harassment or bullying”. You can appeal once.',
    ]);
    const decisions = okData(await send('GET', '/api/moderation/decisions', author.token), auditList);
    expect(decisions.list.find((d) => d.actionId === removed.actionId)).toMatchObject({ moderator: null, appeal: { status: 'granted' } });
  });

  it('warns: the member is told, the case counts it, and a denied appeal keeps it', async () => {
    const [mod, other] = [await h.moderator(), await h.moderator()];
    const member = await h.member();
    await h.report(await h.member(), 'member', member.userId, { reasonId: 3 });
    const warned = await h.decide(mod, { targetKind: 'member', targetId: member.userId, action: 'warn', ruleId: 3, note: 'Stop advertising.' });
    expect((await notices(member))[0]!.message).toBe('You received a warning for breaking the rule “Spam or scam”. You can appeal once.');
    await h.report(await h.member(), 'member', member.userId, { reasonId: 3 });
    expect((await h.reviewCase(mod, 'member', member.userId)).memberStatus).toEqual({ suspendedUntil: null, warnings: 1 });
    await send('POST', `/api/moderation/decisions/${warned.actionId}/appeal`, member.token, { text: 'It was a club event, not an ad.' });
    const [open] = okData(await send('GET', '/api/moderation/appeals', other.token), appealList).list.filter((a) => a.decision.actionId === warned.actionId);
    expect(body(await send('POST', `/api/moderation/appeals/${open!.appealId}`, other.token, { decision: 'deny', note: 'Three shop links.' })).message).toBe(said.appealDenied);
    expect((await notices(member))[0]!.message).toBe('Your appeal was reviewed by another moderator, and the decision stands.');
    expect((await h.reviewCase(mod, 'member', member.userId)).memberStatus!.warnings).toBe(1);
  });

  it('suspends: every session ends at once (their sockets are told), sign-in is refused with the reason until it ends', async () => {
    const mod = await h.moderator();
    const member = await h.member();
    const second = await t.tokenFor(member.email, member.password);
    await h.report(await h.member(), 'member', member.userId, { reasonId: 5 });
    const ended: number[] = [];
    const stop = t.app.deps.bus.subscribe((m) => {
      if (m.type === 'sessions-ended') ended.push(m.userId);
    });
    const before = t.clock.now().getTime();
    const entry = await h.decide(mod, { targetKind: 'member', targetId: member.userId, action: 'suspend', ruleId: 5, note: 'Threats in comments.', days: 7 });
    stop();
    expect(ended).toEqual([member.userId]);
    expect(new Date(entry.until!).getTime()).toBeGreaterThanOrEqual(before + days(7));
    expect(new Date(entry.until!).getTime()).toBeLessThanOrEqual(t.clock.now().getTime() + days(7));
    for (const token of [member.token, second]) expect((await send('GET', '/api/profile', token)).statusCode).toBe(401);
    const refused = await t.signIn(member.email, member.password);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toMatch(/^Your account is suspended until \d{1,2} \w{3} \d{4} for breaking the rule “Violence or threats”\./);
    // A wrong password learns nothing of the suspension.
    expect(body(await t.signIn(member.email, 'Wrong-password-1!')).message).toBe('The e-mail or password is incorrect.');
    t.clock.advance(days(7) + 1000);
    expect((await t.signIn(member.email, member.password)).statusCode).toBe(200);
    // Suspensions cannot be appealed here.
    expect(body(await send('POST', `/api/moderation/decisions/${entry.actionId}/appeal`, await t.tokenFor(member.email, member.password), { text: 'I was hacked, truly.' }))).toMatchObject({
      code: 400,
      message: said.notAppealable,
    });
  });

  it('suspends for good without days', async () => {
    const mod = await h.moderator();
    const member = await h.member();
    await h.report(await h.member(), 'member', member.userId, { reasonId: 8 });
    const entry = await h.decide(mod, { targetKind: 'member', targetId: member.userId, action: 'suspend', ruleId: 8, note: 'Shared a child’s address.' });
    expect(entry.until).toBe(SUSPENDED_FOR_GOOD);
    expect(body(await t.signIn(member.email, member.password)).message).toMatch(/^Your account is suspended for good for breaking the rule “A minor at risk”\./);
  });
});
