import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpMigratedPglite, openDatabase } from '../db/client';
import { withDatabase, type ProvidedDatabase } from './provided-database';
import { staggerIdSequences } from './staggered-ids';

/**
 * Migrates once per run (architecture.md: tests stay fast) and staggers the id sequences, then each test app starts
 * from a copy: PGlite loads a dump of the migrated data dir; PostgreSQL clones a migrated template database.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env.TEST_DB_KIND ?? process.env.TEST_DB_KIND ?? 'pglite';
  if (kind === 'postgres') return setupPostgres(project);
  return setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-test-'));
  const dumpPath = path.join(dir, 'migrated.tar');
  const dump = await dumpMigratedPglite(staggerIdSequences);
  await fs.writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', dumpPath } satisfies ProvidedDatabase);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}

/** Database names are unquoted identifiers built only from this run's random id, so they need no escaping. */
async function setupPostgres(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL (a database this user may CREATE DATABASE from).');
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const prefix = `sb_test_${run}_`;
  const template = `sb_tpl_${run}`;

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${template}`);
  } finally {
    await admin.end();
  }
  const dropAll = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      // Copies a crashed test file left behind, then the template itself.
      const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}%`]);
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  try {
    // Migrate, then disconnect: CREATE DATABASE ... TEMPLATE refuses a template that anyone is connected to.
    const migrated = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, template) });
    await staggerIdSequences(migrated.db);
    await migrated.close();
  } catch (err) {
    await dropAll();
    throw err;
  }

  project.provide('testDatabase', { kind: 'postgres', adminUrl, template, prefix } satisfies ProvidedDatabase);
  return dropAll;
}
