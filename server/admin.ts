import fs from 'node:fs';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { grantModerators, revokeModerator } from './modules/moderation/moderators';

/**
 * `npm run admin -- grant <e-mail>` / `npm run admin -- revoke <e-mail>`: makes an account a moderator, or a member
 * again (issue 20). It opens the database the server uses (.env and the environment, as `npm start`); on the embedded
 * database stop the server first, since one process at a time may hold its data directory.
 */
async function main() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const [command, email] = process.argv.slice(2);
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    console.error('Usage: npm run admin -- grant <e-mail>\n       npm run admin -- revoke <e-mail>');
    process.exit(2);
  }
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });
  try {
    if (command === 'grant') {
      const granted = await grantModerators(database.db, [email]);
      if (granted.length === 0) throw new Error(`No account has the e-mail ${email}.`);
      console.log(`${granted[0]} is a moderator now: /moderation opens for them (after their next sign-in, or a reload).`);
    } else {
      console.log((await revokeModerator(database.db, email)) ? `${email} is a member again.` : `${email} was not a moderator.`);
    }
  } finally {
    await database.close();
    unlock();
  }
}

main().catch((err: unknown) => {
  console.error((err as Error).message);
  process.exit(1);
});
