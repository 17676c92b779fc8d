import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock';
import { openDatabase, pgliteOptions } from './client';

/**
 * A backup of the embedded installation (issue 27): the PGlite database as its own dump (`dumpDataDir`, a gzipped
 * tarball of the data directory written by PostgreSQL itself, so it opens without recovery) and the media files, in one
 * folder. Taken while holding the data folder's lock, so no server writes meanwhile: the copy is consistent (a server
 * running on that folder makes it refuse, naming it). PostgreSQL installations back up with `pg_dump` (README), and
 * S3 media with the bucket's own versioning or replication.
 */
export type BackupManifest = { format: 'switchback-backup'; version: 1; createdAt: string; mediaFiles: number };

const DUMP = 'database.tar.gz';
const MANIFEST = 'backup.json';

async function exists(file: string) {
  return fs.access(file).then(() => true, () => false);
}

/** Copies `from` into `to` (a folder that need not exist) and counts the files copied. */
async function copyFiles(from: string, to: string) {
  if (!(await exists(from))) return 0;
  await fs.cp(from, to, { recursive: true, errorOnExist: true, force: false });
  return (await fs.readdir(to, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
}

/** Writes a backup of `dataDir` into a new folder `into` and returns its manifest. */
export async function backupDataDir(dataDir: string, into: string): Promise<BackupManifest> {
  if (await exists(into)) throw new Error(`${into} exists already: name a new folder for the backup.`);
  const unlock = lockDataDir(dataDir);
  try {
    if (!(await exists(path.join(dataDir, 'db')))) throw new Error(`${dataDir} holds no Switchback database to back up.`);
    // Opened through the app's own door, so a backup is always of a migrated, clean database.
    const database = await openDatabase({ kind: 'pglite', dataDir });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('gzip');
    await database.close();
    await fs.mkdir(into, { recursive: true });
    await fs.writeFile(path.join(into, DUMP), Buffer.from(await dump.arrayBuffer()));
    const mediaFiles = await copyFiles(path.join(dataDir, 'media'), path.join(into, 'media'));
    const manifest: BackupManifest = { format: 'switchback-backup', version: 1, createdAt: new Date().toISOString(), mediaFiles };
    await fs.writeFile(path.join(into, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    unlock();
  }
}

/**
 * Puts the backup in `from` back into `dataDir`. What was there is kept aside, renamed `db.before-restore-<time>` and
 * `media.before-restore-<time>`, never deleted: a restore from the wrong backup can itself be undone.
 */
export async function restoreDataDir(from: string, dataDir: string): Promise<{ manifest: BackupManifest; keptAside: string[] }> {
  const manifest = JSON.parse(await fs.readFile(path.join(from, MANIFEST), 'utf8').catch(() => 'null')) as BackupManifest | null;
  if (manifest?.format !== 'switchback-backup' || !(await exists(path.join(from, DUMP)))) throw new Error(`${from} is not a Switchback backup (no ${MANIFEST} and ${DUMP}).`);
  const unlock = lockDataDir(dataDir);
  try {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const keptAside: string[] = [];
    for (const part of ['db', 'media']) {
      const current = path.join(dataDir, part);
      if (!(await exists(current))) continue;
      const aside = path.join(dataDir, `${part}.before-restore-${stamp}`);
      await fs.rename(current, aside);
      keptAside.push(aside);
    }
    const dump = new Blob([await fs.readFile(path.join(from, DUMP))], { type: 'application/x-gzip' });
    const client = await PGlite.create(path.join(dataDir, 'db'), { ...pgliteOptions, loadDataDir: dump });
    await client.close();
    await copyFiles(path.join(from, 'media'), path.join(dataDir, 'media'));
    return { manifest, keptAside };
  } finally {
    unlock();
  }
}
