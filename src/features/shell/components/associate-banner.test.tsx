import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { managedBy } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { AssociateBanner } from './associate-banner';

describe('AssociateBanner', () => {
  it('tells an associate who manages their account, as a status, with a link to the owner', async () => {
    signedInMember({ managedBy: managedBy('comment') });
    await renderWithProviders(<AssociateBanner />, { path: '/feeds' });
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent('Managed by Lena Torres (@lenatorres)');
    expect(banner).toHaveTextContent('Lena chooses what this account may do');
    expect(screen.getByRole('link', { name: '(@lenatorres)' })).toHaveAttribute('href', '/profile/lenatorres');
  });

  it('shows nothing to an independent member', async () => {
    signedInMember({ managedBy: null });
    await renderWithProviders(<AssociateBanner />, { path: '/feeds' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(/Managed by/)).not.toBeInTheDocument();
  });
});
