import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { reportMessages } from '#contract/reports';
import { anUpload, aPhoto, fail, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { ReportFollowUps, type ReportFollowUpsValue, type ReportSubject } from '../report-follow-ups';
import { serveReasons } from '../test-helpers';
import { ReportDialog } from './report-dialog';

const post: ReportSubject = { kind: 'post', id: 55, name: 'this post', userId: 21, handleName: 'jonasrides' };

/** Keeps every body the kind's create path receives and answers each with `answer`. */
function serveReportSends(path: string, answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

async function openDialog(subject: ReportSubject, followUps: ReportFollowUpsValue = {}, reword: { id: number; rule: string } | null = null) {
  signedInMember();
  serveReasons(reword);
  const onClose = vi.fn();
  const user = userEvent.setup();
  const rendered = await renderWithProviders(
    <ReportFollowUps value={followUps}>
      <ReportDialog subject={subject} onClose={onClose} />
    </ReportFollowUps>,
  );
  const dialog = screen.getByRole('dialog', { name: `Report ${subject.name}` });
  await within(dialog).findByRole('radio', { name: 'Spam or scam' });
  return { ...rendered, user, dialog, onClose };
}

describe('ReportDialog', () => {
  it('lists the community rules with their wording, and asks for a reason before sending anything', async () => {
    const bodies = serveReportSends('/api/report-feed', () => HttpResponse.json(ok({}, reportMessages.sent)));
    // The server's wording wins over the copy shown while it loads.
    const { user, dialog } = await openDialog(post, {}, { id: 3, rule: 'No ads, no pyramid schemes, no fake giveaways.' });

    expect(within(dialog).getAllByRole('radio')).toHaveLength(9);
    const spam = within(dialog).getByRole('radio', { name: 'Spam or scam' });
    await waitFor(() => expect(spam).toHaveAccessibleDescription('No ads, no pyramid schemes, no fake giveaways.'));
    expect(within(dialog).getByText('Do not encourage riding closed or illegal trails, racing on public roads, or putting other trail users at risk.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose a reason.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('sends the post id, the reason and the comment, thanks, and offers the block the app provides', async () => {
    const bodies = serveReportSends('/api/report-feed', () => HttpResponse.json(ok({}, 'Report sent successfully.')));
    const blockedWith: unknown[] = [];
    const reported: ReportSubject[] = [];
    const followUps: ReportFollowUpsValue = {
      BlockButton: ({ userId, handleName, onDone }) => (
        <button
          type="button"
          onClick={() => {
            blockedWith.push({ userId, handleName });
            onDone();
          }}
        >
          Block @{handleName} too
        </button>
      ),
      onReported: (_queryClient, subject) => reported.push(subject),
    };
    const { user, dialog, onClose, unmount } = await openDialog(post, followUps);

    await user.click(within(dialog).getByRole('radio', { name: 'Spam or scam' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Anything else/ }), 'Same link in every comment');
    expect(within(dialog).getByText('26 / 1,000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Report sent successfully.')).toBeInTheDocument();
    expect(bodies).toEqual([{ feedId: 55, reasonId: 3, comment: 'Same link in every comment' }]);
    const thanks = screen.getByRole('dialog', { name: 'Thanks for reporting' });
    expect(thanks).toHaveTextContent("Thanks — we'll review it. You won't see this post any more.");
    expect(within(thanks).getByRole('button', { name: 'Done' })).toHaveFocus();

    await user.click(within(thanks).getByRole('button', { name: 'Block @jonasrides too' }));
    expect(blockedWith).toEqual([{ userId: 21, handleName: 'jonasrides' }]);
    expect(onClose).toHaveBeenCalledTimes(1);
    // The post leaves the lists once the dialog is gone, not under it.
    expect(reported).toEqual([]);
    unmount();
    expect(reported).toEqual([post]);
  });

  it('offers no block without a provider, nor against yourself', async () => {
    serveReportSends('/api/report-feed-comment', () => HttpResponse.json(ok({}, 'Report sent successfully.')));
    const BlockButton = () => <button type="button">Block too</button>;
    // Signed in as Maya (7): her own comment could only come from elsewhere, but the dialog still will not block her.
    const { user, dialog } = await openDialog({ kind: 'comment', id: 9, name: 'this comment', userId: 7, handleName: 'mayatrails' }, { BlockButton });
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText("Thanks — we'll review it. You won't see this comment any more.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block too' })).not.toBeInTheDocument();
  });

  it('reports an activity by activityId as "Report this activity", and says it leaves the lists', async () => {
    const bodies = serveReportSends('/api/report-activity', () => HttpResponse.json(ok({}, 'Report sent successfully.')));
    const reported: ReportSubject[] = [];
    const activity: ReportSubject = { kind: 'activity', id: 314, name: 'this activity', userId: 21, handleName: 'jonasrides' };
    const { user, dialog, unmount } = await openDialog(activity, { onReported: (_queryClient, subject) => reported.push(subject) });

    await user.click(within(dialog).getByRole('radio', { name: 'Dangerous trail behaviour' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText("Thanks — we'll review it. You won't see this activity any more.")).toBeInTheDocument();
    expect(bodies).toEqual([{ activityId: 314, reasonId: 6 }]);
    unmount();
    expect(reported).toEqual([activity]);
  });

  it('reports a member by userId with the screenshots uploaded for the report, and shows the server sentence', async () => {
    const purposes: unknown[] = [];
    server.use(
      http.post('/api/compress-image', async ({ request }) => {
        purposes.push((await request.formData()).get('type'));
        return HttpResponse.json(ok({ images: [anUpload(`shot_${purposes.length}`)] }));
      }),
    );
    const bodies = serveReportSends('/api/user/report', () => HttpResponse.json(ok({}, 'User reported successfully.')));
    const { user, dialog } = await openDialog({ kind: 'member', id: 21, name: '@jonasrides', userId: 21, handleName: 'jonasrides' });

    await user.upload(within(dialog).getByLabelText('Add screenshots'), [aPhoto('one.jpg'), aPhoto('two.jpg')]);
    expect(await within(dialog).findByRole('img', { name: 'Screenshot 2' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove screenshot 1' }));
    expect(within(dialog).getAllByRole('img')).toHaveLength(1);
    expect(within(dialog).getByText(/1 of 4/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Impersonation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('User reported successfully.')).toBeInTheDocument();
    expect(purposes).toEqual(['report', 'report']);
    expect(bodies).toEqual([{ userId: 21, reasonId: 7, images: ['shot_2'] }]);
    // A member is not hidden like a post: the thanks say only that it will be reviewed.
    expect(screen.getByRole('status')).toHaveTextContent(/^Thanks — we'll review it\.$/);
  });

  it('keeps everything typed when the server refuses: a duplicate shows its message, a 400 its field error', async () => {
    let answer = () => HttpResponse.json(fail(409, reportMessages.duplicate), { status: 409 });
    const bodies = serveReportSends('/api/report-event', () => answer());
    const { user, dialog } = await openDialog({ kind: 'event', id: 501, name: 'this event', userId: 21, handleName: 'jonasrides' });

    await user.click(within(dialog).getByRole('radio', { name: 'Dangerous trail behaviour' }));
    const comment = within(dialog).getByRole('textbox', { name: /Anything else/ });
    await user.type(comment, 'They plan to ride the closed descent.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText(reportMessages.duplicate)).toBeInTheDocument();
    expect(bodies).toEqual([{ eventId: 501, reasonId: 6, comment: 'They plan to ride the closed descent.' }]);
    expect(screen.getByRole('dialog', { name: 'Report this event' })).toBeInTheDocument();
    expect(comment).toHaveValue('They plan to ride the closed descent.');
    expect(within(dialog).getByRole('radio', { name: 'Dangerous trail behaviour' })).toBeChecked();

    answer = () => HttpResponse.json(fail(400, 'Check the form.', { comment: ['Links are not allowed here.'] }), { status: 400 });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Links are not allowed here.')).toBeInTheDocument();
    expect(comment).toHaveAccessibleDescription(expect.stringContaining('Links are not allowed here.'));
    expect(comment).toHaveValue('They plan to ride the closed descent.');
  });

  it('asks before discarding what was typed, and closes at once when nothing was', async () => {
    const { user, dialog, onClose } = await openDialog(post);
    await user.type(within(dialog).getByRole('textbox', { name: /Anything else/ }), 'Spam');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Discard this report?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByRole('textbox', { name: /Anything else/ })).toHaveValue('Spam');
    expect(onClose).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
