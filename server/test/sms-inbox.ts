import fs from 'node:fs/promises';
import path from 'node:path';

/** The 4-digit code of the newest text written to `DATA_DIR/sms/` for the number `to` (E.164). */
export async function latestSmsCode(dataDir: string, to: string) {
  const dir = path.join(dataDir, 'sms');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).sort().reverse();
  for (const f of files) {
    const text = await fs.readFile(path.join(dir, f), 'utf8');
    if (text.startsWith(`To: ${to}\n`)) return text.match(/\b(\d{4}) is your Switchback code/)?.[1];
  }
  return undefined;
}
