import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OwnProfile } from '#contract/user';
import { aProfile, answerPost, fail, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders, withSuspense } from '../../../test/render';
import { signedInMember, storedUser } from '../../../test/session';
import { EditProfilePage } from './edit-profile-page';

const countries = [
  { id: 'GB', name: 'United Kingdom', dialCode: 44, flag: '🇬🇧' },
  { id: 'US', name: 'United States', dialCode: 1, flag: '🇺🇸' },
];

/** The phone card where it lives now, on Edit profile (issue 19 moved it off the profile page). */
async function renderPage(over: Partial<OwnProfile> = {}) {
  server.use(http.get('/api/country', () => HttpResponse.json(ok(countries))));
  signedInMember(over);
  const user = userEvent.setup();
  const view = await renderWithProviders(withSuspense(<EditProfilePage />), { path: '/profile/edit' });
  await screen.findByRole('heading', { name: 'Edit profile' });
  return { user, ...view };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>, name: string | RegExp = /phone number/i) {
  await user.click(within(screen.getByRole('region', { name: 'Phone number' })).getByRole('button', { name }));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).getByRole('option', { name: '🇬🇧 United Kingdom (+44)' })).toBeInTheDocument());
  return dialog;
}

describe('Phone dialog', () => {
  it('changes the number: country and number, a texted code, then the new number and the toast', async () => {
    const sends = answerPost('change_mobile', () => HttpResponse.json(ok({ otpSent: true }, 'We texted a 4-digit code to your phone.')));
    const verifies = answerPost('update_mobile', () =>
      HttpResponse.json(ok(aProfile({ profile: { countryId: 'GB', countryCode: 44, phone: '7400123456' } }), 'Your phone number has been updated successfully.')),
    );
    const { user } = await renderPage();
    expect(screen.getByText('No phone number yet.')).toBeInTheDocument();
    const dialog = await openDialog(user, 'Add phone number');
    expect(dialog).toHaveAccessibleName('Add a phone number');
    expect(within(dialog).getByLabelText('Country')).toHaveFocus();

    await user.selectOptions(within(dialog).getByLabelText('Country'), 'GB');
    // Issue 19: checked against the UK plan, sent as the national number, shown in international format.
    await user.type(within(dialog).getByLabelText('Phone number'), '07400 123-456');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));

    expect(await within(dialog).findByText('+44 7400 123456')).toBeInTheDocument();
    expect(sends).toEqual([{ mobile: '7400123456', countryId: 'GB' }]);
    const code = within(dialog).getByLabelText('Code');
    expect(code).toHaveFocus();

    // Spec §5: a code that is not 4 characters is refused before it is sent.
    await user.type(code, '123');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and save' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('Invalid OTP'));
    expect(verifies).toEqual([]);

    await user.type(code, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and save' }));
    expect(await screen.findByText('Your phone number has been updated successfully.')).toBeInTheDocument();
    expect(verifies).toEqual([{ otp: '1234', mobile: '7400123456', countryId: 'GB' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Phone number' })).getByText('+44 7400 123456')).toBeInTheDocument();
    expect(storedUser().profile).toEqual({ countryId: 'GB', countryCode: 44, phone: '7400123456' });
  });

  // Issue 19: spec §5's 10 to 15 digits became each country's own plan (libphonenumber-js).
  it('checks the country and its numbering plan before sending anything', async () => {
    const sends = answerPost('change_mobile', () => HttpResponse.json(ok({ otpSent: true })));
    const { user } = await renderPage();
    const dialog = await openDialog(user);
    await user.selectOptions(within(dialog).getByLabelText('Country'), '');
    await user.type(within(dialog).getByLabelText('Phone number'), '415555012');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Country')).toHaveAccessibleDescription('Choose a country'));
    await user.selectOptions(within(dialog).getByLabelText('Country'), 'US');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Phone number')).toHaveAccessibleDescription('This is not a valid phone number for the country chosen.'),
    );
    expect(sends).toEqual([]);
  });

  it("starts from the member's current country", async () => {
    const { user } = await renderPage({ profile: { countryId: 'US', countryCode: 1, phone: '4155550123' } });
    const dialog = await openDialog(user, 'Change phone number');
    expect(dialog).toHaveAccessibleName('Change phone number');
    expect(within(dialog).getByLabelText('Country')).toHaveValue('US');
    expect(within(dialog).getByLabelText('Phone number')).toHaveValue('');
  });

  it("puts the server's answer about a wrong code under the code and keeps the number", async () => {
    answerPost('change_mobile', () => HttpResponse.json(ok({ otpSent: true })));
    answerPost('update_mobile', () => HttpResponse.json(fail(400, 'That code is not right.', { otp: ['That code is not right.'] }), { status: 400 }));
    const { user } = await renderPage({ profile: { countryId: 'US', countryCode: 1, phone: '4155550123' } });
    const dialog = await openDialog(user, 'Change phone number');
    await user.type(within(dialog).getByLabelText('Phone number'), '4155550199');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    const code = await within(dialog).findByLabelText('Code');
    await user.type(code, '9999');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and save' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('That code is not right.'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(storedUser().profile.phone).toBe('4155550123');
  });

  it('sends a new code on request, and goes back to change the number', async () => {
    const sends = answerPost('change_mobile', () => HttpResponse.json(ok({ otpSent: true })));
    const { user } = await renderPage();
    const dialog = await openDialog(user);
    await user.selectOptions(within(dialog).getByLabelText('Country'), 'US');
    await user.type(within(dialog).getByLabelText('Phone number'), '4155550123');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('We texted you a new code.')).toBeInTheDocument();
    expect(sends).toEqual([
      { mobile: '4155550123', countryId: 'US' },
      { mobile: '4155550123', countryId: 'US' },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Use another number' }));
    expect(within(dialog).getByLabelText('Phone number')).toBeInTheDocument();
  });

  it('keeps focus inside, closes on Escape and gives focus back to the button that opened it', async () => {
    const { user } = await renderPage();
    const opener = within(screen.getByRole('region', { name: 'Phone number' })).getByRole('button');
    const dialog = await openDialog(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const country = within(dialog).getByLabelText('Country');
    expect(country).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByLabelText('Phone number')).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Send code' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Send code' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
