import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aSession, aSocialLoginState, answerPost, fail, ok } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { saveSocialLoginState } from '../social-login-state';
import { CompleteProfileForm } from './complete-profile-form';

async function renderForm(social = aSocialLoginState()) {
  saveSocialLoginState(social);
  const user = userEvent.setup();
  const view = await renderWithProviders(<CompleteProfileForm social={social} />, { path: '/auth/complete-profile' });
  return { user, ...view };
}

async function fillTheRest(user: ReturnType<typeof userEvent.setup>, dob = '1988-09-30') {
  await user.type(screen.getByLabelText('Handle'), 'samrides');
  await user.type(screen.getByLabelText('Date of birth'), dob);
  await user.click(screen.getByRole('radio', { name: 'Male' }));
}

describe('CompleteProfileForm', () => {
  it('prefills the names Google gave and shows the Google e-mail', async () => {
    await renderForm();
    expect(screen.getByLabelText('First name')).toHaveValue('Sam');
    expect(screen.getByLabelText('Last name')).toHaveValue('Rivera');
    expect(screen.getByLabelText('Handle')).toHaveValue('');
    expect(screen.getByText('sam.rivera@gmail.com')).toBeInTheDocument();
  });

  it('posts the social token, the fields and deviceType 1, signs in and goes to the user-type step', async () => {
    const bodies = answerPost('social-login', () => HttpResponse.json(ok(aSession({ handleName: 'samrides', firstName: 'Samuel' }))));
    const { user } = await renderForm();
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Samuel');
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/user-type');
    expect(bodies).toEqual([
      {
        socialToken: 'social-token-0123456789',
        handleName: 'samrides',
        firstName: 'Samuel',
        lastName: 'Rivera',
        dob: '1988-09-30',
        gender: 'male',
        deviceType: 1,
      },
    ]);
    expect(localStorage.getItem('access_token')).toBe(aSession().token.access_token);
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ handleName: 'samrides', firstName: 'Samuel' });
    expect(sessionStorage.getItem('social_login')).toBeNull();
    expect(await screen.findByText('Welcome to Switchback!')).toBeInTheDocument();
  });

  it('applies the profile rules before calling the server', async () => {
    const bodies = answerPost('social-login', () => HttpResponse.json(ok(aSession())));
    const { user } = await renderForm();
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Handle'), 'sam_r');
    await user.type(screen.getByLabelText('Date of birth'), `${new Date().getUTCFullYear() - 12}-01-01`);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('Handle')).toHaveAccessibleDescription('Handle may contain only letters and digits'));
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Enter your last name');
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription('You must be at least 13 to join');
    // Issue 19: gender is optional, so its absence is not an error.
    expect(screen.getByRole('group', { name: 'Gender (optional)' })).not.toHaveAccessibleDescription();
    expect(bodies).toEqual([]);
  });

  it('puts the server errors under their fields and keeps what was typed', async () => {
    answerPost('social-login', () =>
      HttpResponse.json(
        fail(400, 'Please check the highlighted fields.', {
          handleName: ['This handle is taken.'],
          dob: ['Enter a real date of birth'],
        }),
        { status: 400 },
      ),
    );
    const { user } = await renderForm();
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('Handle')).toHaveAccessibleDescription('This handle is taken.'));
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription('Enter a real date of birth');
    expect(await screen.findByText('Please check the highlighted fields.')).toBeInTheDocument();
    expect(screen.getByLabelText('Handle')).toHaveValue('samrides');
    expect(screen.getByLabelText('First name')).toHaveValue('Sam');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1988-09-30');
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(sessionStorage.getItem('social_login')).not.toBeNull();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
