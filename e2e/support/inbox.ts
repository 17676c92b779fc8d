import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The mail folder as a member's inbox, counted: a test notes how many messages `to` has, acts, then waits for the
 * next one. Unlike comparing codes, this cannot hang when a new code happens to equal the old one.
 */
const mailDir = () => path.join(process.env.E2E_DATA_DIR!, 'mail');

/** Every message the server wrote for `to`, oldest first (file names begin with the time sent). */
export function mailsTo(to: string): string[] {
  if (!fs.existsSync(mailDir())) return [];
  const header = new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'im');
  return fs
    .readdirSync(mailDir())
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => fs.readFileSync(path.join(mailDir(), f), 'utf8'))
    .filter((text) => header.test(text));
}

/** Waits until `to` has more than `seen` messages and returns the 4-digit code in the newest. */
export async function nextCode(to: string, seen: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const mails = mailsTo(to);
        code = mails.length > seen ? (mails.at(-1)!.match(/Your Switchback code is: (\d{4})/)?.[1] ?? '') : '';
        return code;
      },
      { message: `code number ${seen + 1} mailed to ${to}`, timeout: 10_000 },
    )
    .not.toBe('');
  return code;
}
