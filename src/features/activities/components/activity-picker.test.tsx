import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { activityFixture, activityPage, serveActivities } from '../test-helpers';
import { ActivityPicker } from './activity-picker';

const morning = activityFixture();
const gravel = activityFixture({ id: 950, title: 'Gravel hill repeats', sportId: 34, distance: 48_280.32, startDate: '2026-05-10T16:00:00.000Z' });

/** The picker as the feed form holds it: the linked id is the form's, shown beside it. */
function Harness({ initial }: { initial: number | null }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ActivityPicker value={value} onChange={setValue} />
      <p data-testid="linked">{value === null ? 'none' : value}</p>
    </>
  );
}

async function renderPicker(initial: number | null = null) {
  signedInMember();
  const user = userEvent.setup();
  await renderWithProviders(<Harness initial={initial} />, { path: '/feeds' });
  return user;
}

const linked = () => screen.getByTestId('linked').textContent;
const choices = () => within(screen.getByRole('list', { name: 'Your activities' })).getAllByRole('button');

describe('ActivityPicker', () => {
  it('lists your activities with date, distance and sport, finds one by title, links it and removes it', async () => {
    const bodies = serveActivities((body) => activityPage(body.title === 'gravel' ? [gravel] : [morning, gravel]));
    const user = await renderPicker();

    await user.click(screen.getByRole('button', { name: 'Link an activity' }));
    await waitFor(() => expect(choices()).toHaveLength(2));
    expect(choices()[0]).toHaveTextContent('Morning ride');
    expect(choices()[0]).toHaveTextContent('Sun 17 May 2026 · 6:30 AM · 20.0 mi · MTB');
    expect(choices()[1]).toHaveTextContent('Gravel hill repeatsSun 10 May 2026 · 4:00 PM · 30.0 mi · Road');

    await user.type(screen.getByRole('searchbox', { name: 'Search your activities by title' }), 'gravel');
    await waitFor(() => expect(choices()).toHaveLength(1));
    expect(bodies.at(-1)).toMatchObject({ title: 'gravel' });

    await user.click(choices()[0]!);
    expect(linked()).toBe('950');
    expect(screen.queryByRole('list', { name: 'Your activities' })).not.toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Activity' });
    expect(group).toHaveTextContent('Gravel hill repeats');
    expect(within(group).getByRole('button', { name: 'Change the linked activity' })).toHaveFocus();
    // The one picked came whole from the list: it is not asked for again.
    expect(bodies.some((body) => 'activityId' in body)).toBe(false);

    await user.click(within(group).getByRole('button', { name: 'Remove the linked activity' }));
    expect(linked()).toBe('none');
    expect(screen.getByRole('button', { name: 'Link an activity' })).toHaveFocus();
  });

  it('shows the activity a post already links to, asked for by id, and changes it', async () => {
    const bodies = serveActivities((body) => activityPage(body.activityId === 950 ? [gravel] : [morning, gravel]));
    const user = await renderPicker(950);

    const group = screen.getByRole('group', { name: 'Activity' });
    expect(await within(group).findByText('Gravel hill repeats')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ activityId: 950 });

    await user.click(within(group).getByRole('button', { name: 'Change the linked activity' }));
    await waitFor(() => expect(choices()).toHaveLength(2));
    expect(choices()[1]).toHaveAttribute('aria-pressed', 'true');
    expect(choices()[0]).toHaveAttribute('aria-pressed', 'false');
    await user.click(choices()[0]!);
    expect(linked()).toBe('901');
    expect(group).toHaveTextContent('Morning ride');
  });

  it('says there is nothing to link yet and leads to Activities', async () => {
    serveActivities(() => activityPage([]));
    const user = await renderPicker();
    await user.click(screen.getByRole('button', { name: 'Link an activity' }));
    expect(await screen.findByText(/You have no activities yet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import or add one' })).toHaveAttribute('href', '/activities');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(/You have no activities yet\./)).not.toBeInTheDocument();
    expect(linked()).toBe('none');
  });
});
