import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock';
import { days } from '../../lib/clock';
import type { Storage } from '../../lib/storage/storage';

/**
 * Signed media URLs (check 14). A browser's `<img>` sends no bearer token, so the photo of a post that is not public
 * to every member (a draft, a private author's post) is linked with `?exp=&sig=`: an HMAC-SHA256 over the upload key,
 * the file and the expiry. Only members the policy lets see the post are given such a URL.
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

const mac = (key: Buffer, uploadKey: string, file: string, exp: number) =>
  createHmac('sha256', key).update(`${uploadKey}/${file}\n${exp}`).digest('base64url');

/** The expiry every URL signed today carries: the end of tomorrow (UTC), in seconds. */
export function expiryFor(now: Date) {
  const startOfToday = Math.floor(now.getTime() / days(1)) * days(1);
  return (startOfToday + days(2)) / 1000;
}

export type MediaUrlSigner = (uploadKey: string, file: string, url: string) => string;

/** Signs `url` (a `/media/<key>/<file>` path) for now; load once per response and sign every photo with it. */
export async function mediaUrlSigner(deps: { storage: Storage; clock: Clock }): Promise<MediaUrlSigner> {
  const key = await signingKey(deps.storage);
  const exp = expiryFor(deps.clock.now());
  return (uploadKey, file, url) => `${url}?exp=${exp}&sig=${mac(key, uploadKey, file, exp)}`;
}

/** Whether `exp`/`sig` sign this file and have not expired. */
export async function validMediaSignature(
  deps: { storage: Storage; clock: Clock },
  uploadKey: string,
  file: string,
  signature: { exp?: string | undefined; sig?: string | undefined },
): Promise<boolean> {
  const { exp, sig } = signature;
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  if (Number(exp) * 1000 <= deps.clock.now().getTime()) return false;
  const expected = Buffer.from(mac(await signingKey(deps.storage), uploadKey, file, Number(exp)));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
