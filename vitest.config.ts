import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Server tests run on PGlite always, and once more on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
const serverProject = (name: string, dbKind: 'pglite' | 'postgres') => ({
  test: {
    name,
    environment: 'node',
    include: ['server/**/*.test.ts'],
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

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machine, where test files spend
    // much of their time waiting on PostgreSQL or PGlite. Two at least keeps both cores busy (measured: the PGlite
    // server suite 1.5 x faster).
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          restoreMocks: true,
        },
      },
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
