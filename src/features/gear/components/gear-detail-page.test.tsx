import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GearDetail } from '#contract/gear';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { fail, managedBy, ok } from '../../../test/fixtures';
import { gearFixture, gearPostFixture, serveGearDetail } from '../test-helpers';
import { GearDetailPage } from './gear-detail-page';

/** Maya's Hightower (31) with its notes, a photo and one ride (702) on it. */
const hightower = (): GearDetail => ({
  gear: gearFixture({
    notes: 'New rear shock in March.',
    buildKit: 'SRAM GX, Code R brakes',
    images: [{ key: 'gear-photo-1', url: '/media/gear-photo-1.webp', thumbnail: '/media/gear-photo-1-t.webp', dimens: '1600:1200' }],
  }),
  components: [],
  recentActivities: [{ id: 702, title: 'Morning ride', sportId: 53, startAt: '2026-05-17T06:30:00.000Z', distance: 32_186.88, movingTime: 5400, climb: 600 }],
});

describe('a piece of gear’s page', () => {
  it('shows its fields, totals and latest activities, and lets its owner delete it after asking', async () => {
    signedInMember({ userId: 5 });
    serveGearDetail(hightower());
    const deleted: unknown[] = [];
    server.use(
      http.delete('/api/deleteEquipment', async ({ request }) => {
        deleted.push(await request.json());
        return HttpResponse.json(ok({}, 'Equipment Deleted Successfully'));
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<GearDetailPage gearId={31} />, { path: '/gears/31' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Blue Hightower' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your gear' })).toHaveAttribute('href', '/profile/gears');
    const facts = Object.fromEntries(
      within(screen.getByRole('article')).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Brand: 'Santa Cruz',
      Model: 'Hightower',
      Year: '2023',
      'Wheel size': '29"',
      'Front travel': '160 mm',
      'Rear travel': '150 mm',
      'Build kit': 'SRAM GX, Code R brakes',
    });
    expect(screen.getByText('New rear shock in March.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open photo 1 of 1' })).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals).toHaveTextContent('Distance20.0 mi');
    expect(totals).toHaveTextContent('Moving time1h 30m');
    expect(totals).toHaveTextContent('Climb1,969 ft');
    expect(totals).toHaveTextContent('Activities3');
    expect(within(screen.getByRole('region', { name: 'Recent activities' })).getByRole('link', { name: 'Morning ride' })).toHaveAttribute('href', '/activities/702');

    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/profile/gears/edit?id=31');
    expect(screen.getByRole('button', { name: 'Retire' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this gear?' });
    expect(deleted).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete gear' }));

    expect(await screen.findByText('Equipment Deleted Successfully')).toBeInTheDocument();
    expect(deleted).toEqual([{ id: 31 }]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile/gears'));
  });

  it('retires a piece and brings it back', async () => {
    signedInMember({ userId: 5 });
    serveGearDetail(hightower());
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/equipment/retire', async ({ request }) => {
        const body = (await request.json()) as { retired: boolean };
        bodies.push(body);
        return HttpResponse.json(ok(gearFixture({ retiredAt: body.retired ? '2026-06-01T10:00:00.000Z' : null })));
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<GearDetailPage gearId={31} />, { path: '/gears/31' });
    await user.click(await screen.findByRole('button', { name: 'Retire' }));
    await user.click(await screen.findByRole('button', { name: 'Bring back into use' }));
    expect(await screen.findByRole('button', { name: 'Retire' })).toBeInTheDocument();
    expect(bodies).toEqual([
      { id: 31, retired: true },
      { id: 31, retired: false },
    ]);
  });

  it('offers another member no owner actions', async () => {
    signedInMember({ userId: 9, handleName: 'jonasrides', firstName: 'Jonas' });
    serveGearDetail(hightower());
    await renderWithProviders(<GearDetailPage gearId={31} />, { path: '/gears/31' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Blue Hightower' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Maya’s gear' })).toHaveAttribute('href', '/profile/mayatrails/gears');
    expect(screen.getByRole('link', { name: 'Maya Torres' })).toHaveAttribute('href', '/profile/mayatrails');
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retire' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('offers an owner who is an associate without the rights to add gear and to post no Edit and no Post about it', async () => {
    signedInMember({ userId: 5, managedBy: managedBy('comment') });
    serveGearDetail(hightower());
    await renderWithProviders(<GearDetailPage gearId={31} />, { path: '/gears/31' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Blue Hightower' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post about it' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retire' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('lets the owner of a published piece post about it, and opens the new post', async () => {
    signedInMember({ userId: 5 });
    serveGearDetail(hightower());
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/shareEquipment', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok(gearPostFixture('Finally built'), 'Feed Created Successfully'));
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<GearDetailPage gearId={31} />, { path: '/gears/31' });
    await user.click(await screen.findByRole('button', { name: 'Post about it' }));

    const dialog = screen.getByRole('dialog', { name: 'Post about your gear' });
    expect(within(dialog).getByText('Blue Hightower')).toBeInTheDocument();
    expect(within(dialog).getByText('MTB · Santa Cruz Hightower')).toBeInTheDocument();
    const text = within(dialog).getByRole('textbox', { name: 'Say something about it' });
    expect(text).toHaveFocus();
    await user.type(text, 'Finally built');
    expect(within(dialog).getByText('13 / 2,000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('Feed Created Successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ id: 31, text: 'Finally built' }]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/feeds/905'));
  });

  it('puts the server’s word on the text under it and keeps what was typed', async () => {
    signedInMember({ userId: 5 });
    serveGearDetail(hightower());
    server.use(
      http.post('/api/shareEquipment', () =>
        HttpResponse.json(fail(400, 'The given data was invalid.', { text: ['Say it without the link.'] }), { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(<GearDetailPage gearId={31} />, { path: '/gears/31' });
    await user.click(await screen.findByRole('button', { name: 'Post about it' }));
    const dialog = screen.getByRole('dialog', { name: 'Post about your gear' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Say something about it' }), 'See spam.example');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));

    expect(await within(dialog).findByText('Say it without the link.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Say something about it' })).toHaveValue('See spam.example');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('copies the piece’s address for anyone who sees it', async () => {
    signedInMember({ userId: 9, handleName: 'jonasrides', firstName: 'Jonas' });
    serveGearDetail(hightower());
    const user = userEvent.setup();
    await renderWithProviders(<GearDetailPage gearId={31} />, { path: '/gears/31' });
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));

    expect(await screen.findByText('Link copied. Share it with anyone who can see this gear.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${location.origin}/gears/31`);
    expect(screen.queryByRole('button', { name: 'Post about it' })).not.toBeInTheDocument();
  });

  it('offers no post about a draft, saying why', async () => {
    signedInMember({ userId: 5 });
    serveGearDetail({ ...hightower(), gear: gearFixture({ isDraft: true }) });
    await renderWithProviders(<GearDetailPage gearId={31} />, { path: '/gears/31' });

    expect(await screen.findByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(screen.getByText('Publish it to post about it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post about it' })).not.toBeInTheDocument();
  });
});
