import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aProfile, managedBy } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { ProfileSettings } from '../../profile/components/profile-settings';

describe('the way to the associates', () => {
  it('is among the settings of Edit profile', async () => {
    signedInMember();
    await renderWithProviders(<ProfileSettings profile={aProfile()} />, { path: '/profile/edit' });
    expect(screen.getByText('Associates')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage associates' })).toHaveAttribute('href', '/profile/associate');
  });

  it('is not offered to an associate, whose own account someone else manages', async () => {
    const profile = signedInMember({ managedBy: managedBy('edit_profile') });
    await renderWithProviders(<ProfileSettings profile={profile} />, { path: '/profile/edit' });
    expect(screen.getByRole('link', { name: 'Manage privacy zones' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage associates' })).not.toBeInTheDocument();
  });
});
