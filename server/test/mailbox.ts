import fs from 'node:fs/promises';
import path from 'node:path';

/** The mailer's file names end in the recipient with unsafe characters replaced (server/lib/mailer.ts). */
const fileSuffix = (to: string) => `-${to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`;

/** Every message written for `to`, oldest first (names begin with the time sent and a sequence number). */
export async function mailsTo(dataDir: string, to: string): Promise<string[]> {
  const dir = path.join(dataDir, 'mail');
  const names = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const mine = names.filter((n) => n.endsWith(fileSuffix(to))).sort();
  return Promise.all(mine.map((n) => fs.readFile(path.join(dir, n), 'utf8')));
}

/** The 4-digit code in the newest message to `to`; throws when none was sent. */
export async function latestCode(dataDir: string, to: string): Promise<string> {
  const mails = await mailsTo(dataDir, to);
  const last = mails.at(-1);
  if (!last) throw new Error(`No mail was sent to ${to}`);
  const match = /code is: (\d+)/.exec(last);
  if (!match) throw new Error(`The last mail to ${to} has no code:\n${last}`);
  return match[1]!;
}
