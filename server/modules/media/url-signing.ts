import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock';
import { days } from '../../lib/clock';
import type { Storage } from '../../lib/storage/storage';

/**
 * Signed media URLs (check 14). A browser's `<img>` sends no bearer token, so the photo of a post that is not public
 * to every member (a draft, a private author's post) is linked with `?exp=&sig=`: an HMAC-SHA256 over the upload key,
 * the file and the expiry. Only members the policy lets see the post are given such a URL (`view`), and the uploader
 * the URLs of a file not saved onto anything yet (`upload`). Each opens only its own case: a photo taken off a post
 * stops answering the URLs its viewers were given, and an upload's URLs stop once it is saved onto something.
 *
 * The expiry is rounded up to a day boundary, one to two days ahead, so a post's URLs stay the same all day and the
 * browser cache keeps working. Someone who stops being allowed (unfollowed, the post turned private) keeps a URL they
 * already hold until it expires, at most two days: the price of cacheable URLs.
 *
 * The key lives in the media storage (disk or the S3 bucket), not in a setting: every API node reads the same one,
 * nothing needs configuring, and it survives restarts. It sits outside every upload folder, so `GET /media` can
 * never serve it (that route serves only `<uploadKey>/<display|thumb>.webp`).
 */

const KEY_OBJECT = 'secrets/media-url-signing.key';
const keys = new WeakMap<Storage, Promise<Buffer>>();

async function readKey(storage: Storage): Promise<Buffer | null> {
  const stored = await storage.get(KEY_OBJECT);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  const key = Buffer.concat(chunks);
  return key.length === 32 ? key : null;
}

/** The signing key, made on first use; read back after writing so nodes racing to make it settle on one. */
function signingKey(storage: Storage): Promise<Buffer> {
  let key = keys.get(storage);
  if (!key) {
    key = (async () => {
      const found = await readKey(storage);
      if (found) return found;
      await storage.put(KEY_OBJECT, randomBytes(32), 'application/octet-stream');
      const written = await readKey(storage);
      if (!written) throw new Error('the media URL signing key could not be stored');
      return written;
    })();
    // A failed read is retried on the next request instead of being remembered.
    key.catch(() => keys.delete(storage));
    keys.set(storage, key);
  }
  return key;
}

/** Whom a signed URL was handed to: members the policy lets see the thing, or the uploader of an unsaved file. */
export type SignedFor = 'view' | 'upload';

const mac = (key: Buffer, uploadKey: string, file: string, exp: number, signedFor: SignedFor) =>
  createHmac('sha256', key)
    .update(`${uploadKey}/${file}\n${exp}${signedFor === 'upload' ? '\nupload' : ''}`)
    .digest('base64url');

/** The expiry every URL signed today carries: the end of tomorrow (UTC), in seconds. */
export function expiryFor(now: Date) {
  const startOfToday = Math.floor(now.getTime() / days(1)) * days(1);
  return (startOfToday + days(2)) / 1000;
}

export type MediaUrlSigner = (uploadKey: string, file: string, url: string) => string;

/** Signs `url` (a `/media/<key>/<file>` path) for now; load once per response and sign every photo with it. */
export async function mediaUrlSigner(deps: { storage: Storage; clock: Clock }, signedFor: SignedFor = 'view'): Promise<MediaUrlSigner> {
  const key = await signingKey(deps.storage);
  const exp = expiryFor(deps.clock.now());
  return (uploadKey, file, url) => `${url}?exp=${exp}&sig=${mac(key, uploadKey, file, exp, signedFor)}`;
}

/** How many seconds a URL signed now stays valid: what a browser may keep a picture served without one. */
export function signedLifetimeSeconds(now: Date) {
  return Math.floor(expiryFor(now) - now.getTime() / 1000);
}

/**
 * The seconds left to `exp`/`sig` when they sign this file for `signedFor` and have not expired, else null: a picture
 * served on the signature is cached no longer than the signature lives.
 */
export async function validMediaSignature(
  deps: { storage: Storage; clock: Clock },
  uploadKey: string,
  file: string,
  signature: { exp?: string | undefined; sig?: string | undefined },
  signedFor: SignedFor,
): Promise<number | null> {
  const { exp, sig } = signature;
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return null;
  const left = Math.floor(Number(exp) - deps.clock.now().getTime() / 1000);
  if (left <= 0) return null;
  const expected = Buffer.from(mac(await signingKey(deps.storage), uploadKey, file, Number(exp), signedFor));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? left : null;
}
