import { toast } from './toast';

/** Said when the address bar is the way left. */
const NOT_COPIED = 'The link could not be copied. Copy it from the address bar instead.';

/**
 * The one way to share a page: the system share sheet where the browser has one (phones), else the link copied with
 * a toast saying who can open it (`copied`). Closing the share sheet is not a failure.
 */
export async function shareLink(path: string, title: string, copied: string) {
  const url = new URL(path, window.location.origin).href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyLink(path, copied);
}

/** Copies the page's address, with a toast either way. */
export async function copyLink(path: string, copied: string) {
  try {
    await navigator.clipboard.writeText(new URL(path, window.location.origin).href);
    toast.success(copied);
  } catch {
    toast.failure(NOT_COPIED);
  }
}
