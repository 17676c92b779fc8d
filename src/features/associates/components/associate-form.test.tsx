import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerPost, fail, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { associateFixture, associateList, permissionsExcept, serveAssociateList, serveEmailCheck } from '../test-helpers';
import { AssociateFormPage } from './associate-form-page';

const UNDER_16_WITHHELD = ['member_search', 'mentions', 'create_events', 'public_profile'] as const;
/** The e-mail check waits for typing to pause (400 ms) before it asks: more than findBy's one second on a busy machine. */
const CHECKED = { timeout: 4000 };

async function renderAdd() {
  signedInMember();
  serveAssociateList(() => HttpResponse.json(associateList([associateFixture()])));
  const user = userEvent.setup();
  const view = await renderWithProviders(<AssociateFormPage associateId={undefined} />, { path: '/profile/associate/add' });
  expect(screen.getByRole('heading', { level: 1, name: 'Add an associate' })).toBeInTheDocument();
  return { user, ...view };
}

describe('the associate form', () => {
  it('adds an associate: Next waits for a free e-mail, the age’s defaults are chosen, going back keeps step 1, the chosen permissions are sent', async () => {
    const checked = serveEmailCheck('taken@example.com');
    const bodies = answerPost('associate/add', () =>
      HttpResponse.json(ok(associateFixture({ associateId: 43, firstName: 'Leo', email: 'leo.rivera@example.com' }), 'Associate saved successfully')),
    );
    const { user } = await renderAdd();

    const next = screen.getByRole('button', { name: 'Next: permissions' });
    expect(next).toBeDisabled();
    const email = screen.getByLabelText('E-mail');
    await user.type(email, 'taken@example.com');
    expect(await screen.findByText('An account with this e-mail already exists.', {}, CHECKED)).toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription('Next opens once the e-mail is checked and free.');

    await user.clear(email);
    await user.type(email, 'Leo.Rivera@Example.com');
    expect(await screen.findByText('This e-mail is available.', {}, CHECKED)).toBeInTheDocument();
    expect(next).toBeEnabled();
    // One check per address once typing paused, not one per letter; asked as the contract reads it (lower case).
    expect(checked).toEqual(['taken@example.com', 'leo.rivera@example.com']);

    await user.type(screen.getByLabelText('First name'), 'Leo');
    await user.type(screen.getByLabelText('Last name'), 'Rivera');
    await user.type(screen.getByLabelText('Date of birth'), '2016-03-01');
    await user.click(screen.getByRole('radio', { name: 'Male' }));
    await user.click(next);

    await waitFor(() => expect(screen.getByRole('heading', { name: 'Step 2 of 2: Permissions' })).toHaveFocus());
    expect(screen.getByText('Under 16: safe defaults applied')).toBeInTheDocument();
    const search = screen.getByRole('switch', { name: 'Appear in member search' });
    expect(search).not.toBeChecked();
    expect(search).toHaveAccessibleDescription(/Others can find them by name\.\s*Off by default under 16/);
    const shorts = screen.getByRole('switch', { name: 'Post shorts' });
    expect(shorts).toBeChecked();
    expect(screen.getByRole('region', { name: 'Posting' })).toBeInTheDocument();
    await user.click(shorts);
    expect(shorts).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Step 1 of 2: Details' })).toHaveFocus());
    expect(screen.getByLabelText('E-mail')).toHaveValue('Leo.Rivera@Example.com');
    expect(screen.getByLabelText('First name')).toHaveValue('Leo');
    expect(screen.getByLabelText('Last name')).toHaveValue('Rivera');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('2016-03-01');
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
    expect(screen.getByText('This e-mail is available.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next: permissions' }));
    await screen.findByRole('heading', { name: 'Step 2 of 2: Permissions' });
    // The owner's own choice stays; the defaults are theirs to bring back.
    expect(screen.getByRole('switch', { name: 'Post shorts' })).not.toBeChecked();
    expect(screen.queryByText('Under 16: safe defaults applied')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use the defaults for their age' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add associate' }));
    expect(await screen.findByText('Associate saved successfully')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        email: 'leo.rivera@example.com',
        firstName: 'Leo',
        lastName: 'Rivera',
        dob: '2016-03-01',
        gender: 'male',
        permission: permissionsExcept(...UNDER_16_WITHHELD, 'post_shorts'),
      },
    ]);
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile/associate');
  });

  it('checks step 1 by the contract’s rules before going on, and puts the server’s word under its field', async () => {
    serveEmailCheck();
    const bodies = answerPost('associate/add', () =>
      HttpResponse.json(fail(400, 'Check the highlighted fields.', { lastName: ['Last name may not be only punctuation.'] }), { status: 400 }),
    );
    const { user } = await renderAdd();

    await user.type(screen.getByLabelText('E-mail'), 'leo@example.com');
    await screen.findByText('This e-mail is available.', {}, CHECKED);
    const dob = screen.getByLabelText('Date of birth');
    await user.type(dob, '2024-01-01');
    await user.click(screen.getByRole('button', { name: 'Next: permissions' }));
    expect(await screen.findByText('Enter your first name')).toBeInTheDocument();
    expect(dob).toHaveAccessibleDescription('An associate must be at least 5');
    expect(screen.getByRole('heading', { name: 'Step 1 of 2: Details' })).toBeVisible();

    await user.type(screen.getByLabelText('First name'), 'Leo');
    await user.type(screen.getByLabelText('Last name'), '...');
    await user.clear(dob);
    await user.type(dob, '2001-06-30');
    await user.click(screen.getByRole('button', { name: 'Next: permissions' }));
    // 16 or older: everything by default, nothing to say about it.
    expect(screen.queryByText('Under 16: safe defaults applied')).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Make their profile public' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Add associate' }));

    // Back on step 1, the server's reason under the field it names, everything typed still there.
    const lastName = screen.getByLabelText('Last name');
    await waitFor(() => expect(lastName).toHaveAccessibleDescription('Last name may not be only punctuation.'));
    expect(lastName).toHaveValue('...');
    expect(screen.getByRole('heading', { name: 'Step 1 of 2: Details' })).toHaveFocus();
    expect(screen.getByLabelText('First name')).toHaveValue('Leo');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ email: 'leo@example.com', dob: '2001-06-30', gender: null });
  });

  it('says at once when the owner already has as many associates as allowed', async () => {
    signedInMember();
    serveAssociateList(() => HttpResponse.json(associateList([associateFixture()], 1)));
    await renderWithProviders(<AssociateFormPage associateId={undefined} />, { path: '/profile/associate/add' });
    expect(await screen.findByRole('heading', { level: 1, name: 'You cannot add another associate' })).toBeInTheDocument();
    expect(screen.getByText('You manage the most associates allowed (1). Remove one to add another.')).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
  });

  it('edits an associate: their details in place, the e-mail shown but not sent, their permissions as they are', async () => {
    signedInMember();
    const asked: string[] = [];
    server.use(
      http.get('/api/associate/profile', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(ok(associateFixture()));
      }),
    );
    const bodies = answerPost('associate/add', () => HttpResponse.json(ok(associateFixture({ lastName: 'Rivera-Lopez' }), 'Associate saved successfully')));
    const user = userEvent.setup();
    await renderWithProviders(<AssociateFormPage associateId={41} />, { path: '/profile/associate/edit/41' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Ana Rivera' })).toBeInTheDocument();
    expect(asked).toEqual(['?associateId=41']);
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveValue('ana.rivera@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('2014-05-02');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    const lastName = screen.getByLabelText('Last name');
    await user.clear(lastName);
    await user.type(lastName, 'Rivera-Lopez');
    await user.click(screen.getByRole('button', { name: 'Next: permissions' }));

    expect(screen.queryByText('Under 16: safe defaults applied')).not.toBeInTheDocument();
    const posting = screen.getByRole('region', { name: 'Posting' });
    expect(within(posting).getByRole('switch', { name: 'Post to the feed' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Create events' })).not.toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Create events' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Associate saved successfully')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        associateId: 41,
        firstName: 'Ana',
        lastName: 'Rivera-Lopez',
        dob: '2014-05-02',
        gender: 'female',
        permission: permissionsExcept('member_search', 'mentions', 'public_profile'),
      },
    ]);
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile/associate');
  });

  it('says so when the associate is not there to edit', async () => {
    signedInMember();
    server.use(http.get('/api/associate/profile', () => HttpResponse.json(fail(404, 'Associate not found.'), { status: 404 })));
    await renderWithProviders(<AssociateFormPage associateId={99} />, { path: '/profile/associate/edit/99' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Associate not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your associates' })).toHaveAttribute('href', '/profile/associate');
  });
});
