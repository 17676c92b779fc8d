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

/** A fresh, migrated, empty database that belongs to one test app alone (no rows shared between files or apps). */
export async function openTestDatabase(): Promise<Database> {
  const provided: ProvidedDatabase = inject('testDatabase');
  if (provided.kind === 'pglite') {
    const tar = await fs.readFile(provided.dumpPath);
    return openDatabase({ kind: 'pglite-dump', dump: new Blob([tar], { type: 'application/x-tar' }) });
  }
  const name = `${provided.prefix}${randomBytes(6).toString('hex')}`;
  await adminQuery(provided.adminUrl, `CREATE DATABASE ${name} TEMPLATE ${provided.template}`);
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(provided.adminUrl, name) });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(provided.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
