import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { aMember, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { CommentItem, type ThreadControls } from '../../comments/components/comment-item';
import { jonas, maya } from '../../comments/test-helpers';
import { PostMenu } from '../../feeds/components/post-menu';
import { ReportFollowUps } from '../../reports/report-follow-ups';
import { socialKeys } from '../api';
import { aMemberProfile, relationshipOf } from '../test-helpers';
import { MemberMenuItems } from './member-menu-items';

// The mute and block entries of posts' and comments' menus, provided the way src/routes/_main/route.tsx does.
async function render(ui: ReactNode) {
  signedInMember();
  const user = userEvent.setup();
  const rendered = await renderWithProviders(<ReportFollowUps value={{ MemberMenuItems }}>{ui}</ReportFollowUps>);
  return { ...rendered, user };
}

/** Answers POST `path` with the relationship it is told, and keeps the bodies it was sent. */
function serveToggle(path: string, answer: { isBlocked?: boolean; isMuted?: boolean }, message: string) {
  const bodies: unknown[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(ok(relationshipOf(aMember(), answer), message));
    }),
  );
  return bodies;
}

const controls = (): ThreadControls => ({ meId: maya.userId, moderatorIds: [], now: new Date(), like: vi.fn(), edit: vi.fn(), remove: vi.fn(), focusThread: vi.fn() });
const commentBy = (author: typeof maya, commentId: number) => ({
  commentId,
  parentId: 0,
  comment: 'Great line through the rock garden.',
  hashtags: [],
  tagUser: [],
  author,
  likeCount: 0,
  isLiked: false,
  createdAt: '2026-11-20T09:30:00.000Z',
  editedAt: null,
});

describe('Mute and block from a post menu', () => {
  it("offers them for someone else's post only, and blocks the author once the block is confirmed", async () => {
    const blocks = serveToggle('/api/block', { isBlocked: true }, 'Jonas Berg is blocked now.');
    const { user } = await render(
      <>
        <PostMenu feedId={55} isMine={false} author={jonas} />
        <PostMenu feedId={56} isMine />
      </>,
    );
    const [theirs, mine] = screen.getAllByRole('button', { name: 'Post options' });
    await user.click(mine!);
    expect(screen.queryByRole('button', { name: /Mute|Block/ })).not.toBeInTheDocument();

    await user.click(theirs!);
    expect(screen.getByRole('button', { name: 'Mute @jonasrides' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Block @jonasrides' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Block @jonasrides?' });

    // Backing out sends nothing, closes the menu and gives focus back to its button.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block @jonasrides' })).not.toBeInTheDocument();
    expect(theirs).toHaveFocus();
    expect(blocks).toEqual([]);

    await user.click(theirs!);
    await user.click(screen.getByRole('button', { name: 'Block @jonasrides' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Jonas Berg is blocked now.')).toBeInTheDocument();
    expect(blocks).toEqual([{ userId: 21 }]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mute @jonasrides' })).not.toBeInTheDocument();
    expect(theirs).toHaveFocus();
  });

  it('offers neither without a known author, nor where the social entries are not provided', async () => {
    const { user, unmount } = await render(<PostMenu feedId={55} isMine={false} />);
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mute|Block/ })).not.toBeInTheDocument();
    unmount();

    await renderWithProviders(<PostMenu feedId={55} isMine={false} author={jonas} />);
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mute|Block/ })).not.toBeInTheDocument();
  });
});

describe("Mute and block from a comment's actions", () => {
  it("mutes the author of someone else's comment at once, and offers nothing on the viewer's own", async () => {
    const mutes = serveToggle('/api/following/notification', { isMuted: true }, 'Jonas Berg is muted now.');
    const { user } = await render(
      <>
        <CommentItem comment={commentBy(jonas, 9)} controls={controls()} />
        <CommentItem comment={commentBy(maya, 10)} controls={controls()} />
      </>,
    );
    expect(within(screen.getByRole('group', { name: "Actions for Maya Torres's comment" })).queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();

    await user.click(within(screen.getByRole('group', { name: "Actions for Jonas Berg's comment" })).getByRole('button', { name: 'More actions for Jonas Berg' }));
    expect(screen.getByRole('button', { name: 'Block @jonasrides' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mute @jonasrides' }));
    expect(await screen.findByText('Jonas Berg is muted now.')).toBeInTheDocument();
    expect(mutes).toEqual([{ userId: 21 }]);
    expect(screen.queryByRole('button', { name: 'Mute @jonasrides' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More actions for Jonas Berg' })).toHaveFocus();
  });

  it('reads the relationship the social caches know: a muted member is offered Unmute, which sends the same toggle', async () => {
    const mutes = serveToggle('/api/following/notification', { isMuted: false }, 'Jonas Berg is unmuted.');
    const { user, queryClient } = await render(<CommentItem comment={commentBy(jonas, 9)} controls={controls()} />);
    queryClient.setQueryData(socialKeys.member('jonasrides'), aMemberProfile({ isMuted: true }));

    await user.click(screen.getByRole('button', { name: 'More actions for Jonas Berg' }));
    expect(screen.queryByRole('button', { name: 'Mute @jonasrides' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unmute @jonasrides' }));
    expect(await screen.findByText('Jonas Berg is unmuted.')).toBeInTheDocument();
    expect(mutes).toEqual([{ userId: 21 }]);
    await waitFor(() => expect(queryClient.getQueryData(socialKeys.member('jonasrides'))).toMatchObject({ isMuted: false }));
  });
});
