import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { answerPost, anUpload, aPhoto, ok } from '../../../test/fixtures';
import { gate } from '../../../test/gate';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { associateFixture } from '../test-helpers';
import { AssociateFormPage } from './associate-form-page';

// jsdom cannot decode or draw images: the profile's cropper stands in with a dialog that hands back a cropped JPEG.
vi.mock('../../profile/components/image-cropper', () => ({
  ImageCropper: ({ onDone }: { onDone(b: Blob): void }) => (
    <div role="dialog" aria-label="Crop the photo">
      <button type="button" onClick={() => onDone(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2])], { type: 'image/jpeg' }))}>
        Use crop
      </button>
    </div>
  ),
}));

const KEY = 'upl0ad_key_0123456789';

describe('the associate’s photo', () => {
  it('goes through the profile’s uploader, and the save waits for its key and sends it', async () => {
    signedInMember();
    server.use(http.get('/api/associate/profile', () => HttpResponse.json(ok(associateFixture()))));
    const held = gate();
    const purposes: (FormDataEntryValue | null)[] = [];
    server.use(
      http.post('/api/compress-image', async ({ request }) => {
        purposes.push((await request.formData()).get('type'));
        await held.opened;
        return HttpResponse.json(ok({ images: [anUpload(KEY)] }));
      }),
    );
    const bodies = answerPost('associate/add', () => HttpResponse.json(ok(associateFixture({ profileImage: `/media/${KEY}.webp` }), 'Associate saved successfully')));
    const user = userEvent.setup();
    await renderWithProviders(<AssociateFormPage associateId={41} />, { path: '/profile/associate/edit/41' });

    await user.upload(await screen.findByLabelText('Choose profile photo'), aPhoto('ana.jpg'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Crop the photo' })).getByRole('button', { name: 'Use crop' }));
    expect(await screen.findByRole('progressbar', { name: 'Uploading your profile photo' })).toBeInTheDocument();

    // Step 2 while the photo is still on its way: the save waits, and says why.
    await user.click(screen.getByRole('button', { name: 'Next: permissions' }));
    const saveButton = await screen.findByRole('button', { name: 'Save changes' });
    expect(saveButton).toBeDisabled();
    expect(screen.getByText('Wait for the photo to finish uploading before saving.')).toBeInTheDocument();

    held.open();
    await waitFor(() => expect(saveButton).toBeEnabled());
    await user.click(saveButton);
    expect(await screen.findByText('Associate saved successfully')).toBeInTheDocument();
    expect(purposes).toEqual(['profile']);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ associateId: 41, profileImage: KEY });
  });
});
