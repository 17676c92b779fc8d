import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Feed } from '#contract/feeds';
import { managedBy, ok } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { renderWithProviders } from '../../../../test/render';
import { signedInMember } from '../../../../test/session';
import { aShort, aVideo, aVideoKey, serveMyShorts } from '../test-helpers';
import { MyShortsPage } from './my-shorts-page';

async function renderPage(member: Parameters<typeof signedInMember>[0] = {}) {
  signedInMember(member);
  const user = userEvent.setup();
  const view = await renderWithProviders(<MyShortsPage />, { path: '/profile/shorts' });
  return { user, ...view };
}

const card = (title: string) => screen.getByRole('article', { name: title });

const published = aShort({ id: 61, title: 'Down the scree', visibility: 'followers' });
const draft = aShort({ id: 62, title: 'Half a climb', isDraft: true, publishedAt: null });
const processingDraft = aShort({ id: 63, title: 'Still cooking', isDraft: true, publishedAt: null, videos: [aVideo({ key: aVideoKey(63), status: 'processing', videoUrl: '', thumbnail: '' })] });
const waiting = aShort({ id: 64, title: 'Coming out', isDraft: false, publishedAt: null, videos: [aVideo({ key: aVideoKey(64), status: 'processing', videoUrl: '', thumbnail: '' })] });
const failed = aShort({
  id: 65,
  title: 'Too long',
  isDraft: true,
  publishedAt: null,
  videos: [aVideo({ key: aVideoKey(65), status: 'failed', failure: 'The video is longer than 3 minutes.', videoUrl: '', thumbnail: '' })],
});

describe('My shorts', () => {
  it('shows each short’s state on its card; only a published ready one links to its page', async () => {
    serveMyShorts(() => [published, draft, processingDraft, waiting, failed]);
    await renderPage();
    expect(await screen.findByRole('list', { name: 'Your shorts' })).toBeInTheDocument();

    expect(within(card('Down the scree')).getByText('Published · Followers')).toBeInTheDocument();
    expect(within(card('Down the scree')).getByRole('link', { name: 'Down the scree' })).toHaveAttribute('href', '/shorts/61');
    expect(within(card('Down the scree')).getByRole('img', { name: 'Riding down a rocky trail' })).toHaveAttribute('src', '/media/videos/clip.jpg');

    expect(within(card('Half a climb')).getByText('Draft')).toBeInTheDocument();
    expect(within(card('Still cooking')).getByText('Processing')).toBeInTheDocument();
    expect(within(card('Still cooking')).getByText('Processing video…')).toBeInTheDocument();
    expect(within(card('Coming out')).getByText('Publishes when ready')).toBeInTheDocument();
    expect(within(card('Too long')).getByText('Failed: The video is longer than 3 minutes.')).toBeInTheDocument();
    expect(within(card('Too long')).getByRole('button', { name: 'Choose another video for Too long' })).toBeInTheDocument();
    expect(within(card('Too long')).getByRole('button', { name: 'Delete Too long' })).toBeInTheDocument();
    for (const title of ['Half a climb', 'Still cooking', 'Coming out', 'Too long']) expect(within(card(title)).queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks again while a video is processing, so a waiting short comes out on its own', async () => {
    let ready = false;
    const asked = serveMyShorts(() => [ready ? { ...waiting, publishedAt: '2026-05-17T09:00:00.000Z', videos: [aVideo({ key: aVideoKey(64) })] } : waiting]);
    await renderPage();
    expect(await screen.findByText('Publishes when ready')).toBeInTheDocument();
    ready = true;
    expect(await screen.findByText('Published · Public', {}, { timeout: 7000 })).toBeInTheDocument();
    expect(within(card('Coming out')).getByRole('link', { name: 'Coming out' })).toHaveAttribute('href', '/shorts/64');
    expect(asked[0]!.get('filter_type')).toBe('mine');
    // Nothing processing any more: the list is not asked again.
    const count = asked.length;
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(asked).toHaveLength(count);
  }, 15_000);

  it('deletes a short after asking, with the spec’s toast, and its card goes', async () => {
    serveMyShorts(() => [published, draft]);
    const deleted: unknown[] = [];
    server.use(
      http.delete('/api/feedDelete', async ({ request }) => {
        deleted.push(await request.json());
        return HttpResponse.json(ok({}, 'Feed Deleted Successfully'));
      }),
    );
    const { user } = await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Half a climb' }));
    const question = await screen.findByRole('alertdialog', { name: 'Delete this short?' });
    await user.click(within(question).getByRole('button', { name: 'Delete short' }));
    expect(await screen.findByText('Feed Deleted Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Half a climb' })).not.toBeInTheDocument());
    expect(deleted).toEqual([{ feedId: 62 }]);
    expect(card('Down the scree')).toBeInTheDocument();
  });

  it('opens the form on a short with Edit, and on a failed one with Choose another video', async () => {
    serveMyShorts(() => [draft, failed]);
    server.use(http.get('/api/video-upload/:key', ({ params }) => HttpResponse.json(ok({ ...failed.videos[0]!, key: String(params.key) }))));
    const { user } = await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Half a climb' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit short' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Half a climb');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Choose another video for Too long' }));
    const again = await screen.findByRole('dialog', { name: 'Edit short' });
    expect(within(again).getByText('Failed: The video is longer than 3 minutes.')).toBeInTheDocument();
    expect(within(again).getByLabelText('Choose another video')).toBeInTheDocument();
  });

  it('invites a first short when there is none, and New short opens the empty form', async () => {
    serveMyShorts((): Feed[] => []);
    const { user } = await renderPage();
    expect(await screen.findByText('No shorts yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post your first short' }));
    const dialog = await screen.findByRole('dialog', { name: 'New short' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'New short' }));
    expect(await screen.findByRole('dialog', { name: 'New short' })).toBeInTheDocument();
  });

  it('offers an associate whose owner has not allowed shorts no New short or Edit, but lets them delete theirs', async () => {
    serveMyShorts(() => [draft]);
    await renderPage({ managedBy: managedBy('post') });
    const half = await screen.findByRole('article', { name: 'Half a climb' });
    expect(within(half).queryByRole('button', { name: 'Edit Half a climb' })).not.toBeInTheDocument();
    expect(within(half).getByRole('button', { name: 'Delete Half a climb' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New short' })).not.toBeInTheDocument();
  });
});
