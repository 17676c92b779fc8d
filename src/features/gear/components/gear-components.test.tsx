import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GearComponent, GearDetail } from '#contract/gear';
import { fail, managedBy, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { componentFixture, gearFixture, serveGearDetail } from '../test-helpers';
import { GearDetailPage } from './gear-detail-page';

/** Maya's Fox 36 (513) on the Hightower: every 50 h, 55 h since its last service (77, on 1 April): overdue. */
const fork = (overrides: Partial<GearComponent> = {}) =>
  componentFixture({
    id: 513,
    kind: 'fork',
    name: 'Fox 36',
    serviceIntervalKm: null,
    serviceIntervalHours: 50,
    total: { distance: 900_000, movingTime: 360_000, activities: 40 },
    sinceService: { distance: 150_000, movingTime: 198_000, activities: 12 },
    lastServicedAt: new Date(2026, 3, 1).toISOString(),
    wear: 1.1,
    isDue: true,
    services: [{ id: 77, servicedAt: new Date(2026, 3, 1).toISOString(), what: 'Lower leg service', note: 'Fresh foam rings.' }],
    ...overrides,
  });

const hightower = (components: GearComponent[]): GearDetail => ({ gear: gearFixture(), components, recentActivities: [] });

const row = (name: string) => screen.getByRole('listitem', { name });
const components = () => screen.getByRole('region', { name: 'Components' });

/** Serves a POST, keeping each body; `reply` answers the nth call (from 0). */
function servePost(path: string, reply: (body: unknown, call: number) => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`/api/${path}`, async ({ request }) => {
      const body = await request.json();
      bodies.push(body);
      return reply(body, bodies.length - 1);
    }),
  );
  return bodies;
}

async function setDay(user: UserEvent, field: HTMLElement, day: string) {
  await user.clear(field);
  await user.type(field, day);
}

describe('a piece’s components', () => {
  it('shows each one’s wear as a named meter, due ones marked, numbers in the member’s units', async () => {
    signedInMember({ userId: 5 });
    serveGearDetail(hightower([componentFixture(), fork()]));
    await renderWithProviders(<GearDetailPage gearId={31} />, { path: '/gears/31' });

    const chain = await screen.findByRole('listitem', { name: 'XT chain' });
    const chainWear = within(chain).getByRole('meter', { name: 'Chain wear' });
    expect(chainWear).toHaveAttribute('aria-valuenow', '40');
    expect(within(chain).queryByText('Service due')).not.toBeInTheDocument();
    // 500 km and 200 km to a member on miles.
    expect(chain).toHaveTextContent('service every 310.7 mi');
    expect(chain).toHaveTextContent('Since service124.3 mi · 10 h');
    expect(chain).toHaveTextContent('Last serviceNever');

    const forkRow = row('Fox 36');
    const forkWear = within(forkRow).getByRole('meter', { name: 'Fork wear' });
    expect(Number(forkWear.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(100);
    expect(forkWear).toHaveAttribute('aria-valuetext', '110 % of its service interval used, service due');
    expect(within(forkRow).getByText('Service due')).toBeInTheDocument();
    expect(forkRow).toHaveTextContent('service every 50 h');
    expect(forkRow).toHaveTextContent('In total559.2 mi · 100 h');

    // The service log is folded away until asked for.
    const log = within(forkRow).getByText('Service log (1)');
    expect(within(forkRow).getByText('Lower leg service')).not.toBeVisible();
    await userEvent.setup().click(log);
    expect(within(forkRow).getByText('Lower leg service')).toBeVisible();
    expect(within(forkRow).getByText('Fresh foam rings.')).toBeVisible();
  });

  it('logs a service with the chosen day, and the row takes the answer (the due mark gone)', async () => {
    signedInMember({ userId: 5 });
    serveGearDetail(hightower([componentFixture(), fork()]));
    const serviced = fork({
      sinceService: { distance: 0, movingTime: 0, activities: 0 },
      lastServicedAt: new Date(2026, 4, 20).toISOString(),
      wear: 0,
      isDue: false,
      services: [
        { id: 78, servicedAt: new Date(2026, 4, 20).toISOString(), what: 'Lower leg service', note: 'New seals.' },
        { id: 77, servicedAt: new Date(2026, 3, 1).toISOString(), what: 'Lower leg service', note: 'Fresh foam rings.' },
      ],
    });
    const bodies = servePost('equipment/component/service', () => HttpResponse.json(ok(serviced, 'Service logged.')));
    const user = userEvent.setup();
    await renderWithProviders(<GearDetailPage gearId={31} />, { path: '/gears/31' });

    await user.click(within(await screen.findByRole('listitem', { name: 'Fox 36' })).getByRole('button', { name: 'Log service Fox 36' }));
    const dialog = screen.getByRole('dialog', { name: 'Log a service of Fox 36' });
    await setDay(user, within(dialog).getByLabelText('Serviced on'), '2026-05-20');
    await user.type(within(dialog).getByLabelText('What was done'), 'Lower leg service');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'New seals.');
    await user.click(within(dialog).getByRole('button', { name: 'Log service' }));

    expect(await screen.findByText('Service logged.')).toBeInTheDocument();
    expect(bodies).toEqual([{ id: 513, servicedAt: new Date(2026, 4, 20).toISOString(), what: 'Lower leg service', note: 'New seals.' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const forkRow = row('Fox 36');
    expect(within(forkRow).queryByText('Service due')).not.toBeInTheDocument();
    expect(within(forkRow).getByRole('meter', { name: 'Fork wear' })).toHaveAttribute('aria-valuenow', '0');
    expect(within(forkRow).getByText('Service log (2)')).toBeInTheDocument();
  });

  it('adds a component with its interval turned into km, a 400 under its field and what was typed kept', async () => {
    signedInMember({ userId: 5 });
    serveGearDetail(hightower([]));
    const added = componentFixture({ id: 514, name: 'KMC X11', serviceIntervalKm: 482.803, installedAt: new Date(2026, 3, 1).toISOString(), wear: 0 });
    const bodies = servePost('equipment/component', (_body, call) =>
      call === 0
        ? HttpResponse.json(fail(400, 'Check the highlighted fields.', { name: ['This piece already has a component named “KMC X11”.'] }), { status: 400 })
        : HttpResponse.json(ok(added, 'Component added.')),
    );
    const user = userEvent.setup();
    await renderWithProviders(<GearDetailPage gearId={31} />, { path: '/gears/31' });

    await screen.findByRole('region', { name: 'Components' });
    expect(within(components()).getByText('Add the chain, fork or shoes to track their wear and get told when a service is due.')).toBeInTheDocument();
    await user.click(within(components()).getByRole('button', { name: 'Add component' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a component' });
    await user.click(within(dialog).getByRole('button', { name: 'Add component' }));
    // Checked before anything is sent.
    expect(within(dialog).getByLabelText('Kind')).toHaveAccessibleDescription('Choose what kind of part it is.');
    expect(bodies).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'Chain');
    await user.type(within(dialog).getByLabelText('Name'), 'KMC X11');
    await setDay(user, within(dialog).getByLabelText('Fitted on'), '2026-04-01');
    await user.type(within(dialog).getByLabelText('Every … mi'), '300');
    await user.click(within(dialog).getByRole('button', { name: 'Add component' }));

    const name = within(dialog).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAccessibleDescription('This piece already has a component named “KMC X11”.'));
    expect(name).toHaveValue('KMC X11');
    expect(bodies).toEqual([
      { gearId: 31, kind: 'chain', name: 'KMC X11', installedAt: new Date(2026, 3, 1).toISOString(), serviceIntervalKm: 482.803, serviceIntervalHours: null },
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Add component' }));
    expect(await screen.findByText('Component added.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Shown back in miles as typed.
    expect(row('KMC X11')).toHaveTextContent('service every 300 mi');
  });

  it('edits a component in the same form, filled in', async () => {
    signedInMember({ userId: 5, units: 'metric' });
    serveGearDetail(hightower([componentFixture()]));
    const bodies = servePost('equipment/component', (body) =>
      HttpResponse.json(ok(componentFixture({ name: (body as { name: string }).name, serviceIntervalKm: 600, wear: 0.33 }), 'Component saved.')),
    );
    const user = userEvent.setup();
    await renderWithProviders(<GearDetailPage gearId={31} />, { path: '/gears/31' });

    await user.click(within(await screen.findByRole('listitem', { name: 'XT chain' })).getByRole('button', { name: 'Edit XT chain' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit XT chain' });
    expect(within(dialog).getByLabelText('Kind')).toHaveValue('chain');
    expect(within(dialog).getByLabelText('Fitted on')).toHaveValue('2026-03-01');
    const interval = within(dialog).getByLabelText('Every … km');
    expect(interval).toHaveValue('500');
    await user.clear(interval);
    await user.type(interval, '600');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Component saved.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { id: 512, gearId: 31, kind: 'chain', name: 'XT chain', installedAt: new Date(2026, 2, 1).toISOString(), serviceIntervalKm: 600, serviceIntervalHours: null },
    ]);
    expect(row('XT chain')).toHaveTextContent('service every 600 km');
  });

  it('moves a component to another of the member’s pieces, and it leaves this page', async () => {
    signedInMember({ userId: 5 });
    serveGearDetail(hightower([componentFixture(), fork()]));
    server.use(
      http.get('/api/equipment/pickable', () =>
        HttpResponse.json(
          ok([
            { id: 31, title: 'Blue Hightower', sportId: 53, isDefault: false },
            { id: 32, title: 'Grey Stumpjumper', sportId: 53, isDefault: true },
          ]),
        ),
      ),
    );
    const bodies = servePost('equipment/component/move', () => HttpResponse.json(ok(componentFixture({ gearId: 32 }), 'Component moved.')));
    const user = userEvent.setup();
    await renderWithProviders(<GearDetailPage gearId={31} />, { path: '/gears/31' });

    await user.click(within(await screen.findByRole('listitem', { name: 'XT chain' })).getByRole('button', { name: 'Move XT chain' }));
    const dialog = screen.getByRole('dialog', { name: 'Move XT chain' });
    const target = await within(dialog).findByLabelText('Move to');
    // This piece is not offered.
    expect(within(target).getAllByRole('option').map((o) => o.textContent)).toEqual(['Grey Stumpjumper']);
    await setDay(user, within(dialog).getByLabelText('Moved on'), '2026-05-02');
    await user.click(within(dialog).getByRole('button', { name: 'Move component' }));

    expect(await screen.findByText('Component moved.')).toBeInTheDocument();
    expect(bodies).toEqual([{ id: 512, gearId: 32, movedAt: new Date(2026, 4, 2).toISOString() }]);
    expect(screen.queryByRole('listitem', { name: 'XT chain' })).not.toBeInTheDocument();
    expect(row('Fox 36')).toBeInTheDocument();
  });

  it('removes a component after asking', async () => {
    signedInMember({ userId: 5 });
    serveGearDetail(hightower([componentFixture()]));
    const bodies: unknown[] = [];
    server.use(
      http.delete('/api/equipment/component', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok({}, 'Component removed.'));
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<GearDetailPage gearId={31} />, { path: '/gears/31' });

    await user.click(within(await screen.findByRole('listitem', { name: 'XT chain' })).getByRole('button', { name: 'Remove XT chain' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Remove this component?' })).getByRole('button', { name: 'Remove component' }));

    expect(await screen.findByText('Component removed.')).toBeInTheDocument();
    expect(bodies).toEqual([{ id: 512 }]);
    expect(screen.queryByRole('listitem', { name: 'XT chain' })).not.toBeInTheDocument();
  });

  it('lets an owner who is an associate without the right to add gear only remove components', async () => {
    signedInMember({ userId: 5, managedBy: managedBy('post') });
    serveGearDetail(hightower([componentFixture()]));
    await renderWithProviders(<GearDetailPage gearId={31} />, { path: '/gears/31' });

    const chain = await screen.findByRole('listitem', { name: 'XT chain' });
    expect(within(components()).queryByRole('button', { name: 'Add component' })).not.toBeInTheDocument();
    expect(within(chain).getAllByRole('button').map((b) => b.textContent)).toEqual(['Remove']);
  });

  it('shows another member the components and their wear, with nothing to do', async () => {
    signedInMember({ userId: 9, handleName: 'jonasrides', firstName: 'Jonas' });
    serveGearDetail(hightower([componentFixture(), fork()]));
    await renderWithProviders(<GearDetailPage gearId={31} />, { path: '/gears/31' });

    const section = await screen.findByRole('region', { name: 'Components' });
    expect(within(section).getAllByRole('meter').map((m) => m.getAttribute('aria-valuenow'))).toEqual(['40', '110']);
    expect(within(section).getByText('Service due')).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });
});
