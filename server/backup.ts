import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { backupDataDir, restoreDataDir } from './db/backup';

/**
 * `npm run backup [-- <folder>]` writes a backup of the embedded installation (DATA_DIR: database and media) into a
 * new folder, by default `backups/switchback-<time>`; `npm run restore -- <folder>` puts one back. Both with the server
 * stopped: the data folder's lock refuses them otherwise. On PostgreSQL, `pg_dump` and `pg_restore` do this (README).
 */
async function main() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const [command, folder] = process.argv.slice(2);
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error('DATABASE_URL is set: back PostgreSQL up with pg_dump, and restore with pg_restore (README, "Backups").');
  }
  if (command === 'backup') {
    const into = path.resolve(folder ?? path.join('backups', `switchback-${new Date().toISOString().replace(/[:.]/g, '-')}`));
    const manifest = await backupDataDir(config.dataDir, into);
    console.log(`Backed up ${config.dataDir} (database and ${manifest.mediaFiles} media files) into ${into}`);
    if (config.s3) console.log(`Media in the S3 bucket ${config.s3.bucket} are not in it: keep them with the bucket's versioning or replication.`);
  } else if (command === 'restore' && folder) {
    const { manifest, keptAside } = await restoreDataDir(path.resolve(folder), config.dataDir);
    console.log(`Restored the backup of ${manifest.createdAt} into ${config.dataDir}.`);
    for (const aside of keptAside) console.log(`What was there is kept in ${aside}`);
  } else {
    console.error('Usage: npm run backup [-- <folder>]\n       npm run restore -- <folder>');
    process.exit(2);
  }
}

main().catch((err: unknown) => {
  console.error((err as Error).message);
  process.exit(1);
});
