import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/fixtures';
import { gate } from '../../../test/gate';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { aReport, serveMyReports } from '../test-helpers';
import { ReportedCommentsPage, ReportedMembersPage, ReportedPostsPage, ReportedShortCommentsPage, ReportedShortsPage } from './my-reports-page';

const open = aReport();
const actedOn = aReport({
  reportId: 302,
  targetId: 56,
  reasonId: 1,
  reason: 'Harassment or bullying',
  comment: 'Called me names under my ride.',
  images: ['/media/shot-1.webp'],
  status: 'action_taken',
  resolvedAt: '2026-11-21T10:00:00.000Z',
  target: { ...open.target, excerpt: null, link: null, removed: true },
});
const dismissed = aReport({
  reportId: 303,
  targetId: 57,
  status: 'dismissed',
  resolvedAt: '2026-11-22T10:00:00.000Z',
  target: { member: null, excerpt: null, link: null, removed: false },
});

const rowOf = (name: string) => screen.getAllByRole('listitem', { name }).at(0)!;

describe('ReportedPostsPage', () => {
  it('lists the posts reported with what each is about, the reason, the comment and a status badge', async () => {
    signedInMember();
    serveMyReports('post', () => [open, actedOn, dismissed]);
    await renderWithProviders(<ReportedPostsPage />, { path: '/manage-feeds/reported' });
    expect(screen.getByRole('heading', { level: 1, name: 'Reported posts, events and activities' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Posts you reported' });
    const [first, second, third] = within(list).getAllByRole('listitem', { name: /^Report about/ });

    expect(first).toHaveTextContent('Free e-bikes for the first 100 people who click this link!');
    expect(within(first!).getByRole('link', { name: 'Jonas Berg' })).toHaveAttribute('href', '/profile/jonasrides');
    expect(within(first!).getByRole('link', { name: 'Open the post' })).toHaveAttribute('href', '/feeds/55');
    expect(within(first!).getByText('Spam or scam')).toBeInTheDocument();
    expect(within(first!).getByText('Open')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: "Withdraw the report about @jonasrides's post" })).toBeInTheDocument();

    expect(within(second!).getByText('Action taken')).toBeInTheDocument();
    expect(within(second!).getByText('Removed by a moderator')).toBeInTheDocument();
    expect(within(second!).getByText('Called me names under my ride.')).toBeInTheDocument();
    expect(within(second!).getByRole('img', { name: 'Screenshot 1' })).toHaveAttribute('src', '/media/shot-1.webp');
    expect(within(second!).queryByRole('link', { name: /Open the/ })).not.toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();

    expect(within(third!).getByText('Dismissed')).toBeInTheDocument();
    expect(within(third!).getByText('No longer available')).toBeInTheDocument();
    expect(within(third!).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
  });

  it('switches to the events reported with the Events segment', async () => {
    signedInMember();
    serveMyReports('post', () => [open]);
    const askedEvents = serveMyReports('event', () => [
      aReport({ reportId: 401, targetKind: 'event', targetId: 501, target: { ...open.target, excerpt: 'Night ride up the closed pass', link: { kind: 'event', id: 501 } } }),
    ]);
    const user = userEvent.setup();
    await renderWithProviders(<ReportedPostsPage />, { path: '/manage-feeds/reported' });
    await screen.findByRole('list', { name: 'Posts you reported' });
    expect(askedEvents).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: 'Events' }));
    expect(screen.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Events you reported' });
    expect(within(list).getByText('Night ride up the closed pass')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Open the event' })).toHaveAttribute('href', '/events/501');
  });

  it('lists the activities reported under the Activities segment, each linked to its activity, and withdraws one', async () => {
    signedInMember();
    serveMyReports('post', () => []);
    let activities = [
      aReport({ reportId: 601, targetKind: 'activity', targetId: 314, target: { ...open.target, excerpt: 'Flat out down the closed descent, 72 km/h', link: { kind: 'activity', id: 314 } } }),
      aReport({ reportId: 602, targetKind: 'activity', targetId: 315, status: 'dismissed', target: { member: null, excerpt: null, link: null, removed: false } }),
    ];
    serveMyReports('activity', () => activities);
    const withdrawn: (string | null)[] = [];
    server.use(
      http.delete('/api/report-activity', ({ request }) => {
        withdrawn.push(new URL(request.url).searchParams.get('reportId'));
        activities = activities.slice(1);
        return HttpResponse.json(ok({}, 'Report withdrawn.'));
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<ReportedPostsPage />, { path: '/manage-feeds/reported' });
    expect(await screen.findByText("You haven't reported any posts.")).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Activities' }));
    const list = await screen.findByRole('list', { name: 'Activities you reported' });
    const [first, second] = within(list).getAllByRole('listitem', { name: /^Report about/ });
    expect(first).toHaveAccessibleName("Report about @jonasrides's activity");
    expect(first).toHaveTextContent('Flat out down the closed descent, 72 km/h');
    expect(within(first!).getByRole('link', { name: 'Open the activity' })).toHaveAttribute('href', '/activities/314');
    expect(second).toHaveAccessibleName('Report about an activity');
    expect(within(second!).getByText('No longer available')).toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: "Withdraw the report about @jonasrides's activity" }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent("Moderators won't review your report about @jonasrides's activity.");
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Report withdrawn.')).toBeInTheDocument();
    expect(withdrawn).toEqual(['601']);
    expect(within(list).getAllByRole('listitem', { name: /^Report about/ })).toHaveLength(1);
  });

  it('withdraws after confirming: the row goes at once and comes back with the server reason when it refuses', async () => {
    signedInMember();
    serveMyReports('post', () => [open, actedOn]);
    const held = gate();
    const asked: (string | null)[] = [];
    server.use(
      http.delete('/api/report-delete-feed', async ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('reportId'));
        await held.opened;
        return HttpResponse.json(fail(409, 'This report was already reviewed, so it cannot be withdrawn.'), { status: 409 });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<ReportedPostsPage />, { path: '/manage-feeds/reported' });
    const list = await screen.findByRole('list', { name: 'Posts you reported' });
    expect(within(list).getAllByRole('listitem', { name: /^Report about/ })).toHaveLength(2);

    await user.click(within(rowOf("Report about @jonasrides's post")).getByRole('button', { name: /Withdraw/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Withdraw this report?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(asked).toEqual([]);

    await user.click(within(rowOf("Report about @jonasrides's post")).getByRole('button', { name: /Withdraw/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem', { name: /^Report about/ })).toHaveLength(1));
    expect(within(list).queryByText('Free e-bikes for the first 100 people who click this link!')).not.toBeInTheDocument();

    held.open();
    expect(await screen.findByText('This report was already reviewed, so it cannot be withdrawn.')).toBeInTheDocument();
    expect(asked).toEqual(['301']);
    const rows = within(list).getAllByRole('listitem', { name: /^Report about/ });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Free e-bikes for the first 100 people who click this link!');
  });

  it('withdraws and shows the server sentence; the row stays gone', async () => {
    signedInMember();
    let reports = [open];
    serveMyReports('post', () => reports);
    server.use(
      http.delete('/api/report-delete-feed', () => {
        reports = [];
        return HttpResponse.json(ok({}, 'Report withdrawn.'));
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<ReportedPostsPage />, { path: '/manage-feeds/reported' });
    await screen.findByRole('list', { name: 'Posts you reported' });
    await user.click(screen.getByRole('button', { name: /Withdraw/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Report withdrawn.')).toBeInTheDocument();
    expect(screen.getByText("You haven't reported any posts.")).toBeInTheDocument();
  });
});

describe('ReportedMembersPage and ReportedCommentsPage', () => {
  it('say so when nothing was reported, and link the three lists', async () => {
    signedInMember();
    serveMyReports('member', () => []);
    await renderWithProviders(<ReportedMembersPage />, { path: '/manage-users/reported' });
    expect(await screen.findByText("You haven't reported anyone.")).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Your reports' });
    expect(within(nav).getByRole('link', { name: 'Posts, events and activities' })).toHaveAttribute('href', '/manage-feeds/reported');
    expect(within(nav).getByRole('link', { name: 'Comments' })).toHaveAttribute('href', '/manage-feeds/reported-comments');
  });

  it('lists reported comments with a link to the post they are on', async () => {
    signedInMember();
    serveMyReports('comment', () => [aReport({ reportId: 501, targetKind: 'comment', targetId: 9, target: { ...open.target, excerpt: 'You ride like a tourist.' } })]);
    await renderWithProviders(<ReportedCommentsPage />, { path: '/manage-feeds/reported-comments' });
    const list = await screen.findByRole('list', { name: 'Comments you reported' });
    expect(within(list).getByText('You ride like a tourist.')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Open the post it is on' })).toHaveAttribute('href', '/feeds/55');
  });

  it('links a reported comment on an activity to the activity it is on', async () => {
    signedInMember();
    serveMyReports('comment', () => [
      aReport({ reportId: 502, targetKind: 'comment', targetId: 10, target: { ...open.target, excerpt: 'Nice e-bike, cheater.', link: { kind: 'activity', id: 314 } } }),
    ]);
    await renderWithProviders(<ReportedCommentsPage />, { path: '/manage-feeds/reported-comments' });
    const list = await screen.findByRole('list', { name: 'Comments you reported' });
    expect(within(list).getByRole('link', { name: 'Open the activity it is on' })).toHaveAttribute('href', '/activities/314');
  });
});

describe('ReportedShortsPage and ReportedShortCommentsPage (/manage-shorts/*)', () => {
  it('lists the shorts reported, each linked to its place in the player, and withdraws one on the shorts path', async () => {
    signedInMember();
    const short = aReport({ reportId: 601, targetKind: 'short', targetId: 77, target: { ...open.target, excerpt: 'Gap jump over the fence', link: { kind: 'short', id: 77 } } });
    let reports = [short];
    serveMyReports('short', () => reports);
    const withdrawn: string[] = [];
    server.use(
      http.delete('/api/short-video-report', ({ request }) => {
        withdrawn.push(new URL(request.url).searchParams.get('reportId') ?? '');
        reports = [];
        return HttpResponse.json(ok({}, 'Report withdrawn.'));
      }),
    );
    await renderWithProviders(<ReportedShortsPage />, { path: '/manage-shorts/reported' });
    const list = await screen.findByRole('list', { name: 'Shorts you reported' });
    const row = within(list).getByRole('listitem', { name: "Report about @jonasrides's short" });
    expect(within(row).getByText('Gap jump over the fence')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open the short' })).toHaveAttribute('href', '/shorts/77');
    expect(screen.getByRole('link', { name: 'Shorts' })).toHaveAttribute('aria-current', 'page');

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: /Withdraw/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(withdrawn).toEqual(['601']));
    expect(await screen.findByText("You haven't reported any shorts.")).toBeInTheDocument();
  });

  it('lists the comments on shorts reported, linked to the short they are on', async () => {
    signedInMember();
    serveMyReports('short_comment', () => [
      aReport({ reportId: 602, targetKind: 'short_comment', targetId: 12, target: { ...open.target, excerpt: 'Nobody wants your trail edits.', link: { kind: 'short', id: 78 } } }),
    ]);
    await renderWithProviders(<ReportedShortCommentsPage />, { path: '/manage-shorts/reported-comments' });
    const list = await screen.findByRole('list', { name: 'Comments on shorts you reported' });
    expect(within(list).getByText('Nobody wants your trail edits.')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Open the short it is on' })).toHaveAttribute('href', '/shorts/78');
  });
});
