import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerPost, fail, ok } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { gearFixture, serveGearDetail, serveGearOptions } from '../test-helpers';
import { GearFormPage } from './gear-form-page';

describe('the gear form', () => {
  it('shows the chosen sport’s fields as the server describes them, puts a 400 under its field, then creates the piece', async () => {
    signedInMember({ userId: 5 });
    serveGearOptions();
    let answers = 0;
    const bodies = answerPost('userSaveEquipment', () =>
      ++answers === 1
        ? HttpResponse.json(fail(400, 'Check the highlighted fields.', { frontTravel: ['Front travel is at most 200 mm on this frame.'] }), { status: 400 })
        : HttpResponse.json(ok(gearFixture({ isDefault: true }), 'Equipment Created Successfully')),
    );
    const user = userEvent.setup();
    await renderWithProviders(<GearFormPage gearId={undefined} />, { path: '/profile/gears/add' });

    expect(screen.getByRole('heading', { level: 1, name: 'Add gear' })).toBeInTheDocument();
    // No sport yet: no details to fill in.
    expect(screen.queryByRole('group', { name: 'Details' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sport'), 'MTB');
    expect(await screen.findByLabelText('Front travel (mm)')).toBeInTheDocument();
    expect(screen.getByLabelText('Rear travel (mm)')).toBeInTheDocument();
    expect(screen.getByLabelText('Wheel size')).toHaveDisplayValue('Not set');
    expect(screen.queryByLabelText('Kind')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sport'), 'Running');
    const kind = await screen.findByLabelText('Kind');
    expect(within(kind).getAllByRole('option').map((o) => o.textContent)).toEqual(['Not set', 'Road shoes', 'Trail shoes', 'Track spikes', 'Watch', 'Other']);
    expect(screen.getByLabelText('Size')).toHaveAttribute('placeholder', 'EU 43, US 9.5…');
    expect(screen.queryByLabelText('Front travel (mm)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Rear travel (mm)')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sport'), 'MTB');
    await user.selectOptions(await screen.findByLabelText('Wheel size'), '29"');
    await user.type(screen.getByLabelText('Front travel (mm)'), '250');
    await user.type(screen.getByLabelText('Rear travel (mm)'), '150');
    await user.type(screen.getByLabelText('Name'), 'Blue Hightower');
    await user.type(screen.getByLabelText('Brand'), 'Santa Cruz');
    await user.type(screen.getByLabelText('Model'), 'Hightower');
    await user.type(screen.getByLabelText('Year'), '2023');
    await user.click(screen.getByRole('checkbox', { name: /Default for this sport/ }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    // The server's word is under the field it names, and what was typed stays.
    const frontTravel = screen.getByLabelText('Front travel (mm)');
    expect(await screen.findByText('Front travel is at most 200 mm on this frame.')).toBeInTheDocument();
    expect(frontTravel).toHaveAccessibleDescription('Front travel is at most 200 mm on this frame.');
    expect(frontTravel).toHaveValue(250);
    expect(screen.getByLabelText('Name')).toHaveValue('Blue Hightower');

    await user.clear(frontTravel);
    await user.type(frontTravel, '160');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Equipment Created Successfully')).toBeInTheDocument();
    // Only MTB's details are sent: the shoe fields seen on the way are not.
    expect(bodies[1]).toEqual({
      sportId: 53,
      title: 'Blue Hightower',
      brand: 'Santa Cruz',
      model: 'Hightower',
      year: 2023,
      notes: '',
      isDraft: false,
      isDefault: true,
      images: [],
      wheelsize: '29"',
      framesize: null,
      frontTravel: 160,
      rearTravel: 150,
      buildKit: null,
    });
    // A published piece opens on its own page.
    expect(await screen.findByTestId('location')).toHaveTextContent('/gears/31');
  });

  it('checks a number against the sport’s range and a year before sending anything', async () => {
    signedInMember({ userId: 5 });
    serveGearOptions();
    const bodies = answerPost('userSaveEquipment', () => HttpResponse.json(ok(gearFixture())));
    const user = userEvent.setup();
    await renderWithProviders(<GearFormPage gearId={undefined} />, { path: '/profile/gears/add' });

    await user.selectOptions(screen.getByLabelText('Sport'), 'eBike');
    await user.type(await screen.findByLabelText('Battery (Wh)'), '50');
    await user.type(screen.getByLabelText('Year'), '1890');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));

    expect(await screen.findByText('Enter a whole number from 100 to 2,000 Wh.')).toBeInTheDocument();
    expect(screen.getByText('Give it a name.')).toBeInTheDocument();
    expect(screen.getByText(/Enter a year from 1950 to/)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('edits a piece with its values in place and says it was saved', async () => {
    signedInMember({ userId: 5 });
    serveGearOptions();
    serveGearDetail({ gear: gearFixture(), components: [], recentActivities: [] });
    const bodies = answerPost('userSaveEquipment', () => HttpResponse.json(ok(gearFixture({ title: 'Blue Hightower v2' }))));
    const user = userEvent.setup();
    await renderWithProviders(<GearFormPage gearId={31} />, { path: '/profile/gears/edit' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit gear' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Front travel (mm)')).toHaveValue(160);
    expect(screen.getByLabelText('Wheel size')).toHaveDisplayValue('29"');
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Blue Hightower v2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Equipment saved.')).toBeInTheDocument();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ id: 31, sportId: 53, title: 'Blue Hightower v2', frontTravel: 160, rearTravel: 150, isDraft: false });
  });
});
