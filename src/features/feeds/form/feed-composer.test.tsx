import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anUpload, aPhoto, fail, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { gate } from '../../../test/gate';
import { signedInMember } from '../../../test/session';
import { feedKeys } from '../api';
import { FeedComposer } from './feed-composer';
import { FeedFormProvider, useFeedForm } from './feed-form-context';
import { answerFeedSaves } from './test-helpers';

function ComposeButton() {
  const { open } = useFeedForm();
  return (
    <button type="button" onClick={() => open()}>
      Compose
    </button>
  );
}

async function openComposer() {
  signedInMember();
  const user = userEvent.setup({ applyAccept: false });
  const view = await renderWithProviders(
    <FeedFormProvider>
      <ComposeButton />
      <FeedComposer />
    </FeedFormProvider>,
    { path: '/feeds' },
  );
  await user.click(screen.getByRole('button', { name: 'Compose' }));
  const dialog = await screen.findByRole('dialog', { name: 'New post' });
  return { user, dialog, ...view };
}

const description = () => screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;

afterEach(() => vi.unstubAllGlobals());

describe('Creating a post in the composer', () => {
  it('uploads two photos with a bar each, waits for them, and saves their keys in the order shown', async () => {
    // By arrival order: the uploads start in the order the files were chosen.
    const held = [gate(), gate()];
    let arrived = 0;
    const purposes: unknown[] = [];
    server.use(
      http.post('/api/compress-image', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('image[]') as File;
        purposes.push(form.get('type'));
        const nth = arrived++;
        expect(file.type).toBe('image/jpeg');
        await held[nth]!.opened;
        return HttpResponse.json(ok({ images: [anUpload(nth === 0 ? 'key_first' : 'key_second')] }));
      }),
    );
    const saves = answerFeedSaves();
    const { user, queryClient } = await openComposer();
    const lists = feedKeys.list({});
    queryClient.setQueryData(lists, {
      pages: [
        { list: [], current_page: 1, last_page: 2, per_page: 20, total: 0 },
        { list: [], current_page: 2, last_page: 2, per_page: 20, total: 0 },
      ],
      pageParams: [{ page: 1 }, { page: 2, cursor: 'c2' }],
    });

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Sunrise loop');
    await user.upload(screen.getByLabelText('Add photos'), [aPhoto('first.jpg'), aPhoto('second.jpg')]);

    expect(await screen.findByRole('progressbar', { name: 'Uploading first.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading second.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save as draft' })).toBeDisabled();
    expect(screen.getByText('Saving waits until your photos finish uploading.')).toBeInTheDocument();

    held[1]!.open();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Uploading second.jpg' })).not.toBeInTheDocument());
    // One photo still uploading: the save still waits.
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    held[0]!.open();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(purposes).toEqual(['feed', 'feed']);

    // Both in, in the order chosen; move the second to the front.
    const photos = within(screen.getByRole('list', { name: 'Photos in the order they are shown' })).getAllByRole('img');
    expect(photos.map((img) => img.getAttribute('src'))).toEqual(['/media/key_first-t.webp', '/media/key_second-t.webp']);
    await user.click(screen.getByRole('button', { name: 'Move photo 2 left' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      method: 'POST',
      body: { title: 'Sunrise loop', description: '', isDraft: false, location: null, latitude: null, longitude: null, images: ['key_second', 'key_first'], activityId: null },
    });
    expect(await screen.findByText('Feed Created Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New post' })).not.toBeInTheDocument());
    // Page 1 of the feed lists is reloaded: later pages dropped, the list marked for a refetch.
    const state = queryClient.getQueryState(lists);
    expect(state?.isInvalidated).toBe(true);
    expect((queryClient.getQueryData(lists) as { pages: unknown[] }).pages).toHaveLength(1);
  });

  it('cancels one upload and removes a photo, keeping the rest', async () => {
    const held = gate();
    let arrived = 0;
    server.use(
      http.post('/api/compress-image', async ({ request }) => {
        await request.formData();
        const key = ['quick', 'slow', 'spare'][arrived++]!;
        if (key === 'slow') await held.opened;
        return HttpResponse.json(ok({ images: [anUpload(key)] }));
      }),
    );
    const saves = answerFeedSaves();
    const { user } = await openComposer();
    await user.upload(screen.getByLabelText('Add photos'), [aPhoto('quick.jpg'), aPhoto('slow.jpg'), aPhoto('spare.jpg')]);
    await user.click(await screen.findByRole('button', { name: 'Cancel upload of slow.jpg' }));
    expect(screen.queryByRole('progressbar', { name: 'Uploading slow.jpg' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body.images).toEqual(['quick']);
    held.open();
  });

  it('saves a draft with isDraft true and says where to find it', async () => {
    const saves = answerFeedSaves();
    const { user } = await openComposer();
    await user.type(description(), 'Half way up, back tomorrow');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body).toMatchObject({ description: 'Half way up, back tomorrow', isDraft: true });
    expect(saves[0]!.body).not.toHaveProperty('id');
    expect(await screen.findByText('Draft saved. Find it in My posts.')).toBeInTheDocument();
  });

  it('refuses an empty post before asking the server', async () => {
    const saves = answerFeedSaves();
    const { user } = await openComposer();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Write something, add a photo or link an activity first.')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it('shows the server’s field errors under the fields and keeps what was typed', async () => {
    server.use(
      http.post('/api/feed', () =>
        HttpResponse.json(fail(400, 'Check the highlighted fields.', { title: ['That title is too long for us.'], location: ['Unknown place.'] }), {
          status: 400,
        }),
      ),
    );
    const { user } = await openComposer();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'A title');
    await user.type(screen.getByRole('textbox', { name: 'Place' }), 'Nowhere');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('That title is too long for us.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('A title');
    expect(screen.getByText('Unknown place.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New post' })).toBeInTheDocument();
  });

  it('shows a live character count for the description', async () => {
    const { user } = await openComposer();
    await user.type(description(), 'Twelve chars');
    expect(screen.getByText(/12 \/ 5,000/)).toBeInTheDocument();
  });
});

describe('Hashtag and mention suggestions', () => {
  it('suggests members after @ and picks one with the keyboard', async () => {
    const searches: string[] = [];
    server.use(
      http.get('/api/getUserTagfollowerFollowingList', ({ request }) => {
        searches.push(new URL(request.url).searchParams.get('search') ?? '');
        return HttpResponse.json(
          ok({
            list: [
              { userId: 3, handleName: 'samrivera', firstName: 'Sam', lastName: 'Rivera', profileImage: null },
              { userId: 4, handleName: 'sallyk', firstName: 'Sally', lastName: 'Kim', profileImage: null },
            ],
            current_page: 1,
            last_page: 1,
            per_page: 20,
            total: 2,
          }),
        );
      }),
    );
    const { user } = await openComposer();
    await user.type(description(), 'Ride with @sa');
    const list = await screen.findByRole('listbox', { name: 'Members to mention' });
    const options = await within(list).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['SR@samriveraSam Rivera', 'SK@sallykSally Kim']);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(description()).toHaveAttribute('aria-activedescendant', options[0]!.id);

    await user.keyboard('{ArrowDown}');
    expect(within(list).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(description()).toHaveValue('Ride with @sallyk ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(searches).toContain('sa');
  });

  it('suggests hashtags after #, narrows the shown list while reloading, picks with Tab, and Escape closes only the list', async () => {
    server.use(
      http.get('/api/feedTag', async ({ request }) => {
        const search = new URL(request.url).searchParams.get('search') ?? '';
        const tags = [
          { tagName: 'gravel', useCount: 100 },
          { tagName: 'granite', useCount: 3 },
          { tagName: 'grit', useCount: 1 },
        ].filter((t) => t.tagName.startsWith(search));
        return HttpResponse.json(ok({ list: tags, current_page: 1, last_page: 1, per_page: 20, total: tags.length }));
      }),
    );
    const { user } = await openComposer();
    await user.type(description(), 'Loop #gr');
    const list = await screen.findByRole('listbox', { name: 'Hashtags' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    expect(within(list).getByRole('option', { name: /#gravel/ })).toHaveTextContent('100+ posts');

    await user.type(description(), 'a');
    // At once, before the new answer: the list already shown, filtered by what was typed.
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['#gravel100+ posts', '#granite3 posts']);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New post' })).toBeInTheDocument();

    await user.type(description(), 'n');
    await screen.findByRole('listbox', { name: 'Hashtags' });
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1));
    await user.keyboard('{Tab}');
    expect(description()).toHaveValue('Loop #granite ');
    expect(description()).toHaveFocus();
  });
});

describe('Location', () => {
  it('fills the coordinates from the browser’s position, clears them, and sends them with the post', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (success: PositionCallback) =>
          success({ coords: { latitude: 45.52345678, longitude: -122.6765432 } } as GeolocationPosition),
      },
    });
    const saves = answerFeedSaves();
    const { user } = await openComposer();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Evening spin');
    await user.type(screen.getByRole('textbox', { name: 'Place' }), 'Forest Park');
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('45.523457, -122.676543')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear coordinates' }));
    expect(screen.queryByText('45.523457, -122.676543')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body).toMatchObject({ location: 'Forest Park', latitude: 45.523457, longitude: -122.676543 });
  });

  it('says calmly that location is off when the permission is refused', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_: PositionCallback, error: PositionErrorCallback) =>
          error({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' } as GeolocationPositionError),
      },
    });
    const { user } = await openComposer();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Location is off for Switchback. Type the place instead');
    expect(screen.queryByRole('button', { name: 'Clear coordinates' })).not.toBeInTheDocument();
  });
});

describe('Closing the composer', () => {
  it('closes at once when nothing was written', async () => {
    const { user } = await openComposer();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before discarding what was written; keeping it brings the text back', async () => {
    const { user } = await openComposer();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Not yet');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: 'Discard this post?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep editing' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Not yet');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Opening again starts clean.
    await user.click(screen.getByRole('button', { name: 'Compose' }));
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('');
  });

  it('asks in the composer when the page is left with a post written; Discard closes it and goes on', async () => {
    const { user, router } = await openComposer();
    await user.type(description(), 'Climbing the ridge');
    void router.navigate({ to: '/elsewhere' as never });
    expect(await screen.findByRole('dialog', { name: 'Discard this post?' })).toHaveTextContent('What you wrote and the photos you added will be lost.');
    // One dialog: the question takes the composer's place rather than stacking a second modal on it.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/feeds');
    expect(description()).toHaveValue('Climbing the ridge');

    void router.navigate({ to: '/elsewhere' as never });
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/elsewhere');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
