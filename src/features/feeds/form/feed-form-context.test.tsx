import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { gate } from '../../../test/gate';
import { signedInMember } from '../../../test/session';
import { FeedComposer } from './feed-composer';
import { FeedFormProvider, useFeedForm } from './feed-form-context';
import { anOwnFeed } from './test-helpers';

const draft = anOwnFeed({ id: 12, title: 'Unfinished climb', isDraft: true, publishedAt: null });

/** Shows the context's state as text and offers its actions, the way a composer button or a card uses it. */
function Probe() {
  const form = useFeedForm();
  return (
    <div>
      <p data-testid="state">
        {JSON.stringify({ isOpen: form.isOpen, dataId: form.data?.id ?? null, isLoading: form.isLoading, isSuccessful: form.isSuccessful })}
      </p>
      <button type="button" onClick={() => form.open()}>
        New
      </button>
      <button type="button" onClick={() => form.open(draft)}>
        Edit draft
      </button>
      <button type="button" onClick={form.close}>
        Close form
      </button>
    </div>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent!) as Record<string, unknown>;

async function setup(withComposer = false) {
  signedInMember();
  const user = userEvent.setup();
  await renderWithProviders(
    <FeedFormProvider>
      <Probe />
      {withComposer && <FeedComposer />}
    </FeedFormProvider>,
  );
  return user;
}

describe('The feed form context', () => {
  it('starts closed, opens empty for a new post and with the post for an edit, and closes', async () => {
    const user = await setup();
    expect(state()).toEqual({ isOpen: false, dataId: null, isLoading: false, isSuccessful: false });
    await user.click(screen.getByRole('button', { name: 'New' }));
    expect(state()).toEqual({ isOpen: true, dataId: null, isLoading: false, isSuccessful: false });
    await user.click(screen.getByRole('button', { name: 'Edit draft' }));
    expect(state()).toMatchObject({ isOpen: true, dataId: 12 });
    await user.click(screen.getByRole('button', { name: 'Close form' }));
    expect(state()).toMatchObject({ isOpen: false });
  });

  it('is loading while the save is out, then successful and closed; opening again clears success', async () => {
    const held = gate();
    server.use(
      http.put('/api/feed', async () => {
        await held.opened;
        return HttpResponse.json(ok({ ...draft, title: 'Finished climb', isDraft: false }, 'Feed updated successfully'));
      }),
    );
    const user = await setup(true);
    await user.click(screen.getByRole('button', { name: 'Edit draft' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Unfinished climb');
    await user.clear(title);
    await user.type(title, 'Finished climb');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(state()).toMatchObject({ isOpen: true, isLoading: true, isSuccessful: false }));
    held.open();
    await waitFor(() => expect(state()).toEqual({ isOpen: false, dataId: 12, isLoading: false, isSuccessful: true }));
    // An edit toasts the server's own words.
    expect(await screen.findByText('Feed updated successfully')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New' }));
    expect(state()).toEqual({ isOpen: true, dataId: null, isLoading: false, isSuccessful: false });
  });

  it('is no longer loading after a refused save, and stays open', async () => {
    server.use(http.post('/api/feed', () => HttpResponse.json({ code: 500, message: 'Something went wrong' }, { status: 500 })));
    const user = await setup(true);
    await user.click(screen.getByRole('button', { name: 'New' }));
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(state()).toEqual({ isOpen: true, dataId: null, isLoading: false, isSuccessful: false });
  });
});
