import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';

/**
 * Where a sign-up stands, kept for this tab so a reload at "check your e-mail" does not cost a new code (issue 17
 * item 4). Never the password: the details step keeps only the ticket the code was traded for.
 */
export type SignUpProgress = { step: 'code'; email: string; resendAt: number } | { step: 'details'; email: string; ticket: string };

type Saved = SignUpProgress & { savedAt: number };

// The life of a sign-up ticket (server CODE_RULES.ticketLifetimeMs): older progress could not finish anyway.
const KEEP_MS = 30 * 60_000;

export function readSignUpProgress(): SignUpProgress | null {
  // Prerendered (src/prerender.tsx), the page is its first step. A visitor who reloads mid-way gets their step, which
  // React then draws afresh over the prerendered one (a hydration mismatch it recovers from).
  if (typeof sessionStorage === 'undefined') return null;
  const saved = readJson<Partial<Saved>>(STORAGE_KEYS.signUp, sessionStorage);
  if (!saved || typeof saved.email !== 'string' || typeof saved.savedAt !== 'number' || Date.now() - saved.savedAt > KEEP_MS) return null;
  if (saved.step === 'code' && typeof saved.resendAt === 'number') return { step: 'code', email: saved.email, resendAt: saved.resendAt };
  if (saved.step === 'details' && typeof saved.ticket === 'string') return { step: 'details', email: saved.email, ticket: saved.ticket };
  return null;
}

export const saveSignUpProgress = (progress: SignUpProgress) =>
  writeJson(STORAGE_KEYS.signUp, { ...progress, savedAt: Date.now() } satisfies Saved, sessionStorage);

export const clearSignUpProgress = () => sessionStorage.removeItem(STORAGE_KEYS.signUp);
