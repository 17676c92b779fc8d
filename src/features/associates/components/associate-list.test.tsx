import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AssociateStatus } from '#contract/associates';
import { answerPost, fail, ok } from '../../../test/fixtures';
import { gate } from '../../../test/gate';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { associateFixture, associateList, serveAssociateList } from '../test-helpers';
import { AssociateList } from './associate-list';

async function renderList() {
  signedInMember();
  const user = userEvent.setup();
  const view = await renderWithProviders(<AssociateList />, { path: '/profile/associate' });
  return { user, ...view };
}

describe('the associates list', () => {
  it('shows how many of how many, each associate with their age, invitation and last activity, and the way to add one', async () => {
    serveAssociateList(() =>
      HttpResponse.json(
        associateList([
          associateFixture(),
          associateFixture({ associateId: 42, firstName: 'Leo', handleName: 'leorivera', age: 9, invitationPending: true, lastActiveAt: null, status: 0 }),
        ]),
      ),
    );
    await renderList();

    expect(await screen.findByText('2 of 5 associates')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Associates' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add associate' })).toHaveAttribute('href', '/profile/associate/add');

    const ana = screen.getByRole('article', { name: 'Ana Rivera' });
    expect(ana).toHaveTextContent('@anarivera');
    expect(ana).toHaveTextContent('Age 12');
    expect(ana).toHaveTextContent('Last active 3 min. ago');
    expect(ana).not.toHaveTextContent('Invitation pending');
    expect(within(ana).getByRole('switch', { name: 'Active Ana Rivera' })).toBeChecked();
    expect(within(ana).getByRole('link', { name: 'Edit Ana Rivera' })).toHaveAttribute('href', '/profile/associate/edit/41');
    expect(within(ana).getByRole('link', { name: 'Permissions of Ana Rivera' })).toHaveAttribute('href', '/profile/associate/permissions/41');

    const leo = screen.getByRole('article', { name: 'Leo Rivera' });
    expect(leo).toHaveTextContent('Invitation pending');
    expect(leo).toHaveTextContent('Not active yet');
    expect(leo).toHaveTextContent('Inactive: Leo is signed out and cannot sign in');
    expect(within(leo).getByRole('switch', { name: 'Active Leo Rivera' })).not.toBeChecked();
    expect(within(leo).getByRole('button', { name: 'Resend invitation' })).toBeEnabled();
  });

  it('holds Add back at the maximum and says why', async () => {
    serveAssociateList(() =>
      HttpResponse.json(associateList([41, 42, 43, 44, 45].map((associateId) => associateFixture({ associateId, handleName: `rider${associateId}` })))),
    );
    await renderList();

    expect(await screen.findByText('5 of 5 associates')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add associate' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('You manage the most associates allowed (5). Remove one to add another.');
    expect(screen.getByText('You manage the most associates allowed (5). Remove one to add another.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Add associate' })).not.toBeInTheDocument();
  });

  it('explains what associates are when there are none yet', async () => {
    serveAssociateList(() => HttpResponse.json(associateList([])));
    await renderList();
    expect(await screen.findByText('No associates yet')).toBeInTheDocument();
    expect(screen.getByText(/accounts you create and look after for someone in your care/)).toBeInTheDocument();
    expect(screen.getByText('0 of 5 associates')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your first associate' })).toHaveAttribute('href', '/profile/associate/add');
  });

  it('turns an account off at once, settles on the server’s answer and asks for the list again', async () => {
    let status: AssociateStatus = 1;
    const asked = serveAssociateList(() => HttpResponse.json(associateList([associateFixture({ status })])));
    const held = gate();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/associate/status', async ({ request }) => {
        bodies.push(await request.json());
        await held.opened;
        status = 0;
        return HttpResponse.json(ok(associateFixture({ status })));
      }),
    );
    const { user } = await renderList();

    const toggle = await screen.findByRole('switch', { name: 'Active Ana Rivera' });
    await user.click(toggle);
    // Shown before the server answers.
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/Inactive: Ana is signed out/)).toBeInTheDocument();
    held.open();
    await waitFor(() => expect(asked.count).toBe(2));
    expect(bodies).toEqual([{ associateId: 41, status: 0 }]);
    expect(screen.getByRole('switch', { name: 'Active Ana Rivera' })).not.toBeChecked();
  });

  it('ends on what the server says when it answers otherwise than asked', async () => {
    serveAssociateList(() => HttpResponse.json(associateList([associateFixture({ status: 0 })])));
    const held = gate();
    server.use(
      http.post('/api/associate/status', async () => {
        await held.opened;
        // Still off: the server has the last word.
        return HttpResponse.json(ok(associateFixture({ status: 0 })));
      }),
    );
    const { user } = await renderList();

    const toggle = await screen.findByRole('switch', { name: 'Active Ana Rivera' });
    await user.click(toggle);
    expect(toggle).toBeChecked();
    held.open();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Active Ana Rivera' })).not.toBeChecked());
  });

  it('puts the switch back when the change is refused, with the server’s reason', async () => {
    serveAssociateList(() => HttpResponse.json(associateList([associateFixture()])));
    const bodies = answerPost('associate/status', () => HttpResponse.json(fail(500, 'Something went wrong'), { status: 500 }));
    const { user } = await renderList();

    const toggle = await screen.findByRole('switch', { name: 'Active Ana Rivera' });
    await user.click(toggle);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(bodies).toEqual([{ associateId: 41, status: 0 }]);
  });

  it('sends a pending invitation again', async () => {
    serveAssociateList(() => HttpResponse.json(associateList([associateFixture({ invitationPending: true })])));
    const bodies = answerPost('associate/invitation', () => HttpResponse.json(ok({ resendAfter: 30 }, 'Invitation sent to ana.rivera@example.com.')));
    const { user } = await renderList();

    const ana = await screen.findByRole('article', { name: 'Ana Rivera' });
    expect(ana).toHaveTextContent('The invitation went to ana.rivera@example.com.');
    await user.click(within(ana).getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText('Invitation sent to ana.rivera@example.com.')).toBeInTheDocument();
    expect(bodies).toEqual([{ associateId: 41 }]);
  });

  it('removes an associate under 16 only by deleting the account, and says so', async () => {
    serveAssociateList(() => HttpResponse.json(associateList([associateFixture()])));
    const { user } = await renderList();

    await user.click(await screen.findByRole('button', { name: 'Remove Ana Rivera' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Ana Rivera?' });
    expect(dialog).toHaveTextContent('They are under 16, so they cannot manage an account of their own yet');
    expect(within(dialog).queryByRole('button', { name: 'Let them go as an independent member' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete account' })).toHaveAccessibleDescription(/deleted for good/);
    // Nothing is removed by backing out.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('lets an associate of 16 or older go as an independent member, then asks for the list again', async () => {
    let list = [associateFixture({ age: 17, dob: '2009-01-10', mayBecomeIndependent: true })];
    const asked = serveAssociateList(() => HttpResponse.json(associateList(list)));
    const bodies = answerPost('associate/remove', () => {
      list = [];
      return HttpResponse.json(ok({}, ''));
    });
    const { user } = await renderList();

    await user.click(await screen.findByRole('button', { name: 'Remove Ana Rivera' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Ana Rivera?' });
    const release = within(dialog).getByRole('button', { name: 'Let them go as an independent member' });
    expect(release).toHaveAccessibleDescription(/keeps the account, their posts and activities/);
    await user.click(release);

    expect(await screen.findByText('Ana Rivera is now an independent member.')).toBeInTheDocument();
    expect(bodies).toEqual([{ associateId: 41, mode: 'release' }]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText('No associates yet')).toBeInTheDocument();
    expect(asked.count).toBe(2);
  });
});
