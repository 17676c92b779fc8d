import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHORT_NEEDS_VIDEO, type Feed } from '#contract/feeds';
import { VIDEO_WRONG_TYPE, type UploadedVideo } from '#contract/videos';
import { http, HttpResponse } from 'msw';
import { ok } from '../../../../test/fixtures';
import { gate } from '../../../../test/gate';
import { server } from '../../../../test/msw-server';
import { renderWithProviders } from '../../../../test/render';
import { signedInMember } from '../../../../test/session';
import { feedKeys } from '../../api';
import { aShort, aVideo, aVideoKey, answerShortSaves, anUploadedVideo, refuseShortSave, serveUploadStatus } from '../test-helpers';
import { uploadVideo } from '../video-upload';
import { ShortFormDialog } from './short-form-dialog';

vi.mock('../video-upload', () => ({ uploadVideo: vi.fn() }));
const upload = vi.mocked(uploadVideo);
// jsdom draws no video frames: the capture answers a JPEG as a browser's canvas would.
vi.mock('./capture-poster', () => ({ capturePoster: vi.fn(async () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' })) }));

/** The tus upload as the test drives it: progress told at once, the answer held until `finish`, the signal kept. */
function holdUpload(answer: UploadedVideo) {
  const held = gate();
  const sent: { signal: AbortSignal | undefined; progress(fraction: number): void } = { signal: undefined, progress: () => {} };
  upload.mockImplementation((_file, { onProgress, signal } = {}) => {
    sent.signal = signal;
    sent.progress = (fraction) => onProgress?.(fraction);
    onProgress?.(0.4);
    return held.opened.then(() => answer);
  });
  return { finish: held.open, sent };
}

const aClip = (name = 'descent.mp4') => new File([new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70])], name, { type: 'video/mp4' });

function Host({ short }: { short: Feed | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open form
      </button>
      <ShortFormDialog open={open} short={short} onClose={() => setOpen(false)} />
    </>
  );
}

async function openForm(short?: Feed) {
  signedInMember();
  const user = userEvent.setup({ applyAccept: false });
  const view = await renderWithProviders(<Host short={short} />, { path: '/profile/shorts' });
  await user.click(screen.getByRole('button', { name: 'Open form' }));
  const dialog = await screen.findByRole('dialog', { name: short ? 'Edit short' : 'New short' });
  return { user, dialog, ...view };
}

const chooseVideo = () => screen.getByLabelText(/^Choose (a|another) video$/);

afterEach(() => upload.mockReset());

describe('A new short', () => {
  it('shows the upload’s progress, then the video processing and ready, and publishes it with its key and visibility', async () => {
    const key = aVideoKey(3);
    const { finish } = holdUpload(anUploadedVideo({ key }));
    const asked = serveUploadStatus(anUploadedVideo({ key, status: 'processing' }), anUploadedVideo({ key, status: 'ready', videoUrl: '/media/v.mp4', thumbnail: '/media/v.jpg', width: 720, height: 1280 }));
    const saves = answerShortSaves();
    const { user, queryClient } = await openForm();
    const lists = feedKeys.list({ filter_type: 'mine' }, 'short');
    queryClient.setQueryData(lists, {
      pages: [
        { list: [], current_page: 1, last_page: 2, per_page: 20, total: 0 },
        { list: [], current_page: 2, last_page: 2, per_page: 20, total: 0 },
      ],
      pageParams: [{ page: 1 }, { page: 2, cursor: 'c2' }],
    });

    await user.upload(chooseVideo(), aClip());
    const bar = await screen.findByRole('progressbar', { name: 'Uploading descent.mp4' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40%')).toBeInTheDocument();
    expect(screen.getByText('Saving waits until your video finishes uploading.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeDisabled();

    finish();
    expect(await screen.findByText('Processing…')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Your short will be published as soon as its video is ready.')).toBeInTheDocument();
    // Asked again every two seconds until the server says it is ready; then the preview shows, muted.
    expect(await screen.findByText('Ready', {}, { timeout: 7000 })).toBeInTheDocument();
    expect(asked.every((k) => k === key)).toBe(true);
    const preview = screen.getByLabelText('Preview of your video') as HTMLVideoElement;
    expect(preview).toHaveAttribute('src', '/media/v.mp4');
    expect(preview).toHaveAttribute('poster', '/media/v.jpg');
    expect(preview.muted).toBe(true);
    expect(screen.queryByText('Your short will be published as soon as its video is ready.')).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Down the scree');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Who can see it' }), 'Followers');
    await user.type(screen.getByRole('textbox', { name: 'Alt text' }), 'A rider on loose rock');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      method: 'POST',
      body: { title: 'Down the scree', description: '', isDraft: false, visibility: 'followers', videos: [key], altText: 'A rider on loose rock', captions: '' },
    });
    expect(await screen.findByText('Feed Created Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Page 1 of the lists reloads: later pages dropped, the list marked for a refetch.
    expect(queryClient.getQueryState(lists)?.isInvalidated).toBe(true);
    expect((queryClient.getQueryData(lists) as { pages: unknown[] }).pages).toHaveLength(1);
  }, 15_000);

  it('publishes while the video is still processing, Public by default', async () => {
    const key = aVideoKey(4);
    const { finish } = holdUpload(anUploadedVideo({ key }));
    serveUploadStatus(anUploadedVideo({ key }));
    const saves = answerShortSaves({ videoStatus: 'processing' });
    const { user } = await openForm();
    await user.upload(chooseVideo(), aClip());
    finish();
    expect(await screen.findByText('Your short will be published as soon as its video is ready.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body).toMatchObject({ isDraft: false, visibility: 'everyone', videos: [key] });
    expect(await screen.findByText('Feed Created Successfully')).toBeInTheDocument();
  });

  it('gives a video the server kept without a poster a frame captured from the file, once it is ready', async () => {
    const key = aVideoKey(5);
    const { finish } = holdUpload(anUploadedVideo({ key }));
    serveUploadStatus(anUploadedVideo({ key, status: 'ready', videoUrl: '/media/kept/video.webm', thumbnail: '' }));
    const posted: { type: string | null; key: string; body: unknown }[] = [];
    server.use(
      http.post('/api/compress-image', async ({ request }) => {
        const form = await request.formData();
        posted.push({ type: String(form.get('type')), key: '', body: null });
        return HttpResponse.json(ok({ images: [{ key: 'img0000000000000000poster'.slice(0, 22), url: '/media/p/display.webp', thumbnail: '/media/p/thumb.webp', dimens: '360:640', width: 360, height: 640 }] }));
      }),
      http.post('/api/video-upload/:key/poster', async ({ params, request }) => {
        posted.push({ type: null, key: String(params.key), body: await request.json() });
        return HttpResponse.json(ok(anUploadedVideo({ key, status: 'ready', videoUrl: '/media/kept/video.webm', thumbnail: '/media/kept/poster.webp' })));
      }),
    );
    const { user } = await openForm();
    await user.upload(chooseVideo(), aClip());
    finish();
    await waitFor(() => expect(screen.getByLabelText('Preview of your video')).toHaveAttribute('poster', '/media/kept/poster.webp'));
    expect(posted).toEqual([
      { type: 'poster', key: '', body: null },
      { type: null, key, body: { image: 'img0000000000000000pos' } },
    ]);
  });

  it('saves a draft with isDraft true', async () => {
    const key = aVideoKey(5);
    const { finish } = holdUpload(anUploadedVideo({ key }));
    serveUploadStatus(anUploadedVideo({ key }));
    const saves = answerShortSaves();
    const { user } = await openForm();
    await user.upload(chooseVideo(), aClip());
    finish();
    await screen.findByText('Processing…');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Finish later');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body).toMatchObject({ isDraft: true, description: 'Finish later', videos: [key] });
  });

  it('says a short needs a video when published without one, before asking the server', async () => {
    const saves = answerShortSaves();
    const { user } = await openForm();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'No clip');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(SHORT_NEEDS_VIDEO)).toBeInTheDocument();
    expect(saves).toHaveLength(0);
    expect(upload).not.toHaveBeenCalled();
  });

  it('takes a video dropped on the zone', async () => {
    holdUpload(anUploadedVideo());
    await openForm();
    const zone = screen.getByText('Drop a video here, or choose one').parentElement!;
    const dataTransfer = { files: [aClip('dropped.webm')], types: ['Files'], dropEffect: 'none' };
    fireEvent.dragOver(zone, { dataTransfer });
    fireEvent.drop(zone, { dataTransfer });
    expect(await screen.findByRole('progressbar', { name: 'Uploading dropped.webm' })).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('refuses a file that is not a video before sending a byte', async () => {
    const { user } = await openForm();
    await user.upload(chooseVideo(), new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(VIDEO_WRONG_TYPE)).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows a failed video’s reason, offers another, and does not save it', async () => {
    const key = aVideoKey(6);
    const { finish } = holdUpload(anUploadedVideo({ key }));
    serveUploadStatus(anUploadedVideo({ key, status: 'failed', failure: 'The video is longer than 3 minutes.' }));
    const saves = answerShortSaves();
    const { user, queryClient } = await openForm();
    await user.upload(chooseVideo(), aClip());
    finish();
    // The upload answered `processing`; the next ask says it failed.
    await screen.findByText('Processing…');
    await queryClient.refetchQueries({ queryKey: ['shorts', 'upload', key] });
    expect(await screen.findByText('Failed: The video is longer than 3 minutes.')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose another video')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('This video could not be used. Choose another video.')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it('shows the server’s field errors on their fields and keeps what was typed', async () => {
    const key = aVideoKey(7);
    const { finish } = holdUpload(anUploadedVideo({ key }));
    serveUploadStatus(anUploadedVideo({ key }));
    refuseShortSave({ videos: ['That video belongs to another short: upload it again.'], title: ['That title is too long for us.'] });
    const { user } = await openForm();
    await user.upload(chooseVideo(), aClip());
    finish();
    await screen.findByText('Processing…');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('That video belongs to another short: upload it again.')).toBeInTheDocument();
    expect(screen.getByText('That title is too long for us.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Mine');
    expect(screen.getByRole('dialog', { name: 'New short' })).toBeInTheDocument();
  });
});

describe('Closing the form', () => {
  it('asks before closing mid-upload, and discarding stops the upload', async () => {
    const { sent } = holdUpload(anUploadedVideo());
    const { user } = await openForm();
    await user.upload(chooseVideo(), aClip());
    await screen.findByRole('progressbar', { name: 'Uploading descent.mp4' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Discard this short?' })).toHaveTextContent('What you wrote and the video you added will be lost.');
    expect(sent.signal?.aborted).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent.signal?.aborted).toBe(true);
  });

  it('cancels just the upload with its own button, keeping the form open', async () => {
    const { sent } = holdUpload(anUploadedVideo());
    const { user } = await openForm();
    await user.upload(chooseVideo(), aClip());
    await user.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(sent.signal?.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Choose a video')).toBeInTheDocument();
  });

  it('closes at once when nothing was changed', async () => {
    const { user } = await openForm();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Editing a short', () => {
  it('opens with the short’s fields; a published one only saves, keeps its video, and is sent with PUT and its id', async () => {
    const short = aShort({ id: 61, title: 'Down the scree', visibility: 'followers', videos: [aVideo({ key: aVideoKey(8), altText: 'Loose rock' })] });
    const saves = answerShortSaves({ message: 'Short updated.' });
    const { user, dialog } = await openForm(short);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Down the scree');
    expect(screen.getByRole('combobox', { name: 'Who can see it' })).toHaveValue('followers');
    expect(screen.getByRole('textbox', { name: 'Alt text' })).toHaveValue('Loose rock');
    expect(screen.getByText('Ready')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Choose/)).not.toBeInTheDocument();
    expect(screen.getByText('A published short keeps its video. Post a new short for another.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' at dusk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      method: 'PUT',
      body: { id: 61, title: 'Down the scree at dusk', description: 'Loose and fast.', isDraft: false, visibility: 'followers', videos: [aVideoKey(8)], altText: 'Loose rock', captions: '' },
    });
    expect(await screen.findByText('Short updated.')).toBeInTheDocument();
  });

  it('adds captions against the preview’s time, refuses ones that are not WebVTT, and sends them', async () => {
    const short = aShort({ id: 62, videos: [aVideo({ key: aVideoKey(9), captions: '' })] });
    const saves = answerShortSaves({ message: 'Short updated.' });
    const { user } = await openForm(short);
    const preview = screen.getByLabelText('Preview of your video') as HTMLVideoElement;
    // The member paused the preview three seconds in.
    Object.defineProperty(preview, 'currentTime', { configurable: true, value: 3 });
    await user.click(screen.getByRole('button', { name: 'Add a caption at the preview’s time' }));
    const captions = screen.getByRole('textbox', { name: 'Captions (WebVTT)' });
    expect(captions).toHaveValue('WEBVTT\n\n00:03.000 --> 00:05.000\nCaption text\n');

    await user.clear(captions);
    await user.type(captions, 'WEBVTT{Enter}{Enter}00:05.000 --> 00:04.000{Enter}Backwards');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A caption must end after it starts: “00:05.000 --> 00:04.000”.')).toBeInTheDocument();
    expect(saves).toHaveLength(0);

    await user.clear(captions);
    await user.type(captions, 'WEBVTT{Enter}{Enter}00:01.000 --> 00:02.500{Enter}And drop!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.body.captions).toBe('WEBVTT\n\n00:01.000 --> 00:02.500\nAnd drop!');
  });

  it('asks before discarding changes to a short', async () => {
    const { user } = await openForm(aShort({ isDraft: true, publishedAt: null }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '!');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toHaveTextContent('Your changes to this short will be lost.');
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Down the scree!');
  });
});
