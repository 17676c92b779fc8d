import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { EditFeedPage } from './edit-feed-page';
import { FeedFormProvider } from './feed-form-context';
import { anOwnFeed, answerFeedSaves } from './test-helpers';

const post = anOwnFeed({
  id: 41,
  title: 'Ridge run',
  description: 'Windy up top #ridge',
  location: 'Dog Mountain',
  latitude: 45.7,
  longitude: -121.7,
  images: [
    { key: 'img_a', url: '/media/a.webp', thumbnail: '/media/a-t.webp', dimens: '1600:1200' },
    { key: 'img_b', url: '/media/b.webp', thumbnail: '/media/b-t.webp', dimens: '1200:1600' },
  ],
});

async function renderEdit(feedId: number | undefined) {
  signedInMember();
  const user = userEvent.setup();
  const view = await renderWithProviders(
    <FeedFormProvider>
      <EditFeedPage feedId={feedId} />
    </FeedFormProvider>,
    { path: '/feeds/edit' },
  );
  return { user, ...view };
}

describe('/feeds/edit', () => {
  it('loads the post into the form and saves it with PUT and its id, then opens the post', async () => {
    server.use(http.get('/api/feed/41', () => HttpResponse.json(ok(post))));
    const saves = answerFeedSaves('Feed updated successfully');
    const { user } = await renderEdit(41);

    expect(await screen.findByRole('heading', { name: 'Edit post' })).toBeInTheDocument();
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Ridge run');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Windy up top #ridge');
    expect(screen.getByRole('textbox', { name: 'Place' })).toHaveValue('Dog Mountain');
    expect(screen.getByText('45.700000, -121.700000')).toBeInTheDocument();
    const photos = within(screen.getByRole('list', { name: 'Photos in the order they are shown' })).getAllByRole('img');
    expect(photos.map((p) => p.getAttribute('src'))).toEqual(['/media/a-t.webp', '/media/b-t.webp']);

    await user.type(title, ' at dawn');
    await user.click(screen.getByRole('button', { name: 'Move photo 1 right' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      method: 'PUT',
      body: {
        id: 41,
        title: 'Ridge run at dawn',
        description: 'Windy up top #ridge',
        isDraft: false,
        location: 'Dog Mountain',
        latitude: 45.7,
        longitude: -121.7,
        images: ['img_b', 'img_a'],
        activityId: null,
      },
    });
    expect(await screen.findByText('Feed updated successfully')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/feeds/41');
  });

  it('goes to My posts after saving a draft', async () => {
    server.use(http.get('/api/feed/41', () => HttpResponse.json(ok({ ...post, isDraft: true, publishedAt: null }))));
    const saves = answerFeedSaves();
    const { user } = await renderEdit(41);
    expect(await screen.findByRole('heading', { name: 'Edit draft' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(saves[0]?.body).toMatchObject({ id: 41, isDraft: true }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/feeds/myFeeds');
  });

  it('shows not found for a missing post', async () => {
    server.use(http.get('/api/feed/404', () => HttpResponse.json(fail(404, 'Feed not found'), { status: 404 })));
    await renderEdit(404);
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
  });

  it('shows not found for someone else’s post', async () => {
    server.use(
      http.get('/api/feed/41', () =>
        HttpResponse.json(ok({ ...post, author: { userId: 3, handleName: 'samrivera', firstName: 'Sam', lastName: 'Rivera', profileImage: null } })),
      ),
    );
    await renderEdit(41);
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('writes a new post with POST when there is no id', async () => {
    const saves = answerFeedSaves();
    const { user } = await renderEdit(undefined);
    expect(screen.getByRole('heading', { name: 'New post' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'First post');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.method).toBe('POST');
    expect(saves[0]!.body).not.toHaveProperty('id');
    expect(await screen.findByText('Feed Created Successfully')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/feeds/99');
  });

  it('asks before Cancel drops changes to a post: Keep editing keeps them, Discard opens the post unchanged', async () => {
    server.use(http.get('/api/feed/41', () => HttpResponse.json(ok(post))));
    const saves = answerFeedSaves();
    const { user, router } = await renderEdit(41);
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), ' at dawn');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    expect(question).toHaveAccessibleDescription('Your changes to this post will be lost.');
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/feeds/edit');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Ridge run at dawn');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/feeds/41');
    expect(saves).toHaveLength(0);
  });
});
