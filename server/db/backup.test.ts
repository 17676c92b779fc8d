import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../jobs/queue';
import { systemClock } from '../lib/clock';
import { backupDataDir, restoreDataDir } from './backup';
import { openDatabase } from './client';
import { jobs } from './schema/jobs';

// Issue 27: `npm run backup` and `npm run restore` on the embedded installation: back up, write more, restore, and the
// earlier state is back, database and media; what the restore replaced is kept aside; a running server is never
// copied from under it.

let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-backup-'));
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

async function write(dataDir: string, step: string, mediaFile: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await enqueue(database.db, systemClock, 'backup.test', { step });
  await database.close();
  await fs.mkdir(path.dirname(path.join(dataDir, 'media', mediaFile)), { recursive: true });
  await fs.writeFile(path.join(dataDir, 'media', mediaFile), `bytes of ${step}`);
}

async function steps(dataDir: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const rows = await database.db.select({ payload: jobs.payload }).from(jobs).orderBy(asc(jobs.id));
  await database.close();
  return rows.map((row) => row.payload.step);
}

describe('backup and restore', () => {
  it('brings back the database and media as they were at the backup', { timeout: 120_000 }, async () => {
    const dataDir = path.join(root, 'data');
    const backup = path.join(root, 'backups', 'monday');
    await write(dataDir, 'before', 'k1/photo.webp');

    const manifest = await backupDataDir(dataDir, backup);
    expect(manifest).toMatchObject({ format: 'switchback-backup', version: 1, mediaFiles: 1 });
    await expect(backupDataDir(dataDir, backup)).rejects.toThrow(/exists already/);

    await write(dataDir, 'after', 'k2/other.webp');
    expect(await steps(dataDir)).toEqual(['before', 'after']);

    const { keptAside } = await restoreDataDir(backup, dataDir);
    expect(await steps(dataDir)).toEqual(['before']);
    expect((await fs.readdir(path.join(dataDir, 'media'), { recursive: true })).sort()).toEqual(['k1', path.join('k1', 'photo.webp')]);
    expect(await fs.readFile(path.join(dataDir, 'media', 'k1', 'photo.webp'), 'utf8')).toBe('bytes of before');
    // What was replaced is kept, the later write with it.
    expect(keptAside.map((dir) => path.basename(dir).split('.')[0])).toEqual(['db', 'media']);
    expect(await fs.readFile(path.join(keptAside[1]!, 'k2', 'other.webp'), 'utf8')).toBe('bytes of after');
    // And the restored database takes writes again.
    await write(dataDir, 'next', 'k3/third.webp');
    expect(await steps(dataDir)).toEqual(['before', 'next']);
  });

  it('refuses while a server holds the data folder, and refuses a folder that is no backup', async () => {
    const dataDir = path.join(root, 'busy');
    await write(dataDir, 'only', 'k/a.webp');
    // The lock as a running server leaves it: its pid, alive (this test's parent process stands in for it).
    await fs.writeFile(path.join(dataDir, 'server.pid'), String(process.ppid));
    await expect(backupDataDir(dataDir, path.join(root, 'never'))).rejects.toThrow(`Another Switchback server (pid ${process.ppid}) is using ${dataDir}`);
    await expect(fs.access(path.join(root, 'never'))).rejects.toThrow();
    await fs.rm(path.join(dataDir, 'server.pid'));

    await expect(restoreDataDir(path.join(root, 'busy', 'media'), dataDir)).rejects.toThrow(/is not a Switchback backup/);
    expect(await steps(dataDir)).toEqual(['only']);
  });
});
