import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { aMember, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import type { ThreadControls } from '../../comments/components/comment-item';
import { CommentItem } from '../../comments/components/comment-item';
import { jonas, maya } from '../../comments/test-helpers';
import { EventMenu } from '../../events/components/event-menu';
import { anEvent } from '../../events/test-helpers';
import { PostMenu } from '../../feeds/components/post-menu';
import { BlockAfterReport } from '../../social/components/block-after-report';
import { MemberActionsMenu } from '../../social/components/member-actions-menu';
import { relationshipOf } from '../../social/test-helpers';
import { ReportFollowUps } from '../report-follow-ups';
import { serveReasons } from '../test-helpers';

// The Report entries of the other areas' menus, wired the way src/routes/_main/route.tsx provides the follow-ups.
async function render(ui: ReactNode) {
  signedInMember();
  serveReasons();
  const user = userEvent.setup();
  const rendered = await renderWithProviders(<ReportFollowUps value={{ BlockButton: BlockAfterReport }}>{ui}</ReportFollowUps>);
  return { ...rendered, user };
}

const controls = (): ThreadControls => ({ meId: maya.userId, moderatorIds: [], now: new Date(), like: vi.fn(), edit: vi.fn(), remove: vi.fn(), focusThread: vi.fn() });
const commentBy = (author: typeof maya, commentId: number) => ({
  commentId,
  parentId: 0,
  comment: 'You ride like a tourist.',
  hashtags: [],
  tagUser: [],
  author,
  likeCount: 0,
  isLiked: false,
  createdAt: '2026-11-20T09:30:00.000Z',
  editedAt: null,
});

describe('Report entries', () => {
  it("reports someone else's comment by its id, and blocks its author too through the one block toggle", async () => {
    const reports: unknown[] = [];
    const blocks: unknown[] = [];
    server.use(
      http.post('/api/report-feed-comment', async ({ request }) => {
        reports.push(await request.json());
        return HttpResponse.json(ok({}, 'Report sent successfully.'));
      }),
      http.post('/api/block', async ({ request }) => {
        blocks.push(await request.json());
        return HttpResponse.json(ok(relationshipOf(aMember(), { isBlocked: true }), 'Jonas Berg is blocked now.'));
      }),
    );
    const { user } = await render(
      <>
        <CommentItem comment={commentBy(jonas, 9)} controls={controls()} />
        <CommentItem comment={{ ...commentBy(maya, 10), comment: 'My own words' }} controls={controls()} />
      </>,
    );
    expect(within(screen.getByRole('group', { name: "Actions for Maya Torres's comment" })).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();

    await user.click(within(screen.getByRole('group', { name: "Actions for Jonas Berg's comment" })).getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this comment' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Harassment or bullying' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Report sent successfully.')).toBeInTheDocument();
    expect(reports).toEqual([{ commentId: 9, reasonId: 1 }]);

    await user.click(screen.getByRole('button', { name: 'Block @jonasrides too' }));
    expect(await screen.findByText('Jonas Berg is blocked now.')).toBeInTheDocument();
    expect(blocks).toEqual([{ userId: 21 }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("offers Report on others' posts only", async () => {
    const { user } = await render(
      <>
        <PostMenu feedId={55} isMine={false} author={jonas} />
        <PostMenu feedId={56} isMine />
      </>,
    );
    const [theirs, mine] = screen.getAllByRole('button', { name: 'Post options' });
    await user.click(mine!);
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    await user.click(theirs!);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(screen.getByRole('dialog', { name: 'Report this post' })).toBeInTheDocument();
  });

  it('offers Report on events the viewer does not run, and not to those who do', async () => {
    const { user, unmount } = await render(<EventMenu event={anEvent({ canEdit: true, isOrganiser: true })} />);
    await user.click(screen.getByRole('button', { name: 'Event options' }));
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    unmount();

    const other = await render(<EventMenu event={anEvent()} />);
    await other.user.click(screen.getByRole('button', { name: 'Event options' }));
    await other.user.click(screen.getByRole('button', { name: 'Report' }));
    expect(screen.getByRole('dialog', { name: 'Report this event' })).toBeInTheDocument();
  });

  it("offers Report in a member's menu, titled with their handle", async () => {
    const { user } = await render(<MemberActionsMenu member={aMember()} />);
    await user.click(screen.getByRole('button', { name: 'More actions for @jonasrides' }));
    await user.click(screen.getByRole('button', { name: 'Report @jonasrides' }));
    expect(screen.getByRole('dialog', { name: 'Report @jonasrides' })).toBeInTheDocument();
  });
});
