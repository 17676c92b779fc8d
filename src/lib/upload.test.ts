import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compressImageData } from '#contract/media';
import { aSession } from '../test/fixtures';
import { ApiError } from './api-error';
import { sessionStore } from './session-store';
import { readImageOrientation, upload, uploadImage } from './upload';

type Listener = ((event: ProgressEvent) => void) | null;

/** Just enough of XMLHttpRequest to drive an upload by hand: progress, an answer, a network error, an abort. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: Listener; onload: Listener } = { onprogress: null, onload: null };
  onload: Listener = null;
  onerror: Listener = null;
  onabort: Listener = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.(new ProgressEvent('abort'));
  }
  // Test controls.
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.(new ProgressEvent('progress', { loaded, total, lengthComputable }));
  }
  respond(status: number, body: unknown) {
    this.upload.onload?.(new ProgressEvent('load'));
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.(new ProgressEvent('load'));
  }
  failNetwork() {
    this.onerror?.(new ProgressEvent('error'));
  }
}

const image = { key: 'abcdefghijklmnop1234', url: '/media/a.webp', thumbnail: '/media/a-t.webp', dimens: '800:800', width: 800, height: 800 };

/** Waits until the helper has opened its request (reading the orientation is async). */
async function sentXhr() {
  await vi.waitFor(() => expect(FakeXhr.last?.body).toBeDefined());
  return FakeXhr.last!;
}

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('upload', () => {
  it('posts the form data with the bearer token and reports progress from 0 to 1', async () => {
    const session = aSession();
    sessionStore.signIn(session.token.access_token, session.user);
    const progress: number[] = [];
    const form = new FormData();
    form.append('type', 'profile');
    const result = upload(compressImageData, '/compress-image', form, { onProgress: (p) => progress.push(p) });
    const xhr = await sentXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${window.location.origin}/api/compress-image`);
    expect(xhr.headers.Authorization).toBe(`Bearer ${session.token.access_token}`);
    expect(xhr.body).toBe(form);
    xhr.progress(0, 1000);
    xhr.progress(250, 1000);
    xhr.progress(999, 1000, false); // no total known: nothing to report
    xhr.progress(1000, 1000);
    xhr.respond(200, { code: 200, message: 'Uploaded.', data: { images: [image] } });
    await expect(result).resolves.toEqual({ message: 'Uploaded.', data: { images: [image] } });
    expect(progress).toEqual([0, 0.25, 1, 1]);
  });

  it('sends no Authorization header when signed out', async () => {
    const result = upload(compressImageData, 'compress-image', new FormData());
    const xhr = await sentXhr();
    expect(xhr.headers.Authorization).toBeUndefined();
    xhr.respond(200, { code: 200, message: 'ok', data: { images: [] } });
    await result;
  });

  it('turns an error body into an ApiError with the server message and field errors', async () => {
    const result = upload(compressImageData, 'compress-image', new FormData());
    (await sentXhr()).respond(415, { code: 415, message: 'Only PNG, JPEG, GIF or WebP images.', errors: { 'image[]': ['Not an image'] } });
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, message: 'Only PNG, JPEG, GIF or WebP images.', errors: { 'image[]': ['Not an image'] } });
  });

  it('rejects with ApiError(401) so the QueryClient ends the session', async () => {
    const result = upload(compressImageData, 'compress-image', new FormData());
    (await sentXhr()).respond(401, { code: 401, message: 'Please sign in again.' });
    await expect(result).rejects.toMatchObject({ status: 401, message: 'Please sign in again.' });
  });

  it('treats a 200 whose body code is not 200, or a body that is not JSON, as an error', async () => {
    const first = upload(compressImageData, 'compress-image', new FormData());
    (await sentXhr()).respond(200, { code: 500, message: 'Storage is full' });
    await expect(first).rejects.toMatchObject({ status: 500, message: 'Storage is full' });

    FakeXhr.last = null;
    const second = upload(compressImageData, 'compress-image', new FormData());
    (await sentXhr()).respond(502, '<html>Bad gateway</html>');
    await expect(second).rejects.toMatchObject({ status: 502, message: 'Something went wrong' });
  });

  it('refuses a success that does not match the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = upload(compressImageData, 'compress-image', new FormData());
    (await sentXhr()).respond(200, { code: 200, message: 'ok', data: { images: [{ url: 1 }] } });
    await expect(result).rejects.toMatchObject({ status: 500, message: 'Something went wrong' });
  });

  it('reports a network failure as "cannot reach"', async () => {
    const result = upload(compressImageData, 'compress-image', new FormData());
    (await sentXhr()).failNetwork();
    await expect(result).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/Cannot reach Switchback/) });
  });

  it('aborts the request when the signal fires, rejecting with an AbortError that is not an ApiError', async () => {
    const controller = new AbortController();
    const result = upload(compressImageData, 'compress-image', new FormData(), { signal: controller.signal });
    const xhr = await sentXhr();
    controller.abort();
    const error = await result.catch((e: unknown) => e);
    expect(xhr.aborted).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('does not start when the signal has already fired', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(upload(compressImageData, 'compress-image', new FormData(), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last).toBeNull();
  });
});

/** A minimal JPEG header carrying an EXIF orientation tag, in either byte order. */
function jpegWithOrientation(orientation: number, little: boolean) {
  const bytes: number[] = [0xff, 0xd8];
  // An APP0 first, as most cameras write one.
  bytes.push(0xff, 0xe0, 0x00, 0x04, 0x00, 0x00);
  const tiff: number[] = [];
  const u16 = (v: number) => (little ? [v & 0xff, v >> 8] : [v >> 8, v & 0xff]);
  const u32 = (v: number) => (little ? [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, v >>> 24] : [v >>> 24, (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff]);
  tiff.push(...(little ? [0x49, 0x49] : [0x4d, 0x4d]), ...u16(42), ...u32(8));
  tiff.push(...u16(1), ...u16(0x0112), ...u16(3), ...u32(1), ...u16(orientation), 0, 0, ...u32(0));
  const app1 = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  bytes.push(0xff, 0xe1, ...[(app1.length + 2) >> 8, (app1.length + 2) & 0xff], ...app1);
  bytes.push(0xff, 0xda, 0x00, 0x02);
  return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
}

describe('readImageOrientation', () => {
  it('reads the EXIF orientation of a JPEG in either byte order', async () => {
    await expect(readImageOrientation(jpegWithOrientation(6, false))).resolves.toBe(6);
    await expect(readImageOrientation(jpegWithOrientation(3, true))).resolves.toBe(3);
  });

  it('answers -1 for a JPEG without the tag and -2 for anything else (spec default)', async () => {
    await expect(readImageOrientation(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2])]))).resolves.toBe(-1);
    await expect(readImageOrientation(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]))).resolves.toBe(-2);
  });
});

describe('uploadImage', () => {
  it('sends image[], type and orientation and answers images[0]', async () => {
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    const result = uploadImage(file, 'cover');
    const xhr = await sentXhr();
    const form = xhr.body as FormData;
    expect((form.get('image[]') as File).name).toBe('me.png');
    expect(form.get('type')).toBe('cover');
    expect(form.get('orientation')).toBe('-2');
    xhr.respond(200, { code: 200, message: 'Uploaded.', data: { images: [image] } });
    await expect(result).resolves.toEqual(image);
  });

  it('names a bare blob after what it is for', async () => {
    const result = uploadImage(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2])], { type: 'image/jpeg' }), 'profile');
    const xhr = await sentXhr();
    const form = xhr.body as FormData;
    expect((form.get('image[]') as File).name).toBe('profile.jpg');
    expect(form.get('orientation')).toBe('-1');
    xhr.respond(200, { code: 200, message: 'Uploaded.', data: { images: [image] } });
    await result;
  });
});
