import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ActivityPicker } from '../../activities/components/activity-picker';
import { activityFixture, activityPage, serveActivities } from '../../activities/test-helpers';
import { idFromSearch } from '../../../lib/id-search';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { ActivityPickerSlot } from './activity-picker-slot';
import { FeedComposer } from './feed-composer';
import { FeedFormProvider, useFeedForm } from './feed-form-context';
import { answerFeedSaves, anOwnFeed } from './test-helpers';
import { useShareActivity } from './use-share-activity';

const morning = activityFixture();
const gravel = activityFixture({ id: 950, title: 'Gravel hill repeats', sportId: 34 });

/** The composer in the frame the signed-in app gives it: with the activities' picker, as src/routes/_main/route.tsx does. */
async function renderComposer(opener: ReactNode, { withPicker = true } = {}) {
  signedInMember();
  const user = userEvent.setup();
  const ui = (
    <FeedFormProvider>
      {opener}
      <FeedComposer />
    </FeedFormProvider>
  );
  const view = await renderWithProviders(withPicker ? <ActivityPickerSlot value={ActivityPicker}>{ui}</ActivityPickerSlot> : ui, { path: '/feeds' });
  return { user, ...view };
}

function OpenButton({ feed }: { feed?: Parameters<ReturnType<typeof useFeedForm>['open']>[0] }) {
  const { open } = useFeedForm();
  return (
    <button type="button" onClick={() => open(feed)}>
      Compose
    </button>
  );
}

/** `/feeds` as its route gives it the address's `shareActivity`. */
function SharedFromAddress() {
  const search = useSearch({ strict: false }) as { shareActivity?: unknown };
  useShareActivity(idFromSearch(search.shareActivity));
  return null;
}

describe('Linking an activity to a post', () => {
  it('sends the activity picked in the composer with the post', async () => {
    serveActivities((body) => activityPage(body.activityId === 950 ? [gravel] : [morning, gravel]));
    const saves = answerFeedSaves();
    const { user } = await renderComposer(<OpenButton />);
    await user.click(screen.getByRole('button', { name: 'Compose' }));
    const dialog = await screen.findByRole('dialog', { name: 'New post' });

    await user.click(await within(dialog).findByRole('button', { name: 'Link an activity' }));
    await user.click(await within(dialog).findByRole('button', { name: /Gravel hill repeats/ }));
    expect(within(dialog).getByRole('group', { name: 'Activity' })).toHaveTextContent('Gravel hill repeats');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Six times up the wall');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body).toMatchObject({ description: 'Six times up the wall', activityId: 950, isDraft: false });
  });

  it('opens the composer from /feeds?shareActivity= with that activity linked, forgets the address, and posts it alone', async () => {
    const bodies = serveActivities((body) => activityPage(body.activityId === 901 ? [morning] : []));
    const saves = answerFeedSaves();
    const { user, router } = await renderComposer(<SharedFromAddress />);
    await router.navigate({ to: '/feeds', search: { shareActivity: '901' } } as never);

    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    expect(await within(dialog).findByText('Morning ride')).toBeInTheDocument();
    expect(bodies).toEqual([{ activityId: 901 }]);
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('shareActivity'));

    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body).toMatchObject({ title: '', description: '', images: [], activityId: 901 });
  });

  it('keeps a post’s link as it was when the frame gives no picker', async () => {
    const saves = answerFeedSaves();
    const { user } = await renderComposer(<OpenButton feed={anOwnFeed({ title: 'Ridge run', activityId: 901 })} />, { withPicker: false });
    await user.click(screen.getByRole('button', { name: 'Compose' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    expect(within(dialog).queryByRole('group', { name: 'Activity' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), ' at dawn');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body).toMatchObject({ id: 41, title: 'Ridge run at dawn', activityId: 901 });
  });
});
