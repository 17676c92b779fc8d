import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OwnProfile } from '#contract/user';
import { aProfile, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders, withSuspense } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { EditProfilePage } from './edit-profile-page';

// Issue 19 item 7: gender is optional, with non-binary and prefer not to say beside spec §3's two.

async function renderPage(over: Partial<OwnProfile>) {
  signedInMember(over);
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.put('/api/update_profile', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(ok(aProfile()));
    }),
  );
  const user = userEvent.setup();
  await renderWithProviders(withSuspense(<EditProfilePage />), { path: '/profile/edit' });
  await screen.findByRole('heading', { name: 'Edit profile' });
  return { user, bodies };
}

describe('EditProfilePage: gender', () => {
  it('shows a stored non_binary as Non-binary, and saves Prefer not to say as prefer_not_to_say', async () => {
    const { user, bodies } = await renderPage({ gender: 'non_binary' });
    expect(screen.getByRole('radio', { name: 'Non-binary' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Prefer not to say' }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ gender: 'prefer_not_to_say' });
  });

  it('saves a profile with no gender without asking for one', async () => {
    const { user, bodies } = await renderPage({ gender: null });
    const genders = within(screen.getByRole('group', { name: 'Gender (optional)' })).getAllByRole('radio');
    expect(genders.filter((r) => (r as HTMLInputElement).checked)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.gender ?? null).toBeNull();
  });
});
