import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { activityDetailQuery } from '../../activities/api';
import { ActivityGear } from '../../activities/components/activity-gear';
import { activityDetailFixture, serveActivityPage } from '../../activities/detail-test-helpers';
import { answerPost, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { ActivityGearPicker } from './activity-gear-picker';

/** The activity page's gear section, with the picker handed down as the route does. */
function ActivityGearOf({ activityId }: { activityId: number }) {
  const { data } = useQuery(activityDetailQuery(activityId));
  return data ? <ActivityGear activity={data} picker={(props) => <ActivityGearPicker {...props} />} /> : null;
}

describe('the gear an activity used', () => {
  it('lets the owner pick gear from their pieces in use and saves the chosen ids', async () => {
    signedInMember({ userId: 7 });
    serveActivityPage(activityDetailFixture({ id: 702, gear: [{ id: 31, title: 'Blue Hightower', sportId: 53 }] }));
    server.use(
      http.get('/api/equipment/pickable', () =>
        HttpResponse.json(
          ok([
            { id: 31, title: 'Blue Hightower', sportId: 53, isDefault: true },
            { id: 34, title: 'Race wheels', sportId: 53, isDefault: false },
            { id: 36, title: 'Trail shoes', sportId: 5, isDefault: false },
          ]),
        ),
      ),
    );
    const bodies = answerPost('activity/gear', () =>
      HttpResponse.json(
        ok([
          { id: 34, title: 'Race wheels', sportId: 53 },
          { id: 36, title: 'Trail shoes', sportId: 5 },
        ]),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<ActivityGearOf activityId={702} />, { path: '/activities/702' });

    const section = await screen.findByRole('region', { name: 'Gear' });
    expect(within(section).getByRole('link', { name: 'Blue Hightower' })).toHaveAttribute('href', '/gears/31');
    await user.click(within(section).getByRole('button', { name: 'Change gear' }));

    const dialog = await screen.findByRole('dialog', { name: 'Gear used' });
    const hightower = await within(dialog).findByRole('checkbox', { name: /Blue Hightower/ });
    expect(hightower).toBeChecked();
    expect(within(dialog).getByText('MTB · Default')).toBeInTheDocument();
    await user.click(hightower);
    await user.click(within(dialog).getByRole('checkbox', { name: /Race wheels/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Trail shoes/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save gear' }));

    expect(await screen.findByText('Gear saved.')).toBeInTheDocument();
    expect(bodies).toEqual([{ activityId: 702, gearIds: [34, 36] }]);
    // The page shows the list as saved, from the activity's cache.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Race wheels' })).toHaveAttribute('href', '/gears/34');
    expect(within(section).getByRole('link', { name: 'Trail shoes' })).toHaveAttribute('href', '/gears/36');
    expect(within(section).queryByRole('link', { name: 'Blue Hightower' })).not.toBeInTheDocument();
  });

  it('shows another member’s activity gear without a way to change it', async () => {
    signedInMember({ userId: 9 });
    serveActivityPage(activityDetailFixture({ id: 702, isOwner: false, gear: [{ id: 31, title: 'Blue Hightower', sportId: 53 }] }));
    await renderWithProviders(<ActivityGearOf activityId={702} />, { path: '/activities/702' });
    const section = await screen.findByRole('region', { name: 'Gear' });
    expect(within(section).getByRole('link', { name: 'Blue Hightower' })).toHaveAttribute('href', '/gears/31');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });
});
