import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { privacySettings, type PrivacySettings, type PrivacySettingsInput, type PrivacyZone } from '#contract/activities';
import { fail, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { PrivacyZonesPage } from './privacy-zones-page';
import { MAP_POINTS } from './test-helpers';

vi.mock('../../../components/map/map-view', async () => ({ MapView: (await import('./test-helpers')).StandInZoneMap }));
// Where an empty map opens is map-start.test.tsx's: here it opens on Boulder at once.
vi.mock('../../../components/map/map-start', async (original) => ({
  ...(await original<typeof import('../../../components/map/map-start')>()),
  useMapStart: () => ({ from: 'profile', center: [-105.27, 40.01], zoom: 11 }),
}));

const zone = (over: Partial<PrivacyZone> = {}): PrivacyZone => ({ id: 3, label: 'Home', centre: [-105.2712, 40.0163], radius: 400, trimRadius: 610, ...over });
const settingsOf = (over: Partial<PrivacySettings> = {}) => privacySettings.parse({ zones: [], hideEnds: 0, ...over });

/** Serves `GET /api/privacy-zones`, and answers each `PUT` with `reply` (the saved set), keeping every body. */
function servePrivacy(settings: PrivacySettings, reply: (body: PrivacySettingsInput) => Response | PrivacySettings = () => settings) {
  const puts: PrivacySettingsInput[] = [];
  server.use(
    http.get('/api/privacy-zones', () => HttpResponse.json(ok(settings))),
    http.put('/api/privacy-zones', async ({ request }) => {
      const body = (await request.json()) as PrivacySettingsInput;
      puts.push(body);
      const answer = reply(body);
      return answer instanceof Response ? answer : HttpResponse.json(ok(answer, 'Privacy zones saved. Every activity follows them now.'));
    }),
  );
  return puts;
}

async function renderPage(units: 'imperial' | 'metric' = 'imperial') {
  signedInMember({ units });
  const user = userEvent.setup();
  const view = await renderWithProviders(<PrivacyZonesPage />, { path: '/profile/privacy-zones' });
  await screen.findByRole('form', { name: 'Privacy zones' });
  return { user, ...view };
}

const circles = () => within(screen.getByRole('list', { name: 'Circles' })).queryAllByRole('listitem').map((li) => li.textContent);
const zoneMap = () => screen.getByRole('group', { name: /^Map of your privacy zones/ });

describe('PrivacyZonesPage', () => {
  it('draws each saved zone as the off-centre circle it really hides, renames one, removes another and saves the set in one PUT', async () => {
    const puts = servePrivacy(settingsOf({ zones: [zone(), zone({ id: 4, label: 'Work', centre: [-105.25, 40.02], radius: 800, trimRadius: 1100 })], hideEnds: 402 }), (body) =>
      settingsOf({ zones: [zone({ label: 'Home base' })], hideEnds: body.hideEnds }),
    );
    const { user } = await renderPage();

    expect(circles()).toEqual(['Solid circle of 610 m', 'Solid circle of 1100 m']);
    expect(screen.getByText('2 of 5')).toBeInTheDocument();
    const home = screen.getByRole('textbox', { name: 'Zone 1 label' });
    expect(home).toHaveValue('Home');
    expect(home).toHaveAccessibleDescription('0.25 mi radius · saved');
    expect(screen.getByRole('textbox', { name: 'Zone 2 label' })).toHaveAccessibleDescription('0.5 mi radius · saved');
    const ends = screen.getByRole('group', { name: 'Hide the start and end of every activity' });
    expect(within(ends).getByRole('radio', { name: '0.25 mi' })).toBeChecked();

    await user.clear(home);
    await user.type(home, 'Home base');
    await user.click(screen.getByRole('button', { name: 'Remove Work' }));
    expect(circles()).toEqual(['Solid circle of 610 m']);
    await user.click(within(ends).getByRole('radio', { name: '0.5 mi' }));
    await user.click(screen.getByRole('button', { name: 'Save privacy settings' }));

    expect(await screen.findByText('Privacy zones saved. Every activity follows them now.')).toBeInTheDocument();
    // A kept zone goes by its id and label alone: its place and size are never sent again.
    expect(puts).toEqual([{ zones: [{ id: 3, label: 'Home base' }], hideEnds: 805 }]);
    expect(screen.getByText('1 of 5')).toBeInTheDocument();
  }, 20_000);

  it('adds a zone at a point picked on the map with the radius and label chosen, dashed until the server places it', async () => {
    const puts = servePrivacy(settingsOf(), (body) =>
      settingsOf({ zones: body.zones.map((z, i) => zone({ id: 30 + i, label: z.label, centre: [-105.2731, 40.0172], radius: 'radius' in z ? z.radius : 400, trimRadius: 1240 })) }),
    );
    const { user } = await renderPage('metric');
    expect(screen.getByText('No zones yet: your activities show whole to those who may see them.')).toBeInTheDocument();
    const add = screen.getByRole('group', { name: 'Add a zone' });
    expect(within(add).getByRole('button', { name: 'Add zone' })).toBeDisabled();
    expect(within(add).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['200 m', '400 m', '800 m', '1.2 km', '1.6 km']);
    expect(within(add).getByRole('radio', { name: '400 m' })).toBeChecked();

    await user.click(within(zoneMap()).getByRole('button', { name: 'Click the map at A' }));
    expect(within(add).getByRole('status')).toHaveTextContent(`${MAP_POINTS.A[1].toFixed(5)}, ${MAP_POINTS.A[0].toFixed(5)}`);
    expect(within(zoneMap()).getByText('New zone’s centre')).toBeInTheDocument();
    expect(circles()).toEqual(['Dashed circle of 400 m']);
    await user.click(within(add).getByRole('radio', { name: '800 m' }));
    expect(circles()).toEqual(['Dashed circle of 800 m']);
    await user.type(within(add).getByRole('textbox', { name: 'Label' }), 'Work');
    await user.click(within(add).getByRole('button', { name: 'Add zone' }));

    expect(screen.getByRole('textbox', { name: 'Zone 1 label' })).toHaveValue('Work');
    expect(screen.getByRole('textbox', { name: 'Zone 1 label' })).toHaveAccessibleDescription('800 m radius · new: kept once you save');
    expect(within(zoneMap()).queryByText('New zone’s centre')).not.toBeInTheDocument();
    expect(circles()).toEqual(['Dashed circle of 800 m']);

    await user.click(screen.getByRole('button', { name: 'Save privacy settings' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ zones: [{ label: 'Work', centre: [...MAP_POINTS.A], radius: 800 }], hideEnds: 0 });
    // Saved: the zone is what the server keeps, larger and off-centre.
    await waitFor(() => expect(circles()).toEqual(['Solid circle of 1240 m']));
    expect(screen.getByRole('textbox', { name: 'Zone 1 label' })).toHaveAccessibleDescription('800 m radius · saved');
  }, 20_000);

  it('places a new zone at an address found with the search, and aims the map at it', async () => {
    servePrivacy(settingsOf());
    server.use(
      http.get('/api/places', () =>
        HttpResponse.json(ok([{ name: 'Lyons', region: 'CO', country: 'United States', label: 'Lyons, CO, United States', lng: -105.2714, lat: 40.2247, population: 2100 }])),
      ),
    );
    const { user } = await renderPage();
    await user.type(screen.getByRole('combobox', { name: 'Search an address or place' }), 'Lyons');
    await user.click(await screen.findByRole('option', { name: /Lyons/ }));
    expect(within(screen.getByRole('group', { name: 'Add a zone' })).getByRole('status')).toHaveTextContent('40.22470, -105.27140');
    expect(circles()).toEqual(['Dashed circle of 400 m']);
    expect(within(zoneMap()).getByText('Fitted to 65 points')).toBeInTheDocument();
  });

  it('says when all five zones are used and offers no way to add a sixth', async () => {
    servePrivacy(settingsOf({ zones: [1, 2, 3, 4, 5].map((id) => zone({ id, label: `Place ${id}` })) }));
    await renderPage();
    expect(screen.getByText('You have 5 zones, the most there can be. Remove one to add another.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Add a zone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Search an address or place' })).not.toBeInTheDocument();
    expect(within(zoneMap()).queryByRole('button', { name: /Click the map/ })).not.toBeInTheDocument();
  });

  it('shows the server’s word under the label it is about and keeps what was typed', async () => {
    servePrivacy(settingsOf({ zones: [zone()] }), () =>
      HttpResponse.json(fail(400, 'Check the highlighted fields.', { 'zones.0.label': ['That label is not allowed.'] }), { status: 400 }),
    );
    const { user } = await renderPage();
    const home = screen.getByRole('textbox', { name: 'Zone 1 label' });
    await user.type(home, ' sweet home');
    await user.click(screen.getByRole('button', { name: 'Save privacy settings' }));
    expect(await screen.findByText('That label is not allowed.')).toBeInTheDocument();
    expect(home).toHaveValue('Home sweet home');
  });

  it('asks before leaving with a change unsaved', async () => {
    servePrivacy(settingsOf({ zones: [zone()] }));
    const { user } = await renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Zone 1 label' }), '!');
    await user.click(screen.getByRole('link', { name: 'Edit profile' }));
    const question = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('textbox', { name: 'Zone 1 label' })).toHaveValue('Home!');
  });
});

