import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id floor (check 5): 19 MiB, 2 passes, 1 lane.
const options = { algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable under verbatimModuleSyntax */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

// Hashed once; verifying against it when no user matches keeps a miss as slow as a hit (check 4).
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null | undefined, password: string) {
  if (!storedHash) {
    dummyHash ??= hash('switchback-dummy-password-1!', options);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
