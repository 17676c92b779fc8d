import type { SessionUser } from '../../plugins/authenticate';
import type { Upload } from './upload-files';

/**
 * May this viewer fetch the display size or thumbnail of this upload? The one place `GET /media/<key>/<file>` asks.
 *
 * For now every served size is public to whoever has its URL (the URL holds 128 random bits). Check 14 ("media follows
 * its post") belongs here once posts, private profiles and blocks exist: look up what the upload is attached to and
 * ask the policy module whether the viewer may see that (and serve such media `private`, not `public`, cached).
 * `viewer` is the member whose bearer token came with the request (apps may send one; a browser's `<img>` does not),
 * null without one.
 */
export function mayViewUpload(_viewer: SessionUser | null, _upload: Upload): boolean {
  return true;
}
