import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { answerPost, fail, ok } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { browserTimeZone } from '../api';
import { activityDetailFixture } from '../detail-test-helpers';
import { ManualActivityDialog } from './manual-activity-dialog';

async function renderDialog(units: 'imperial' | 'metric', sports: number[] = []) {
  signedInMember({ units, sports });
  const onClose = vi.fn();
  const user = userEvent.setup();
  const view = await renderWithProviders(<ManualActivityDialog onClose={onClose} />, { path: '/activities' });
  const dialog = screen.getByRole('dialog', { name: 'Add an activity' });
  return { user, onClose, dialog, ...view };
}

async function fill(user: ReturnType<typeof userEvent.setup>, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
  }
}

describe('ManualActivityDialog', () => {
  it('sends the activity in SI with the start as an instant, then opens it', async () => {
    const bodies = answerPost('activity', () => HttpResponse.json(ok(activityDetailFixture({ id: 950, source: 'manual' }), 'Activity saved.')));
    const { user, onClose, router } = await renderDialog('imperial', [35]);
    // The member's first sport is chosen for them.
    expect(screen.getByLabelText('Sport')).toHaveValue('35');
    expect(screen.getByLabelText('Distance (mi)')).toBeInTheDocument();
    expect(screen.getByLabelText('Climb (ft)')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sport'), 'MTB');
    await fill(user, { Day: '2026-05-17', 'Start time': '07:30', Hours: '1', Minutes: '2', Seconds: '3', 'Distance (mi)': '12.5', 'Climb (ft)': '1500', Description: 'Gravel loop, no watch.' });
    await user.click(within(screen.getByRole('group', { name: 'Who sees it' })).getByRole('radio', { name: /^Followers/ }));
    await user.click(screen.getByRole('button', { name: 'Save activity' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      sportId: 53,
      description: 'Gravel loop, no watch.',
      visibility: 'followers',
      startDate: new Date(2026, 4, 17, 7, 30).toISOString(),
      timeZone: browserTimeZone(),
      duration: 3723,
      distance: 20_116.8,
      elevationGain: 457.2,
    });
    expect(await screen.findByText('Activity saved.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/activities/950'));
  }, 20_000);

  it('checks what was typed, in the member’s units, before sending anything', async () => {
    const bodies = answerPost('activity', () => HttpResponse.json(ok(activityDetailFixture())));
    const { user, dialog } = await renderDialog('metric');
    await fill(user, { 'Start time': '07:30', Minutes: '75', 'Distance (km)': '2500', 'Climb (m)': 'lots' });
    await user.click(screen.getByRole('button', { name: 'Save activity' }));

    expect(await within(dialog).findByText('Choose a sport.')).toBeInTheDocument();
    expect(within(dialog).getByText('Minutes: a whole number up to 59.')).toBeInTheDocument();
    expect(within(dialog).getByText('Distance: a number up to 2,000 km, or leave it empty.')).toBeInTheDocument();
    expect(within(dialog).getByText('Climb: a number up to 50,000 m, or leave it empty.')).toBeInTheDocument();
    expect(screen.getByLabelText('Distance (km)')).toHaveAttribute('aria-invalid', 'true');
    // What was typed stays.
    expect(screen.getByLabelText('Distance (km)')).toHaveValue('2500');

    await fill(user, { Minutes: '', 'Distance (km)': '', 'Climb (m)': '' });
    await user.selectOptions(screen.getByLabelText('Sport'), 'Running');
    await user.click(screen.getByRole('button', { name: 'Save activity' }));
    expect(await within(dialog).findByText('How long did it take?')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  }, 20_000);

  it('puts the server’s field errors under the boxes they belong to', async () => {
    answerPost('activity', () =>
      HttpResponse.json(fail(400, 'Check the highlighted fields.', { startDate: ['That start is in the future.'], elevationGain: ['That is more than 50,000 m of climb.'] }), {
        status: 400,
      }),
    );
    const { user, onClose, dialog } = await renderDialog('metric', [5]);
    await fill(user, { Day: '2030-01-01', 'Start time': '08:00', Minutes: '45', 'Climb (m)': '120' });
    await user.click(screen.getByRole('button', { name: 'Save activity' }));

    expect(await within(dialog).findByText('That start is in the future.')).toBeInTheDocument();
    expect(screen.getByLabelText('Day')).toHaveAccessibleDescription('That start is in the future.');
    expect(screen.getByLabelText('Climb (m)')).toHaveAccessibleDescription('That is more than 50,000 m of climb.');
    expect(screen.getByLabelText('Climb (m)')).toHaveValue('120');
    expect(onClose).not.toHaveBeenCalled();
  }, 20_000);
});
