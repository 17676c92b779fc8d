import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProfile, answerPost, fail, ok } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { signedInMember, storedUser } from '../../../test/session';
import { MemberTypeSetting } from './member-type-setting';

// The sign-up page promises "You can change it later in your profile" (issue 19 item 9).
describe('MemberTypeSetting', () => {
  it('shows the type chosen at sign-up and saves another the moment it is chosen', async () => {
    const profile = signedInMember({ userType: 'member' });
    const bodies = answerPost('user-type', () => HttpResponse.json(ok(aProfile({ userType: 'organizer' }))));
    const user = userEvent.setup();
    await renderWithProviders(<MemberTypeSetting profile={profile} />, { path: '/profile/edit' });
    expect(screen.getByRole('radio', { name: /Rider or hiker/ })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: /Organiser/ }));
    expect(await screen.findByText('Member type saved: Organiser.')).toBeInTheDocument();
    expect(bodies).toEqual([{ userType: 'organizer' }]);
    expect(storedUser().userType).toBe('organizer');
  });

  it('falls back to the saved type when the change is refused', async () => {
    const profile = signedInMember({ userType: 'member' });
    answerPost('user-type', () => HttpResponse.json(fail(500, 'Something went wrong'), { status: 500 }));
    const user = userEvent.setup();
    await renderWithProviders(<MemberTypeSetting profile={profile} />, { path: '/profile/edit' });
    await user.click(screen.getByRole('radio', { name: /Parent or coach/ }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: /Rider or hiker/ })).toBeChecked());
    expect(storedUser().userType).toBe('member');
  });
});
