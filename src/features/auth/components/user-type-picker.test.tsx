import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session-store';
import { aProfile, aSession, answerPost, fail, ok } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { UserTypePicker } from './user-type-picker';

function signedIn(over: Parameters<typeof aProfile>[0] = {}) {
  const session = aSession(over);
  sessionStore.signIn(session.token.access_token, session.user);
  return session;
}

const storedUser = () => JSON.parse(localStorage.getItem('user')!) as ReturnType<typeof aProfile>;

describe('UserTypePicker', () => {
  it('keeps Continue disabled until a type is chosen', async () => {
    signedIn();
    const bodies = answerPost('user-type', () => HttpResponse.json(ok(aProfile({ userType: 'member' }))));
    const user = userEvent.setup();
    await renderWithProviders(<UserTypePicker />, { path: '/auth/user-type' });
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
    await user.click(next);
    expect(bodies).toEqual([]);
    await user.click(screen.getByRole('radio', { name: /Rider or hiker/ }));
    expect(next).toBeEnabled();
  });

  it('offers the three member types', async () => {
    signedIn();
    await renderWithProviders(<UserTypePicker />, { path: '/auth/user-type' });
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByRole('radio', { name: /Rider or hiker/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Organiser/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Parent or coach/ })).toBeInTheDocument();
  });

  it('posts the choice, updates the stored member and goes to the sign-up success page', async () => {
    signedIn();
    const bodies = answerPost('user-type', () => HttpResponse.json(ok(aProfile({ userType: 'organizer' }))));
    const user = userEvent.setup();
    await renderWithProviders(<UserTypePicker />, { path: '/auth/user-type' });
    await user.click(screen.getByRole('radio', { name: /Organiser/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/sign-up-success');
    expect(bodies).toEqual([{ userType: 'organizer' }]);
    expect(storedUser().userType).toBe('organizer');
    expect(localStorage.getItem('access_token')).toBe(aSession().token.access_token);
    expect(sessionStore.getSnapshot().user?.userType).toBe('organizer');
    expect(await screen.findByText('Saved. You can change this later in your profile.')).toBeInTheDocument();
  });

  it('asks for the member’s sports and saves them with the type', async () => {
    signedIn();
    const bodies = answerPost('user-type', () => HttpResponse.json(ok(aProfile({ userType: 'member', sports: [53, 35] }))));
    const user = userEvent.setup();
    await renderWithProviders(<UserTypePicker />, { path: '/auth/user-type' });
    await user.click(screen.getByRole('radio', { name: /Rider or hiker/ }));
    // Ticked in any order, sent in the spec's.
    await user.click(screen.getByRole('checkbox', { name: 'Hiking' }));
    await user.click(screen.getByRole('checkbox', { name: 'MTB' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/sign-up-success');
    expect(bodies).toEqual([{ userType: 'member', sports: [53, 35] }]);
    expect(storedUser().sports).toEqual([53, 35]);
  });

  it('preselects the type the member already has', async () => {
    signedIn({ userType: 'guardian' });
    const bodies = answerPost('user-type', () => HttpResponse.json(ok(aProfile({ userType: 'guardian' }))));
    const user = userEvent.setup();
    await renderWithProviders(<UserTypePicker />, { path: '/auth/user-type' });
    expect(screen.getByRole('radio', { name: /Parent or coach/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth/sign-up-success');
    expect(bodies).toEqual([{ userType: 'guardian' }]);
  });

  it('a failed save shows the server message and stays, leaving the stored member as it was', async () => {
    signedIn();
    answerPost('user-type', () => HttpResponse.json(fail(500, 'Something went wrong'), { status: 500 }));
    const user = userEvent.setup();
    await renderWithProviders(<UserTypePicker />, { path: '/auth/user-type' });
    await user.click(screen.getByRole('radio', { name: /Organiser/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled());
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(storedUser().userType).toBeNull();
    expect(screen.getByRole('radio', { name: /Organiser/ })).toBeChecked();
  });
});
