import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { OwnProfile } from '#contract/user';
import { aProfile, answerPost, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { PhoneCard } from './phone-card';
import { PhoneDialog } from './phone-dialog';

// Issue 19 item 5: numbers of every country (Norway's 8-digit mobiles), the country guessed, numbers shown formatted.

const countries = [
  { id: 'DK', name: 'Denmark', dialCode: 45, flag: '🇩🇰' },
  { id: 'NO', name: 'Norway', dialCode: 47, flag: '🇳🇴' },
  { id: 'US', name: 'United States', dialCode: 1, flag: '🇺🇸' },
];

async function renderDialog(over: Partial<OwnProfile>) {
  server.use(http.get('/api/country', () => HttpResponse.json(ok(countries))));
  const profile = signedInMember(over);
  const user = userEvent.setup();
  await renderWithProviders(<PhoneDialog profile={profile} onClose={vi.fn()} />);
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).getByRole('option', { name: '🇳🇴 Norway (+47)' })).toBeInTheDocument());
  return { user, dialog };
}

describe('phone numbers of every country', () => {
  it('starts on the country the profile’s location names, takes 412 34 567 and shows it +47 41 23 45 67', async () => {
    const sends = answerPost('change_mobile', () => HttpResponse.json(ok({ otpSent: true })));
    const { user, dialog } = await renderDialog({ location: 'Bergen, Norway', profile: { countryId: null, countryCode: null, phone: null } });
    expect(within(dialog).getByLabelText('Country')).toHaveValue('NO');
    await user.type(within(dialog).getByLabelText('Phone number'), '412 34 567');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText('+47 41 23 45 67')).toBeInTheDocument();
    expect(sends).toEqual([{ mobile: '41234567', countryId: 'NO' }]);
  });

  it('starts on the browser language’s region when the profile names no country', async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['da-DK', 'en']);
    const { dialog } = await renderDialog({ location: 'somewhere nice', profile: { countryId: null, countryCode: null, phone: null } });
    expect(within(dialog).getByLabelText('Country')).toHaveValue('DK');
    languages.mockRestore();
  });

  it('refuses a number that is not Norwegian, with a clear message, and keeps what was typed', async () => {
    const sends = answerPost('change_mobile', () => HttpResponse.json(ok({ otpSent: true })));
    const { user, dialog } = await renderDialog({ location: 'Oslo, Norway', profile: { countryId: null, countryCode: null, phone: null } });
    await user.type(within(dialog).getByLabelText('Phone number'), '412 345');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Phone number')).toHaveAccessibleDescription('This is not a valid phone number for the country chosen.'),
    );
    expect(within(dialog).getByLabelText('Phone number')).toHaveValue('412 345');
    expect(sends).toEqual([]);
  });
});

describe('the phone card', () => {
  it('shows a stored number in international format', async () => {
    const profile = aProfile({ profile: { countryId: 'NO', countryCode: 47, phone: '41234567' } });
    await renderWithProviders(<PhoneCard profile={profile} />);
    expect(screen.getByText('+47 41 23 45 67')).toBeInTheDocument();
  });
});
