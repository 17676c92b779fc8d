import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const testFiles = (dir: string, pattern: RegExp) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(dir, file).split(path.sep).join('/'))
    .filter((file) => pattern.test(file));

/**
 * The server test files that open a database (a test app, the run's provided one, or their own): the only ones a
 * second database can tell anything new about. The rest (readers, codecs, config, a spawned server on its own embedded
 * database) run once.
 */
const databaseFiles = testFiles('server', /\.test\.ts$/).filter((file) => /createTestApp|openTestDatabase|openDatabase\(|inject\('testDatabase'\)/.test(fs.readFileSync(file, 'utf8')));

// Server tests run on PGlite always, and those that open a database once more on PostgreSQL when TEST_DATABASE_URL is
// set (CI sets it).
const serverProject = (name: string, dbKind: 'pglite' | 'postgres') => ({
  test: {
    name,
    environment: 'node',
    include: dbKind === 'postgres' ? databaseFiles : ['server/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    env: { TEST_DB_KIND: dbKind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every server test file builds its own app on its own database copy, from config passed in rather than read
    // from globals, so files need no fresh module registry each: sharing one per worker cut the server suites'
    // time by a quarter (measured). A file that mocks a module resets the registry itself (hashing-order.test.ts).
    isolate: false,
  },
});

/**
 * Component tests share one module registry and one jsdom per worker (`isolate: false`): building a fresh one per file
 * cost more than the tests themselves (measured: the client suite 122 s -> 47 s). A file that replaces a module with
 * vi.mock needs a registry of its own, or its mock would leak into the files after it; one that changes the time zone
 * needs fresh modules too, since the kept Intl formatters (src/lib/intl-format.ts) hold the zone they were made in.
 * Those run isolated.
 */
const isolatedFiles = testFiles('src', /\.test\.tsx?$/).filter((file) => /\bvi\.(do)?[mM]ock\(|stubEnv\('TZ'/.test(fs.readFileSync(file, 'utf8')));

const clientProject = (name: string, files: { isolate?: boolean; include?: string[]; exclude?: string[] }) => ({
  plugins: [react()],
  test: {
    name,
    environment: 'jsdom',
    include: files.include ?? ['src/**/*.test.{ts,tsx}'],
    exclude: files.exclude ?? [],
    isolate: files.isolate ?? true,
    // The pages' tests render lazy chunks (charts, maps) and type into forms; 5 s was at the edge when the server
    // suites share the two cores (the activity page's first test took 5.4 s so).
    testTimeout: 15_000,
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machine, where test files spend
    // much of their time waiting on PostgreSQL or PGlite. Two at least keeps both cores busy (measured: the PGlite
    // server suite 1.5 x faster).
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      clientProject('client', { isolate: false, exclude: isolatedFiles }),
      clientProject('client-isolated', { include: isolatedFiles }),
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
