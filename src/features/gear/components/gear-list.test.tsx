import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { managedBy } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { gearFixture, gearPage } from '../test-helpers';
import { MemberGear } from './member-gear';
import { MyGearPage } from './my-gear-page';

describe('your gear', () => {
  it('groups your gear by sport, marks drafts, folds retired pieces away and shows totals in your units', async () => {
    signedInMember({ userId: 5, units: 'metric' });
    const asked: string[] = [];
    server.use(
      http.get('/api/getUserProfileSportEquipment', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(
          gearPage([
            gearFixture({ id: 32, sportId: 5, title: 'Trail shoes', brand: 'Hoka', model: 'Speedgoat 5', year: null, isDraft: true, wheelsize: null, frontTravel: null, rearTravel: null, category: 'Trail shoes', size: 'EU 43', totals: { distance: 0, movingTime: 0, climb: 0, activities: 0 } }),
            gearFixture({ id: 33, title: 'Old Stumpjumper', brand: 'Specialized', model: 'Stumpjumper', year: 2015, retiredAt: '2026-01-10T08:00:00.000Z' }),
            gearFixture({ id: 31, isDefault: true, totals: { distance: 1_234_567, movingTime: 180_300, climb: 4321, activities: 57 } }),
          ]),
        );
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<MyGearPage sportId={undefined} onSportChange={() => {}} />, { path: '/profile/gears' });

    expect(screen.getByRole('heading', { level: 1, name: 'Your gear' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Add gear/ })[0]).toHaveAttribute('href', '/profile/gears/add');

    // MTB before Running, as the sport pickers order them; the retired bike is not among the MTBs in use.
    const groups = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(groups).toEqual(['MTB1', 'Running1', 'Retired MTB1']);
    const mtb = screen.getByRole('list', { name: /^MTB/ });
    const bike = within(mtb).getByRole('article', { name: 'Blue Hightower' });
    expect(within(bike).getByRole('link', { name: 'Blue Hightower' })).toHaveAttribute('href', '/gears/31');
    expect(bike).toHaveTextContent('Default');
    expect(bike).toHaveTextContent('Santa Cruz Hightower · 2023');
    expect(bike).toHaveTextContent('Wheel size: 29" · Front travel: 160 mm · Rear travel: 150 mm');
    // 1,234,567 m, 50:05 moving and 4,321 m climbed, in kilometres and metres.
    expect(bike).toHaveTextContent('Distance1,234.6 km');
    expect(bike).toHaveTextContent('Moving time50h 05m');
    expect(bike).toHaveTextContent('Climb4,321 m');
    expect(bike).toHaveTextContent('Activities57');
    expect(bike).not.toHaveTextContent('Draft');

    const shoes = within(screen.getByRole('list', { name: /^Running/ })).getByRole('article', { name: 'Trail shoes' });
    expect(shoes).toHaveTextContent('Draft');
    expect(shoes).toHaveTextContent('Kind: Trail shoes · Size: EU 43');

    const retired = screen.getByRole('article', { name: 'Old Stumpjumper' });
    expect(retired).not.toBeVisible();
    await user.click(screen.getByText('Retired (1)'));
    expect(retired).toBeVisible();
    expect(retired).toHaveTextContent('Retired');
    // Yours: no handle, every sport.
    expect(asked).toEqual(['?page=1']);
  });

  it('asks for one sport when it is chosen, and says when there is none of it', async () => {
    signedInMember({ userId: 5 });
    const asked: string[] = [];
    server.use(
      http.get('/api/getUserProfileSportEquipment', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(gearPage([]));
      }),
    );
    await renderWithProviders(<MyGearPage sportId={35} onSportChange={() => {}} />, { path: '/profile/gears' });
    expect(await screen.findByText('No Hiking gear yet')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Hiking' })).toBeChecked();
    expect(asked).toEqual(['?sportId=35&page=1']);
  });

  it('offers an associate without the right to add gear no way to add it', async () => {
    signedInMember({ userId: 5, managedBy: managedBy('post') });
    server.use(http.get('/api/getUserProfileSportEquipment', () => HttpResponse.json(gearPage([]))));
    await renderWithProviders(<MyGearPage sportId={undefined} onSportChange={() => {}} />, { path: '/profile/gears' });
    expect(await screen.findByText('No gear yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add gear/ })).not.toBeInTheDocument();
  });

  it('lists another member’s gear by their handle', async () => {
    signedInMember({ userId: 9, handleName: 'jonasrides' });
    const asked: string[] = [];
    server.use(
      http.get('/api/getUserProfileSportEquipment', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(gearPage([gearFixture()]));
      }),
    );
    await renderWithProviders(<MemberGear handleName="mayatrails" />, { path: '/profile/mayatrails/gears' });
    expect(await screen.findByRole('article', { name: 'Blue Hightower' })).toHaveTextContent('Distance20.0 mi');
    expect(asked).toEqual(['?handleName=mayatrails&page=1']);
  });
});
