import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { withDatabase, type ProvidedDatabase } from './provided-database';

async function adminQuery(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * pool.end() resolves before the server has seen every connection go. CREATE ... TEMPLATE and DROP refuse a database
 * someone is still on (55006), and DROP ... WITH (FORCE) would kill the straggler mid-goodbye (an unhandled FATAL in
 * the run), so wait for it to leave instead.
 */
export async function whenNobodyConnected(adminUrl: string, sql: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(adminUrl, sql);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A fresh, migrated, empty database that belongs to one test app alone (no rows shared between files or apps). */
export async function openTestDatabase(): Promise<Database> {
  const provided: ProvidedDatabase = inject('testDatabase');
  if (provided.kind === 'pglite') {
    const tar = await fs.readFile(provided.dumpPath);
    return openDatabase({ kind: 'pglite-dump', dump: new Blob([tar], { type: 'application/x-tar' }) });
  }
  const name = `${provided.prefix}${randomBytes(6).toString('hex')}`;
  await whenNobodyConnected(provided.adminUrl, `CREATE DATABASE ${name} TEMPLATE ${provided.template}`);
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(provided.adminUrl, name) });
  return {
    ...database,
    async close() {
      await database.close();
      await whenNobodyConnected(provided.adminUrl, `DROP DATABASE IF EXISTS ${name}`);
    },
  };
}
