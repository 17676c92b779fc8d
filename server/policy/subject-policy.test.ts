import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventHelpers } from '../modules/events/event-test-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { guardianFor } from './guardian';
import { followOutcome } from './social-policy';
import { mayComment, mayDeleteComment, mayDeleteCommentOn, mayEditComment, mayEditPost } from './subject-policy';

// Who may write what on a subject (subject-policy.ts), and the Guardian's answers for them and for nobody signed in.

const AUTHOR = 1;
const OWNER = 2;
const COHOST = 3;
const OTHER = 4;

describe('editing and commenting (pure)', () => {
  it('only the author edits a post or a comment', () => {
    expect(mayEditPost(AUTHOR, { userId: AUTHOR })).toBe(true);
    expect(mayEditPost(OTHER, { userId: AUTHOR })).toBe(false);
    expect(mayEditComment(AUTHOR, { userId: AUTHOR })).toBe(true);
    expect(mayEditComment(OWNER, { userId: AUTHOR })).toBe(false);
  });

  it('a draft takes no comments, a published subject does', () => {
    expect(mayComment({ isDraft: true })).toBe(false);
    expect(mayComment({ isDraft: false })).toBe(true);
  });

  // Viewer x subject: who deletes a comment by AUTHOR on OWNER's post, or on OWNER's event that COHOST co-hosts.
  const cases = [
    ['the comment’s author', AUTHOR, { post: true, event: true }],
    ['the subject’s owner', OWNER, { post: true, event: true }],
    ['a co-host', COHOST, { post: false, event: true }],
    ['anyone else', OTHER, { post: false, event: false }],
  ] as const;
  it.each(cases)('%s may delete a comment: %j', (_, viewer, expected) => {
    expect(mayDeleteComment(viewer, { userId: AUTHOR }, { ownerId: OWNER })).toBe(expected.post);
    expect(mayDeleteComment(viewer, { userId: AUTHOR }, { ownerId: OWNER, cohostIds: [COHOST] })).toBe(expected.event);
  });

  it('a follow to a private member is a request, to a public one a follow', () => {
    expect(followOutcome({ isPrivate: true })).toBe('pending');
    expect(followOutcome({ isPrivate: false })).toBe('accepted');
  });
});

describe('reading what the rules need', () => {
  let t: TestApp;
  const h = eventHelpers(() => t);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('an event’s co-host may delete comments on it (read from the co-hosts), one only asked may not', async () => {
    const [organiser, cohost, asked, author, other] = [await h.member(), await h.member(), await h.member(), await h.member(), await h.member()];
    const saved = await h.createWithCohosts(organiser, [cohost]);
    await h.connect(organiser, asked);
    await h.edit(organiser, saved.id, { CoHost: [cohost.userId, asked.userId] });
    const comment = { userId: author.userId };
    const onEvent = { kind: 'event' as const, id: saved.id, ownerId: organiser.userId };
    // A post has no co-hosts, even one whose id matches the event's.
    const onPost = { kind: 'post' as const, id: saved.id, ownerId: organiser.userId };
    const event = { id: saved.id, userId: organiser.userId };
    for (const [who, expected] of [
      [organiser, true],
      [author, true],
      [cohost, true],
      [asked, false],
      [other, false],
    ] as const) {
      expect(await mayDeleteCommentOn(t.db, who.userId, comment, onEvent), `${who.userId} on the event`).toBe(expected);
      expect(await guardianFor(t.db, who.userId).canDeleteComment(comment, onEvent)).toBe(expected);
    }
    expect(await guardianFor(t.db, cohost.userId).canDeleteComment(comment, onPost)).toBe(false);
    expect(await guardianFor(t.db, organiser.userId).canEditEvent(event)).toBe(true);
    expect(await guardianFor(t.db, cohost.userId).canEditEvent(event)).toBe(true);
    expect(await guardianFor(t.db, cohost.userId).canCancelEvent(event)).toBe(false);
    expect(await guardianFor(t.db, asked.userId).canEditEvent(event)).toBe(false);
  });

  it('nobody signed in may do or see anything through the Guardian', async () => {
    const member = await h.member();
    const saved = await h.create(member, {});
    const event = { id: saved.id, userId: member.userId, isDraft: false, whoCanSee: 'public' as const };
    const nobody = guardianFor(t.db, null);
    expect(nobody.viewerId).toBeNull();
    expect(await nobody.canSeeProfileContent({ id: member.userId, isPrivate: false })).toBe(false);
    expect(await nobody.canSeeEvent(event, { id: member.userId, isPrivate: false })).toBe(false);
    expect(await guardianFor(t.db, member.userId).canSeeEvent(event, { id: member.userId, isPrivate: false })).toBe(true);
    expect(await nobody.canEditEvent(event)).toBe(false);
    expect(await nobody.eventRole(event)).toBe('member');
    expect(nobody.canFollow(member.userId)).toBe(false);
    expect(nobody.canComment({ isDraft: false })).toBe(false);
    expect(nobody.canEditPost({ userId: member.userId })).toBe(false);
    expect(await nobody.canDeleteComment({ userId: member.userId }, { kind: 'post', id: saved.id, ownerId: member.userId })).toBe(false);
  });
});
