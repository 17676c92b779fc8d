import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The SMS folder as a phone's inbox: every text the server wrote for the number `to` (E.164), oldest first. */
export function textsTo(to: string): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'sms');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((text) => text.startsWith(`To: ${to}\n`));
}

/** Waits until `to` has more than `seen` texts and returns the 4-digit code in the newest. */
export async function nextTextedCode(to: string, seen: number): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const texts = textsTo(to);
      code = texts.length > seen ? (texts.at(-1)!.match(/\b(\d{4}) is your Switchback code/)?.[1] ?? '') : '';
      return code;
    }, { message: `a code texted to ${to}`, timeout: 10_000 })
    .not.toBe('');
  return code;
}
