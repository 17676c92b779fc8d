import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A 256-bit random token, URL-safe. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** What is stored in place of a token or code: its SHA-256. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** `n` decimal digits from the CSPRNG. */
export const randomDigits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');

export function sameHash(a: string, b: string) {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
