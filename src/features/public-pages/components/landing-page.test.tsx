import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aSession } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { sessionStore } from '../../../lib/session-store';
import { LandingPage } from './landing-page';
import { PublicLayout } from './public-layout';

function renderLanding() {
  return renderWithProviders(
    <PublicLayout>
      <LandingPage />
    </PublicLayout>,
  );
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('LandingPage', () => {
  it('has one main heading and lists the seven sports of spec §3 in order', async () => {
    await renderLanding();
    expect(await screen.findAllByRole('heading', { level: 1 })).toHaveLength(1);
    const sports = within(screen.getByRole('region', { name: 'One home for seven ways to move' }));
    const names = sports.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual(['MTB', 'eBike', 'Road', 'Hiking', 'Running', 'Walking', 'Other']);
  });

  it('invites a visitor to sign up and sign in', async () => {
    await renderLanding();
    const hero = within(await screen.findByRole('region', { name: /Get outside/ }));
    expect(hero.getByRole('link', { name: 'Create your account' })).toHaveAttribute('href', '/auth/sign-up');
    expect(hero.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
  });

  it('offers a signed-in member the way back into the app instead', async () => {
    const { token, user } = aSession();
    sessionStore.signIn(token.access_token, user);
    await renderLanding();
    expect(await screen.findByRole('link', { name: 'Open Switchback' })).toHaveAttribute('href', '/feeds');
    expect(screen.queryByRole('link', { name: 'Join' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create your account' })).not.toBeInTheDocument();
  });

  it('shows no store links when the store addresses are not configured, and says the apps are coming', async () => {
    vi.stubEnv('VITE_APP_STORE_URL', undefined);
    vi.stubEnv('VITE_PLAY_STORE_URL', undefined);
    await renderLanding();
    expect((await screen.findAllByText(/apps are coming soon/)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: /App Store/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Google Play/ })).not.toBeInTheDocument();
  });

  it('links to each store whose address is configured, and only that one', async () => {
    vi.stubEnv('VITE_APP_STORE_URL', 'https://apps.apple.com/app/switchback/id1234567890');
    vi.stubEnv('VITE_PLAY_STORE_URL', undefined);
    await renderLanding();
    const appStore = await screen.findAllByRole('link', { name: /App Store/ });
    expect(appStore[0]).toHaveAttribute('href', 'https://apps.apple.com/app/switchback/id1234567890');
    expect(screen.queryByRole('link', { name: /Google Play/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/apps are coming soon/)).not.toBeInTheDocument();
  });
});
