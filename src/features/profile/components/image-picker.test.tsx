import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { IMAGE_MAX_BYTES } from '#contract/media';
import type { OwnProfile } from '#contract/user';
import { aProfile, fail, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders, withSuspense } from '../../../test/render';
import { gate } from '../../../test/gate';
import { signedInMember } from '../../../test/session';
import { EditProfilePage } from './edit-profile-page';

// jsdom cannot decode or draw images: the cropper stands in with a dialog that hands back a cropped JPEG.
// Its geometry is tested in crop-math.test.ts.
vi.mock('./image-cropper', () => ({
  ImageCropper: ({ target, onDone, onCancel }: { target: string; onDone(b: Blob): void; onCancel(): void }) => (
    <div role="dialog" aria-label={`Crop your ${target}`}>
      <button type="button" onClick={() => onDone(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2])], { type: 'image/jpeg' }))}>
        Use crop
      </button>
      <button type="button" onClick={onCancel}>
        Cancel crop
      </button>
    </div>
  ),
}));

const KEY = 'upl0ad_key_0123456789';

async function renderPage(over: Partial<OwnProfile> = {}) {
  signedInMember(over);
  // The member may choose any file: the picker's own check is what is tested, not the browser's accept filter.
  const user = userEvent.setup({ applyAccept: false });
  const view = await renderWithProviders(withSuspense(<EditProfilePage />), { path: '/profile/edit' });
  await screen.findByRole('heading', { name: 'Edit profile' });
  return { user, ...view };
}

const photo = (name = 'summit.jpg') => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2])], name, { type: 'image/jpeg' });

function answerSave() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.put('/api/update_profile', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(ok(aProfile({ profileImage: '/media/new.webp' })));
    }),
  );
  return bodies;
}

describe('Profile and cover images', () => {
  it('crops, uploads with a progress bar, and saves the upload key with the profile', async () => {
    const held = gate();
    const uploads: { type: FormDataEntryValue | null; orientation: FormDataEntryValue | null; file: string }[] = [];
    server.use(
      http.post('/api/compress-image', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('image[]') as File;
        uploads.push({ type: form.get('type'), orientation: form.get('orientation'), file: `${file.name} ${file.type}` });
        await held.opened;
        return HttpResponse.json(
          ok({ images: [{ key: KEY, url: '/media/p.webp', thumbnail: '/media/p-t.webp', dimens: '1024:1024', width: 1024, height: 1024 }] }),
        );
      }),
    );
    const saves = answerSave();
    const { user } = await renderPage();

    await user.upload(screen.getByLabelText('Choose profile photo'), photo());
    await user.click(within(await screen.findByRole('dialog', { name: 'Crop your profile' })).getByRole('button', { name: 'Use crop' }));

    const bar = await screen.findByRole('progressbar', { name: 'Uploading your profile photo' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();

    held.open();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    // The cropped JPEG (the file name is checked in upload.test.ts: msw's XHR interception drops it).
    expect(uploads).toEqual([{ type: 'profile', orientation: '-1', file: expect.stringMatching(/ image\/jpeg$/) }]);

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ profileImage: KEY });
    expect(saves[0]).not.toHaveProperty('profileCoverImage');
  });

  it('removes an image by sending null', async () => {
    const saves = answerSave();
    const { user } = await renderPage({ profileImage: '/media/old.webp', profileCoverImage: '/media/old-cover.webp' });
    await user.click(screen.getByRole('button', { name: 'Remove cover image' }));
    expect(screen.queryByRole('button', { name: 'Remove cover image' })).not.toBeInTheDocument();
    expect(document.querySelector('img[src="/media/old-cover.webp"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ profileCoverImage: null });
    expect(saves[0]).not.toHaveProperty('profileImage');
  });

  it('refuses a file that is not an image, or too big, before cropping or sending anything', async () => {
    let uploaded = false;
    server.use(http.post('/api/compress-image', () => ((uploaded = true), HttpResponse.json(ok({ images: [] })))));
    const { user } = await renderPage();
    const input = screen.getByLabelText('Choose cover image');
    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    // Issue 19: the message names the formats the picker offers, WebP included.
    expect(await screen.findByText('Choose a PNG, JPEG, GIF or WebP image.')).toBeInTheDocument();

    const huge = photo('huge.png');
    Object.defineProperty(huge, 'size', { value: IMAGE_MAX_BYTES + 1 });
    await user.upload(input, huge);
    expect(await screen.findByText(`Choose an image under ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(uploaded).toBe(false);
  });

  it('sends nothing when the crop is cancelled', async () => {
    let uploaded = false;
    server.use(http.post('/api/compress-image', () => ((uploaded = true), HttpResponse.json(ok({ images: [] })))));
    const { user } = await renderPage();
    await user.upload(screen.getByLabelText('Choose cover image'), photo());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel crop' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(uploaded).toBe(false);
  });

  it("shows the server's refusal of an upload and leaves the form's image unchanged", async () => {
    server.use(http.post('/api/compress-image', () => HttpResponse.json(fail(415, 'Only PNG, JPEG, GIF or WebP images.'), { status: 415 })));
    const saves = answerSave();
    const { user } = await renderPage();
    await user.upload(screen.getByLabelText('Choose cover image'), photo());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Use crop' }));
    expect(await screen.findByText('Only PNG, JPEG, GIF or WebP images.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).not.toHaveProperty('profileCoverImage');
  });

  it('ends the session when the upload answers 401', async () => {
    server.use(http.post('/api/compress-image', () => HttpResponse.json(fail(401, 'Please sign in again.'), { status: 401 })));
    const { user, ended } = await renderPage();
    await user.upload(screen.getByLabelText('Choose profile photo'), photo());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Use crop' }));
    await waitFor(() => expect(ended).toEqual(['expired']));
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('cancels an upload in flight', async () => {
    const held = gate();
    server.use(
      http.post('/api/compress-image', async () => {
        await held.opened;
        return HttpResponse.json(ok({ images: [] }));
      }),
    );
    const saves = answerSave();
    const { user } = await renderPage();
    await user.upload(screen.getByLabelText('Choose profile photo'), photo());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Use crop' }));
    // From the moment the crop is used, a save would go without the photo: it waits.
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    held.open();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).not.toHaveProperty('profileImage');
  });
});
