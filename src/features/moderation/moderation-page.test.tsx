import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { moderationMessagesFor, type QueueItem } from '#contract/reports';
import { answerPost, fail, ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render';
import { signedInMember } from '../../test/session';
import { ModerationPage } from './components/moderation-page';
import { aCase, anAuditEntry, anOpenAppeal, aQueueItem, jonas, serveModerationList } from './test-helpers';

describe('ModerationPage for a moderator', () => {
  it('shows the queue, opens a case, asks for a rule, and a valid removal sends its body and leaves the queue', async () => {
    signedInMember({ isModerator: true });
    let queue: QueueItem[] = [aQueueItem(), aQueueItem({ targetKind: 'comment', targetId: 88, reportCount: 1, target: { member: jonas, excerpt: 'You ride like my gran', link: { kind: 'post', id: 501 }, removed: false } })];
    serveModerationList('queue', () => queue);
    server.use(http.get('/api/moderation/case', () => HttpResponse.json(ok(aCase()))));
    const bodies = answerPost('moderation/actions', () => {
      queue = queue.slice(1);
      return HttpResponse.json(ok(anAuditEntry({ moderator: jonas }), moderationMessagesFor.removed));
    });
    const user = userEvent.setup();
    await renderWithProviders(<ModerationPage />, { path: '/moderation' });

    expect(screen.getByRole('tab', { name: 'Queue', selected: true })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Reported, oldest first' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('3 reports')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Cheap carbon wheels, DM me now!!!')).toBeInTheDocument();
    expect(within(cards[0]!).getByText(/First reported 2 hr\. ago/)).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('img', { name: 'Reported by Priya Nair' })).toBeInTheDocument();

    await user.click(within(cards[0]!).getByRole('button', { name: /Review/ }));
    const panel = await screen.findByRole('region', { name: 'Post by Jonas Berg' });
    expect(await within(panel).findByText('Cheap carbon wheels, DM me now!!! Only today.')).toBeInTheDocument();
    expect(within(panel).getByText('Third time this week.')).toBeInTheDocument();
    expect(within(panel).getByText(/1 warning on record/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Open the post' })).toHaveAttribute('href', '/feeds/501');

    await user.click(within(panel).getByRole('radio', { name: /Remove/ }));
    await user.type(within(panel).getByRole('textbox', { name: 'Reason' }), 'Advertising in the feed.');
    await user.click(within(panel).getByRole('button', { name: 'Remove' }));
    expect(await within(panel).findByText(moderationMessagesFor.ruleNeeded)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Rule broken' }), 'Spam or scam');
    await user.click(within(panel).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(moderationMessagesFor.removed)).toBeInTheDocument();
    expect(bodies).toEqual([{ targetKind: 'post', targetId: 501, action: 'remove', ruleId: 3, note: 'Advertising in the feed.' }]);
    expect(screen.queryByRole('region', { name: 'Post by Jonas Berg' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Reported, oldest first' })).getAllByRole('article')).toHaveLength(1);
  });

  it('shows a reported activity by its title and description, links it, and decides on it as an activity', async () => {
    signedInMember({ isModerator: true });
    const target = { member: jonas, excerpt: 'Closed-trail KOM — Rode the closed descent flat out.', link: { kind: 'activity' as const, id: 314 }, removed: false };
    serveModerationList('queue', () => [aQueueItem({ targetKind: 'activity', targetId: 314, reportCount: 1, target })]);
    const asked: string[] = [];
    server.use(
      http.get('/api/moderation/case', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(ok(aCase({ targetKind: 'activity', targetId: 314, target, text: 'Closed-trail KOM\n\nRode the closed descent flat out.', images: [] })));
      }),
    );
    const bodies = answerPost('moderation/actions', () => HttpResponse.json(ok(anAuditEntry({ targetKind: 'activity', targetId: 314 }), moderationMessagesFor.dismissed)));
    const user = userEvent.setup();
    await renderWithProviders(<ModerationPage />, { path: '/moderation' });

    const card = await screen.findByRole('article', { name: 'Activity by Jonas Berg' });
    expect(within(card).getByText('Activity')).toBeInTheDocument();
    expect(within(card).getByText('Closed-trail KOM — Rode the closed descent flat out.')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Review: Activity by Jonas Berg' }));
    const panel = await screen.findByRole('region', { name: 'Activity by Jonas Berg' });
    expect(await within(panel).findByText('Closed-trail KOM Rode the closed descent flat out.')).toBeInTheDocument();
    expect(asked).toEqual(['?targetKind=activity&targetId=314']);
    expect(within(panel).getByRole('link', { name: 'Open the activity' })).toHaveAttribute('href', '/activities/314');
    expect(within(panel).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['dismiss', 'remove', 'warn', 'suspend']);

    await user.type(within(panel).getByRole('textbox', { name: 'Reason' }), 'A fast descent, on an open trail.');
    await user.click(within(panel).getByRole('button', { name: 'Dismiss the reports' }));
    expect(await screen.findByText(moderationMessagesFor.dismissed)).toBeInTheDocument();
    expect(bodies).toEqual([{ targetKind: 'activity', targetId: 314, action: 'dismiss', note: 'A fast descent, on an open trail.' }]);
  });

  it('plays a reported short’s video with its captions, and decides on it as a short', async () => {
    signedInMember({ isModerator: true });
    const target = { member: jonas, excerpt: 'Gap jump over the fence', link: { kind: 'short' as const, id: 77 }, removed: false };
    serveModerationList('queue', () => [aQueueItem({ targetKind: 'short', targetId: 77, target })]);
    const video = {
      key: 'vid0000000000000000001',
      videoUrl: '/media/vid0000000000000000001/video.mp4?exp=1&sig=a',
      thumbnail: '/media/vid0000000000000000001/poster.webp?exp=1&sig=b',
      altText: 'A rider jumps a farm fence',
      width: 720,
      height: 1280,
      durationMs: 9000,
      status: 'ready' as const,
      failure: null,
      captions: 'WEBVTT\n\n00:00.000 --> 00:02.000\nOver the fence we go',
    };
    server.use(http.get('/api/moderation/case', () => HttpResponse.json(ok(aCase({ targetKind: 'short', targetId: 77, target, text: 'Gap jump over the fence', images: [], video })))));
    const bodies = answerPost('moderation/actions', () => HttpResponse.json(ok(anAuditEntry({ targetKind: 'short', targetId: 77 }), moderationMessagesFor.removed)));
    const user = userEvent.setup();
    await renderWithProviders(<ModerationPage />, { path: '/moderation' });

    await user.click(await screen.findByRole('button', { name: 'Review: Short by Jonas Berg' }));
    const panel = await screen.findByRole('region', { name: 'Short by Jonas Berg' });
    const player = await within(panel).findByLabelText('A rider jumps a farm fence');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', video.videoUrl);
    expect(player).toHaveAttribute('poster', video.thumbnail);
    expect(within(panel).getByText(/Over the fence we go/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Open the short' })).toHaveAttribute('href', '/shorts/77');

    await user.click(within(panel).getByRole('radio', { name: /Remove/ }));
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Rule broken' }), 'Dangerous trail behaviour');
    await user.type(within(panel).getByRole('textbox', { name: 'Reason' }), 'Jumps onto private land.');
    await user.click(within(panel).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(moderationMessagesFor.removed)).toBeInTheDocument();
    expect(bodies).toEqual([{ targetKind: 'short', targetId: 77, action: 'remove', ruleId: 6, note: 'Jumps onto private land.' }]);
  });

  it('does not offer Remove for a member, and says when the queue is empty', async () => {
    signedInMember({ isModerator: true });
    serveModerationList('queue', () => [aQueueItem({ targetKind: 'member', targetId: 21 })]);
    server.use(http.get('/api/moderation/case', () => HttpResponse.json(ok(aCase({ targetKind: 'member', targetId: 21, text: 'Bio here', images: [] })))));
    const user = userEvent.setup();
    await renderWithProviders(<ModerationPage />, { path: '/moderation' });
    await user.click(await screen.findByRole('button', { name: /Review/ }));
    const panel = await screen.findByRole('region', { name: 'Member Jonas Berg' });
    await within(panel).findByText('Bio here');
    expect(within(panel).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['dismiss', 'warn', 'suspend']);
  });

  it('moves between tabs with the arrow keys, and shows the server message when the same moderator answers an appeal', async () => {
    signedInMember({ isModerator: true });
    serveModerationList('queue', () => []);
    serveModerationList('appeals', () => [anOpenAppeal()]);
    const bodies = answerPost('moderation/appeals/31', () => HttpResponse.json(fail(403, moderationMessagesFor.sameModerator), { status: 403 }));
    const user = userEvent.setup();
    await renderWithProviders(<ModerationPage />, { path: '/moderation' });
    expect(await screen.findByText('Nothing to review.')).toBeInTheDocument();

    screen.getByRole('tab', { name: 'Queue' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Appeals', selected: true })).toHaveFocus();
    const appeal = await screen.findByRole('article', { name: 'Appeal by @jonasrides' });
    expect(within(appeal).getByText('It was a one-off sale to a club mate, not an advert.')).toBeInTheDocument();
    expect(within(appeal).getByText(/Decision appealed: Removed your post · Spam or scam/)).toBeInTheDocument();

    await user.type(within(appeal).getByRole('textbox', { name: 'Your note' }), 'Looks like an advert to me.');
    await user.click(within(appeal).getByRole('button', { name: 'Deny' }));
    expect(await within(appeal).findByRole('alert')).toHaveTextContent(moderationMessagesFor.sameModerator);
    expect(bodies).toEqual([{ decision: 'deny', note: 'Looks like an advert to me.' }]);
    expect(within(appeal).getByRole('textbox', { name: 'Your note' })).toHaveValue('Looks like an advert to me.');
  });
});

describe('ModerationPage tabs and log', () => {
  it('opens the tab ?tab= names, writes the chosen tab into the address, and lists the log', async () => {
    signedInMember({ isModerator: true });
    serveModerationList('queue', () => []);
    serveModerationList('log', () => [
      anAuditEntry({ actionId: 80, action: 'suspend', moderator: jonas, targetKind: 'member', targetId: 22, until: '9999-12-31T00:00:00.000Z', excerpt: null }),
      anAuditEntry({ moderator: jonas, appeal: { appealId: 31, status: 'denied', text: 'Please.', createdAt: '2026-11-25T08:00:00.000Z' } }),
    ]);
    serveModerationList('decisions', () => []);
    const user = userEvent.setup();
    const { router } = await renderWithProviders(<ModerationPage />, { path: '/moderation' });
    await act(() => router.navigate({ to: '/moderation', search: { tab: 'log' } } as never));

    expect(screen.getByRole('tab', { name: 'Log', selected: true })).toBeInTheDocument();
    const log = await screen.findByRole('list', { name: 'Audit log' });
    const [suspension, removal] = within(log).getAllByRole('listitem');
    expect(suspension).toHaveTextContent('Jonas Berg · Suspended for good');
    expect(removal).toHaveTextContent('Removed');
    expect(removal).toHaveTextContent('Post by @jonasrides');
    expect(removal).toHaveTextContent('Appeal denied');

    await user.click(screen.getByRole('tab', { name: 'About you' }));
    expect(router.state.location.search).toEqual({ tab: 'decisions' });
    expect(await screen.findByText('No moderation decisions about you.')).toBeInTheDocument();
  });

  it("shows the server's message when it refuses the queue", async () => {
    signedInMember({ isModerator: true });
    server.use(http.get('/api/moderation/queue', () => HttpResponse.json(fail(403, 'Only moderators review reports.'), { status: 403 })));
    await renderWithProviders(<ModerationPage />, { path: '/moderation' });
    expect(await screen.findByText('Only moderators review reports.')).toBeInTheDocument();
  });
});

describe('ModerationPage for a member', () => {
  it('shows only the decisions about them, and appeals one: the body is sent and the status shows after', async () => {
    signedInMember();
    serveModerationList('decisions', () => [anAuditEntry()]);
    const bodies = answerPost('moderation/decisions/71/appeal', () =>
      HttpResponse.json(
        ok(anAuditEntry({ appeal: { appealId: 31, status: 'open', text: 'It was a one-off sale to a club mate.', createdAt: '2026-11-25T08:00:00.000Z' } }), moderationMessagesFor.appealSent),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<ModerationPage />, { path: '/moderation' });

    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    const decision = await screen.findByRole('article', { name: 'Removed your post' });
    expect(within(decision).getByText('Spam or scam')).toBeInTheDocument();
    expect(within(decision).getByText(/No advertising, repeated posts/)).toBeInTheDocument();
    expect(within(decision).getByText('Selling wheels in the feed is advertising.')).toBeInTheDocument();

    await user.click(within(decision).getByRole('button', { name: /^Appeal: Removed your post/ }));
    await user.type(within(decision).getByRole('textbox', { name: 'Why should this be undone?' }), 'Too short');
    await user.click(within(decision).getByRole('button', { name: 'Send appeal' }));
    expect(await within(decision).findByText('Tell the moderators why, in a sentence or two.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.clear(within(decision).getByRole('textbox', { name: 'Why should this be undone?' }));
    await user.type(within(decision).getByRole('textbox', { name: 'Why should this be undone?' }), 'It was a one-off sale to a club mate.');
    await user.click(within(decision).getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText(moderationMessagesFor.appealSent)).toBeInTheDocument();
    expect(bodies).toEqual([{ text: 'It was a one-off sale to a club mate.' }]);
    expect(within(decision).getByRole('status')).toHaveTextContent('Appeal waiting for another moderator');
    expect(within(decision).queryByRole('button', { name: /^Appeal: Removed your post/ })).not.toBeInTheDocument();
  });

  it('says so when there are no decisions', async () => {
    signedInMember();
    serveModerationList('decisions', () => []);
    await renderWithProviders(<ModerationPage />, { path: '/moderation' });
    expect(await screen.findByText('No moderation decisions about you.')).toBeInTheDocument();
  });
});
