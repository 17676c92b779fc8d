import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

const mailDir = () => path.join(process.env.E2E_DATA_DIR!, 'mail');

/** The newest message the server wrote for `to` (one .eml file each, named by time sent). */
function latestMailTo(to: string): string | undefined {
  if (!fs.existsSync(mailDir())) return undefined;
  const files = fs
    .readdirSync(mailDir())
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  for (const f of files) {
    const text = fs.readFileSync(path.join(mailDir(), f), 'utf8');
    if (new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'im').test(text)) return text;
  }
  return undefined;
}

/** Waits for a code mailed to `to` after `since` mails were already there, and returns its 4 digits. */
export async function readCode(to: string, previous?: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const mail = latestMailTo(to);
        code = mail?.match(/Your Switchback code is: (\d{4})/)?.[1] ?? '';
        return code && code !== previous ? code : '';
      },
      { message: `a code mailed to ${to}`, timeout: 10_000 },
    )
    .not.toBe('');
  return code;
}
