import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OwnProfile } from '#contract/user';
import { aProfile, fail, managedBy, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders, withSuspense } from '../../../test/render';
import { signedInMember, storedUser } from '../../../test/session';
import { AccountActions } from '../../account/components/account-actions';
import { EditProfilePage } from './edit-profile-page';

/** `/profile/edit` as its route puts it together: the account area's actions at the end. */
async function renderPage(over: Partial<OwnProfile> = {}) {
  const profile = signedInMember(over);
  const user = userEvent.setup();
  const view = await renderWithProviders(
    withSuspense(
      <EditProfilePage>
        <AccountActions />
      </EditProfilePage>,
    ),
    { path: '/profile/edit' },
  );
  await screen.findByRole('heading', { name: 'Edit profile' });
  return { user, profile, ...view };
}

/** Records every `PUT /api/update_profile` body and answers with `reply(body)`. */
function answerSave(reply: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.put('/api/update_profile', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return reply(body);
    }),
  );
  return bodies;
}

/** Answers `POST /api/validate-handle`: `taken` handles are taken; records what was asked. */
function answerHandleChecks(taken: string[] = []) {
  const asked: string[] = [];
  server.use(
    http.post('/api/validate-handle', async ({ request }) => {
      const { handleName } = (await request.json()) as { handleName: string };
      asked.push(handleName);
      return HttpResponse.json(ok({ available: !taken.includes(handleName) }));
    }),
  );
  return asked;
}

const yearsAgo = (years: number) => {
  const d = new Date();
  return `${d.getUTCFullYear() - years}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
};

describe('EditProfilePage: the profile form', () => {
  it('starts from the stored profile', async () => {
    await renderPage({ bio: 'Gravel and granola.', sports: [53, 35], location: 'Boulder, CO' });
    expect(screen.getByLabelText('Handle')).toHaveValue('mayatrails');
    expect(screen.getByLabelText('First name')).toHaveValue('Maya');
    expect(screen.getByLabelText('Last name')).toHaveValue('Torres');
    expect(screen.getByLabelText('Bio')).toHaveValue('Gravel and granola.');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1991-04-12');
    expect(screen.getByRole('checkbox', { name: 'MTB' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Hiking' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Road' })).not.toBeChecked();
    expect(screen.getByLabelText('Location')).toHaveValue('Boulder, CO');
    expect(screen.getByText('19 / 300')).toBeInTheDocument();
  });

  it('applies the contract rules before calling the server: handle, bio length, age 13, required names', async () => {
    const bodies = answerSave(() => HttpResponse.json(ok(aProfile())));
    answerHandleChecks();
    const { user } = await renderPage();
    await user.clear(screen.getByLabelText('Handle'));
    await user.type(screen.getByLabelText('Handle'), 'maya_t');
    await user.clear(screen.getByLabelText('First name'));
    await user.click(screen.getByLabelText('Bio'));
    await user.paste('x'.repeat(301));
    expect(screen.getByText('301 / 300')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Date of birth'));
    await user.type(screen.getByLabelText('Date of birth'), yearsAgo(12));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(screen.getByLabelText('Handle')).toHaveAccessibleDescription(expect.stringContaining('Handle may contain only letters and digits')));
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Enter your first name');
    expect(screen.getByLabelText('Bio')).toHaveAccessibleDescription(expect.stringContaining('Bio is at most 300 characters'));
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription('You must be at least 13 to join');
    expect(bodies).toEqual([]);

    await user.clear(screen.getByLabelText('Handle'));
    await user.type(screen.getByLabelText('Handle'), 'my');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(screen.getByLabelText('Handle')).toHaveAccessibleDescription(expect.stringContaining('Handle must be at least 3 characters')));
    expect(bodies).toEqual([]);
  });

  it('accepts a member who turns 13 today', async () => {
    const bodies = answerSave((body) => HttpResponse.json(ok(aProfile({ dob: body.dob as string }))));
    const { user } = await renderPage();
    await user.clear(screen.getByLabelText('Date of birth'));
    await user.type(screen.getByLabelText('Date of birth'), yearsAgo(13));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ dob: yearsAgo(13) });
  });

  it('says whether a new handle is available once typing pauses, and never asks about the current one', async () => {
    const asked = answerHandleChecks(['takenname']);
    const { user } = await renderPage();
    const handle = screen.getByLabelText('Handle');
    await user.clear(handle);
    await user.type(handle, 'mayarides');
    expect(await screen.findByText('Available')).toBeInTheDocument();
    expect(handle).toHaveAccessibleDescription(expect.stringContaining('Available'));
    // One question for the whole word, not one per keystroke.
    expect(asked).toEqual(['mayarides']);

    await user.clear(handle);
    await user.type(handle, 'takenname');
    expect(await screen.findByText('Taken: try another')).toBeInTheDocument();
    expect(asked.at(-1)).toBe('takenname');

    await user.clear(handle);
    await user.type(handle, 'mayatrails');
    await waitFor(() => expect(screen.queryByText(/Available|Taken|Checking/)).not.toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 500));
    expect(asked).not.toContain('mayatrails');
  });

  it('saves only the contract fields, shows the toast, updates the stored member and goes to the profile', async () => {
    const bodies = answerSave((body) => HttpResponse.json(ok(aProfile({ ...(body as Partial<OwnProfile>) }), 'Your profile has been successfully updated.')));
    const { user } = await renderPage({ sports: [35] });
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), '  Mia ');
    await user.type(screen.getByLabelText('Bio'), 'Dawn patrol on the Front Range.');
    await user.click(screen.getByRole('checkbox', { name: 'Hiking' }));
    await user.click(screen.getByRole('checkbox', { name: 'Road' }));
    await user.click(screen.getByRole('checkbox', { name: 'MTB' }));
    await user.type(screen.getByLabelText('Location'), 'Boulder, CO');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
    expect(bodies).toEqual([
      {
        handleName: 'mayatrails',
        firstName: 'Mia',
        lastName: 'Torres',
        bio: 'Dawn patrol on the Front Range.',
        gender: 'female',
        dob: '1991-04-12',
        // In the spec's order, whatever order they were ticked in; Hiking was unticked.
        sports: [53, 34],
        location: 'Boulder, CO',
      },
    ]);
    expect(await screen.findByText('Your profile has been successfully updated.')).toBeInTheDocument();
    expect(storedUser()).toMatchObject({ firstName: 'Mia', sports: [53, 34], location: 'Boulder, CO' });
  });

  it('sends an emptied bio and location as null', async () => {
    const bodies = answerSave(() => HttpResponse.json(ok(aProfile())));
    const { user } = await renderPage({ bio: 'Old bio', location: 'Somewhere' });
    await user.clear(screen.getByLabelText('Bio'));
    await user.clear(screen.getByLabelText('Location'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ bio: null, location: null });
    expect(bodies[0]).not.toHaveProperty('profileImage');
    expect(bodies[0]).not.toHaveProperty('profileCoverImage');
  });

  it('shows a 409 on the handle under the field, keeps everything typed and stays on the page', async () => {
    answerSave(() => HttpResponse.json(fail(409, 'That handle is taken.', { handleName: ['That handle is taken. Try another.'] }), { status: 409 }));
    answerHandleChecks();
    const { user } = await renderPage();
    await user.clear(screen.getByLabelText('Handle'));
    await user.type(screen.getByLabelText('Handle'), 'sneaky');
    await user.type(screen.getByLabelText('Bio'), 'Kept after the error');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(screen.getByLabelText('Handle')).toHaveAccessibleDescription(expect.stringContaining('That handle is taken. Try another.')));
    expect(await screen.findByText('That handle is taken.')).toBeInTheDocument();
    expect(screen.getByLabelText('Handle')).toHaveValue('sneaky');
    expect(screen.getByLabelText('Bio')).toHaveValue('Kept after the error');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(storedUser().handleName).toBe('mayatrails');
  });

  it('shows a 409 without field errors under the handle too', async () => {
    answerSave(() => HttpResponse.json(fail(409, 'Someone just took that handle.'), { status: 409 }));
    answerHandleChecks();
    const { user } = await renderPage();
    await user.clear(screen.getByLabelText('Handle'));
    await user.type(screen.getByLabelText('Handle'), 'racer');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(screen.getByLabelText('Handle')).toHaveAccessibleDescription(expect.stringContaining('Someone just took that handle.')));
  });

  it("puts the server's 400 reasons under their fields (sports, birth date, location)", async () => {
    answerSave(() =>
      HttpResponse.json(
        fail(400, 'Please check the highlighted fields.', {
          sports: ['Choose sports from the list'],
          dob: ['Enter a real date of birth'],
          location: ['Location is at most 100 characters'],
        }),
        { status: 400 },
      ),
    );
    const { user } = await renderPage();
    await user.click(screen.getByRole('checkbox', { name: 'Walking' }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    const sports = screen.getByRole('group', { name: 'Sports' });
    expect(await within(sports).findByText('Choose sports from the list')).toBeInTheDocument();
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription('Enter a real date of birth');
    expect(screen.getByLabelText('Location')).toHaveAccessibleDescription('Location is at most 100 characters');
    expect(screen.getByRole('checkbox', { name: 'Walking' })).toBeChecked();
    expect(await screen.findByText('Please check the highlighted fields.')).toBeInTheDocument();
  });

  it('offers the sports as keyboard-usable checkboxes', async () => {
    const { user } = await renderPage();
    const mtb = screen.getByRole('checkbox', { name: 'MTB' });
    mtb.focus();
    await user.keyboard(' ');
    expect(mtb).toBeChecked();
    await user.keyboard(' ');
    expect(mtb).not.toBeChecked();
  });
});

describe('EditProfilePage: unsaved changes', () => {
  it('leaves at once when nothing was changed', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before Cancel or a link drops what was typed: Keep editing keeps it, Discard leaves', async () => {
    const bodies = answerSave(() => HttpResponse.json(ok(aProfile())));
    const { user, router } = await renderPage({ bio: 'Old bio' });
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'Gravel most weekends.');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));

    const question = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    expect(question).toHaveAccessibleDescription('Your changes to your profile will be lost.');
    expect(within(question).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/edit');
    expect(screen.getByLabelText('Bio')).toHaveValue('Gravel most weekends.');

    await user.click(screen.getByRole('link', { name: 'Back to your profile' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
    expect(bodies).toEqual([]);
  });
});

describe('EditProfilePage: settings', () => {
  it('makes the profile private at once, with a toast, and the stored member follows', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/profileSetting', async ({ request }) => {
        const body = (await request.json()) as Partial<OwnProfile>;
        bodies.push(body);
        return HttpResponse.json(ok(aProfile(body), 'Your settings are saved.'));
      }),
    );
    const { user } = await renderPage();
    const privacy = screen.getByRole('switch', { name: 'Private profile' });
    expect(privacy).not.toBeChecked();
    await user.click(privacy);
    expect(await screen.findByText('Your profile is now private. New followers need your approval.')).toBeInTheDocument();
    expect(bodies).toEqual([{ isPrivate: true }]);
    expect(privacy).toBeChecked();
    expect(storedUser().isPrivate).toBe(true);
  });

  it('keeps an associate’s private profile private when their owner has not allowed a public one, and says who decides', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/profileSetting', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok(aProfile()));
      }),
    );
    const { user } = await renderPage({ isPrivate: true, managedBy: managedBy('comment') });
    const privacy = screen.getByRole('switch', { name: 'Private profile' });
    expect(privacy).toBeChecked();
    expect(privacy).toBeDisabled();
    expect(privacy).toHaveAccessibleDescription('Your profile stays private: Lena Torres manages this.');
    await user.click(privacy);
    expect(bodies).toEqual([]);
    expect(screen.getByRole('radio', { name: /Metric/ })).toBeEnabled();
  });

  it('lets an associate allowed a public profile turn private off', async () => {
    await renderPage({ isPrivate: true, managedBy: managedBy('public_profile') });
    expect(screen.getByRole('switch', { name: 'Private profile' })).toBeEnabled();
  });

  it('gives an associate not allowed to edit their profile the settings and account, without the profile form or member type', async () => {
    await renderPage({ managedBy: managedBy('comment') });
    expect(screen.getByText('Lena Torres has not allowed you to edit your profile: your name, handle, photos, bio and sports stay as they are.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'First name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Member type' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Phone number' })).toBeInTheDocument();
  });

  it('switches to metric at once, so every screen shows metric units', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/profileSetting', async ({ request }) => {
        const body = (await request.json()) as Partial<OwnProfile>;
        bodies.push(body);
        return HttpResponse.json(ok(aProfile(body)));
      }),
    );
    const { user } = await renderPage();
    expect(screen.getByRole('radio', { name: /Imperial/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Metric/ }));
    expect(await screen.findByText('Distances now show in kilometres and metres.')).toBeInTheDocument();
    expect(bodies).toEqual([{ units: 'metric' }]);
    expect(screen.getByRole('radio', { name: /Metric/ })).toBeChecked();
    expect(storedUser().units).toBe('metric');
  });

  it('falls back to what the server has when a change is refused', async () => {
    server.use(http.post('/api/profileSetting', () => HttpResponse.json(fail(500, 'Something went wrong'), { status: 500 })));
    const { user } = await renderPage();
    await user.click(screen.getByRole('switch', { name: 'Private profile' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Private profile' })).not.toBeChecked();
    expect(storedUser().isPrivate).toBe(false);
  });

  it('keeps what is typed in the form when a setting changes', async () => {
    server.use(http.post('/api/profileSetting', () => HttpResponse.json(ok(aProfile({ units: 'metric' })))));
    const { user } = await renderPage();
    await user.type(screen.getByLabelText('Bio'), 'Half-written');
    await user.click(screen.getByRole('radio', { name: /Metric/ }));
    await waitFor(() => expect(storedUser().units).toBe('metric'));
    expect(screen.getByLabelText('Bio')).toHaveValue('Half-written');
  });

  it('leads to the privacy zones of activities, which have a page of their own', async () => {
    await renderPage();
    const settings = screen.getByRole('region', { name: 'Settings' });
    expect(within(settings).getByRole('link', { name: 'Manage privacy zones' })).toHaveAttribute('href', '/profile/privacy-zones');
  });
});

describe('EditProfilePage: data and account', () => {
  it("links to the account area's actions: download my data and delete my account", async () => {
    await renderPage();
    const section = screen.getByRole('region', { name: 'Your data and account' });
    expect(within(section).getByRole('button', { name: /Download my data/i })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: /Delete my account/i })).toBeInTheDocument();
  });
  it('holds the phone number and the member type, which the profile page leaves to its content', async () => {
    await renderPage({ userType: 'guardian', profile: { countryId: 'US', countryCode: 1, phone: '4155550123' } });
    const phone = screen.getByRole('region', { name: 'Phone number' });
    // However the phone form formats it.
    expect(phone).toHaveTextContent(/415\D?555\D?0123/);
    expect(within(phone).getByRole('button', { name: 'Change phone number' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Member type' })).getByRole('radio', { name: /Parent or coach/ })).toBeChecked();
  });
});
